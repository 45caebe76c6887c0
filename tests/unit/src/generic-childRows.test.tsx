import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import survey from '../../../resources/survey';
import type { ChildDecl } from '../../../resources/relations/children';
import type { ResourceDecl } from '../../../resources/types';
import { ChildRowsInput } from '../../../src/generic/ChildRowsInput';
import { newRow, renumber, rowHeading, rowsEditable, shownUnder, startRows } from '../../../src/generic/childRows';
import { AdminWrapper } from './helpers';

// A child collection edited inside its record's form (ChildDecl `form`): 问卷调查's questions → options.
const decl = survey as ResourceDecl;
const questions = decl.children![0]! as ChildDecl;
const options = questions.children![0]! as ChildDecl;

describe('child rows in the form: values (src/generic/childRows.ts)', () => {
  it('starts a new record with the least rows, each with its defaults and its own least rows', () => {
    expect(startRows(questions)).toEqual([{ title: '', type: 0, required: 1, options: [{ content: '' }, { content: '' }] }]);
    expect(newRow(options)).toEqual({ content: '' });
    expect(rowHeading(questions, 2)).toBe('第3题');
  });

  it('writes the order field (no input) as the position, and leaves rows already in place alone', () => {
    const rows = [{ title: 'a', sort: 1 }, { title: 'c', sort: 3 }, { title: 'new' }];
    const out = renumber(questions, rows);
    expect(out.map((r) => r.sort)).toEqual([1, 2, 3]);
    expect(out[0]).toBe(rows[0]);
  });

  it('locks the rows outside editableWhen and shows a nested collection only under matching rows', () => {
    expect(rowsEditable(questions, undefined)).toBe(true);
    expect(rowsEditable(questions, { status: 2, recordCount: 0 })).toBe(true);
    expect(rowsEditable(questions, { status: 1, recordCount: 0 })).toBe(false);
    expect(rowsEditable(questions, { status: 0, recordCount: 3 })).toBe(false);
    expect(shownUnder(options, { type: 1 })).toBe(true);
    expect(shownUnder(options, { type: 2 })).toBe(false);
  });
});

function renderRows(record?: Record<string, unknown>) {
  let submitted: Record<string, unknown> | undefined;
  const view = render(
    <AdminWrapper>
      <RecordContextProvider value={record}>
        <Form record={record} onSubmit={(values: Record<string, unknown>) => void (submitted = values)}>
          <ChildRowsInput decl={decl} child={questions} />
          <button type="submit">提交</button>
        </Form>
      </RecordContextProvider>
    </AdminWrapper>,
  );
  return { view, submitted: () => submitted };
}

describe('child rows in the form: the input (src/generic/ChildRowsInput.tsx)', () => {
  it('edits rows and their nested rows by position and sends them under the collection name', async () => {
    const { submitted, view } = renderRows();
    const input = (name: string) => view.container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    await screen.findByText('第1题');
    fireEvent.change(input('questions.0.title'), { target: { value: '满意吗？' } });
    fireEvent.change(input('questions.0.options.0'), { target: { value: '满意' } });
    fireEvent.change(input('questions.0.options.1'), { target: { value: '不满意' } });
    // Two options at least: their delete buttons are disabled until a third is added.
    expect(screen.getAllByRole('button', { name: '删除选项' }).every((b) => b.hasAttribute('disabled'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '添加选项' }));
    fireEvent.change(input('questions.0.options.2'), { target: { value: '一般' } });
    fireEvent.click(screen.getByRole('button', { name: '添加题目' }));
    fireEvent.change(input('questions.1.title'), { target: { value: '建议' } });
    fireEvent.change(input('questions.1.options.0'), { target: { value: '多开班车' } });
    fireEvent.change(input('questions.1.options.1'), { target: { value: '延长时间' } });
    await screen.findByText('第2题');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(submitted()).toBeDefined());
    const sent = submitted()!.questions as Record<string, unknown>[];
    expect(sent.map((q) => [q.title, q.sort])).toEqual([['满意吗？', 1], ['建议', 2]]);
    expect((sent[0]!.options as Record<string, unknown>[]).map((o) => [o.content, o.sort])).toEqual([['满意', 1], ['不满意', 2], ['一般', 3]]);
  });

  it('shows a locked record\'s rows disabled under the declared note, without add buttons', async () => {
    const record = { id: 5, status: 1, recordCount: 2, questions: [{ id: 9, title: '满意吗？', type: 2, required: 1, sort: 1, options: [] }] };
    renderRows(record);
    await screen.findByText(/题目不能修改/);
    const card = screen.getByTestId('child-row-questions');
    expect(within(card).getByDisplayValue('满意吗？').hasAttribute('disabled')).toBe(true);
    // A text question has no options.
    expect(within(card).queryByRole('button', { name: '添加选项' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加题目' })).toBeNull();
  });
});
