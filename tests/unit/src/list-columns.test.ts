import { describe, expect, it } from 'vitest';
import article from '../../../resources/article';
import { columnPlan, columnsToFold, columnSx } from '../../../src/components/list/columns';

// Issue 23: column priority and width from the declaration; the narrow table folds the least important first.
describe('list columns: priority and width', () => {
  const plan = columnPlan(article);

  it('takes the declared layout and the field types’ defaults; the title field is priority 1 and flexible', () => {
    const by = Object.fromEntries(plan.map((c) => [c.source, c]));
    expect(by.title).toMatchObject({ priority: 1, width: undefined, minWidth: 220 });
    expect(by.publishTime).toMatchObject({ priority: 2, width: 172 });
    expect(by.hits).toMatchObject({ priority: 3, width: 72 });
    expect(by.deptName).toMatchObject({ priority: 3, width: undefined, minWidth: 112 });
  });

  it('folds nothing when everything fits, then priority 3 from the right, then priority 2; never the title', () => {
    const total = plan.reduce((s, c) => s + (c.width ?? c.minWidth), 0);
    expect(columnsToFold(plan, total)).toEqual([]);
    expect(columnsToFold(plan, total - 1)).toEqual(['hits']);
    expect(columnsToFold(plan, total - 200)).toEqual(['hits', 'creatorName', 'deptName']);
    const all = columnsToFold(plan, 100);
    expect(all).not.toContain('title');
    expect(all).toHaveLength(plan.length - 1);
  });

  it('writes fixed widths, flexible minimums and hidden folded cells', () => {
    const sx = columnSx(plan, ['hits']);
    expect(sx['& th.column-hits, & td.column-hits']).toEqual({ display: 'none' });
    expect(sx['& th.column-publishTime, & td.column-publishTime']).toMatchObject({ width: '172px !important' });
    expect(sx['& th.column-title, & td.column-title']).toEqual({ minWidth: '220px !important' });
  });
});
