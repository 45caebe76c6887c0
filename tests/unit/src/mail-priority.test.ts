import { describe, expect, it } from 'vitest';
import { columnPlan } from '../../../src/components/list/columns';
import { buildFilters } from '../../../src/generic/filters';
import { formFields, showFields } from '../../../src/generic/GenericForm';
import mailWithPriority from '../../fixtures/declarations/mailWithPriority';

// Issue 19: the browser side of "adding `priority` to resources/mail.ts alone gives column, filter, form and
// show" — what the generic views build from the declaration copy with the field (the server side, export
// and OpenAPI included, is tests/api/mail-priority.test.ts). 领导信箱 is on these generic views (session 23),
// so what they build here is its screen.
describe('领导信箱 with one declared field more: the generic views', () => {
  it('lists it as a column and offers it as a filter with its labels', () => {
    expect(columnPlan(mailWithPriority).map((c) => c.source)).toContain('priority');
    const filter = buildFilters(mailWithPriority).find((el) => (el.props as { source?: string }).source === 'priority');
    expect(filter).toBeDefined();
    const props = filter!.props as { label: string; choices: { id: number; name: string }[] };
    expect(props.label).toBe('优先级');
    expect(props.choices.map((c) => c.name)).toEqual(['紧急', '普通', '较低']);
  });

  it('asks for it in the create and edit form and shows it in the show view', () => {
    expect(formFields(mailWithPriority).map((f) => f.name)).toContain('priority');
    expect(showFields(mailWithPriority).find((f) => f.name === 'priority')?.label).toBe('优先级');
  });
});
