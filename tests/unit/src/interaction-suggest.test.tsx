import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import suggest from '../../../resources/suggest';
import { RecordActions } from '../../../src/generic/ActionButtons';
import { GenericList } from '../../../src/generic/GenericList';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, envelope, fakeAuthProvider, useMsw } from './helpers';

const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const dataProvider = createDataProvider(http, resources);

// 建议征集 on the generic views (issue 19): 处理 / 修改答复 is the declared action `reply` (its input dialog),
// the list is the generic one.
type SuggestRow = { id: number; [key: string]: unknown };
const pending: SuggestRow = { id: 11, title: '建议在滨江路增设路灯', content: '晚上散步太黑。', status: 0, isPublic: 0, replyDept: null, replyContent: null, phone: '13900001111', queryCode: 'ABCD1234EFGH' };

/** The record's row actions, with the declared 处理 / 修改答复 clicked open. */
async function renderDialog(record: SuggestRow) {
  render(
    <AdminWrapper dataProvider={dataProvider}>
      <ResourceContextProvider value="suggest">
        <RecordContextProvider value={record}>
          <RecordActions decl={suggest} place="row" />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminWrapper>,
  );
  fireEvent.click(await screen.findByTestId('action-reply'));
}

describe('the declared 处理/回复 action of 建议征集', () => {
  it('prefills the officer’s department, refuses an empty reply locally, then sends id, department, reply and public flag', async () => {
    const seen = on('/suggest/add', { ...pending, status: 1, replyDept: '办公室', replyContent: '已安排施工。', isPublic: 1, replyTime: '2025-01-02 10:00:00' });
    await renderDialog(pending);
    const dialog = await screen.findByRole('dialog', { name: '处理建议' });
    // The identity (fakeAuthProvider: deptName 办公室) is the default replying department.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: '处理部门' })).toHaveValue('办公室'));

    fireEvent.click(within(dialog).getByRole('button', { name: '提交答复' }));
    expect(await within(dialog).findByText('请输入答复内容')).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '答复内容' }), { target: { value: '  已安排施工。 ' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '是否公开' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '公开' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交答复' }));

    // Sent once, then the dialog closes.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '处理建议' })).not.toBeInTheDocument());
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual({ id: 11, replyDept: '办公室', replyContent: '已安排施工。', isPublic: 1 });
  });

  it('a handled suggestion opens as 修改答复 with its reply; a server refusal keeps the dialog open', async () => {
    const handled: SuggestRow = { ...pending, status: 1, isPublic: 1, replyDept: '县住建局', replyContent: '已列入亮化工程。' };
    const seen = on('/suggest/add', () => HttpResponse.json(envelope(null, '1002', '答复内容长度不能超过5000个字符')));
    await renderDialog(handled);
    const dialog = await screen.findByRole('dialog', { name: '修改答复' });
    expect(within(dialog).getByRole('textbox', { name: '处理部门' })).toHaveValue('县住建局');
    expect(within(dialog).getByRole('textbox', { name: '答复内容' })).toHaveValue('已列入亮化工程。');
    expect(within(dialog).getByRole('combobox', { name: '是否公开' })).toHaveTextContent('公开');

    fireEvent.click(within(dialog).getByRole('button', { name: '提交答复' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ id: 11, replyDept: '县住建局', isPublic: 1 });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '提交答复' })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: '修改答复' })).toBeInTheDocument();
  });
});

describe('suggestions list', () => {
  const rows = [pending, { ...pending, id: 12, title: '延长政务中心周末办理时间', status: 1, isPublic: 1, replyDept: '县政府办公室', replyTime: '2025-01-03 09:00:00' }];

  it('filters by status, shows the query code, 处理 for pending and 修改答复 for handled rows; the dialog replies and reloads', async () => {
    const lists = on('/suggest/list', { list: rows, currPage: 1, totalRow: 2, totalPage: 1 });
    const replies = on('/suggest/add', { ...pending, status: 1 });
    render(
      <AdminWrapper dataProvider={dataProvider} initialEntries={['/suggest']}>
        <ResourceContextProvider value="suggest">
          <GenericList decl={suggest} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    const first = (await screen.findByText('建议在滨江路增设路灯')).closest('tr')!;
    expect(within(first).getByText('ABCD1234EFGH')).toBeInTheDocument();
    expect(within(first).getByText('未处理')).toBeInTheDocument();
    const second = screen.getByText('延长政务中心周末办理时间').closest('tr')!;
    expect(within(second).getByText('已处理')).toBeInTheDocument();
    expect(await within(second).findByRole('button', { name: '修改答复' })).toBeInTheDocument();

    // The status filter offers 未处理 / 已处理 and sends status on 查询 (the search form does not filter as you type).
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '未处理' }));
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lists.some((r) => (r.body as { status?: number }).status === 0)).toBe(true));

    fireEvent.click(await within(screen.getByText('建议在滨江路增设路灯').closest('tr')!).findByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog', { name: '处理建议' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '答复内容' }), { target: { value: '已转住建部门办理。' } });
    const before = lists.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '提交答复' }));
    await waitFor(() => expect(replies).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '处理建议' })).not.toBeInTheDocument());
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
    // The list now loads the date pickers' chunk too (提交时间): slow on a busy 2-core machine.
  }, 60_000);

  it('filters 提交时间 with one 起–止 date picker control (no native date input), sent as YYYY-MM-DD', async () => {
    const lists = on('/suggest/list', { list: rows, currPage: 1, totalRow: 2, totalPage: 1 });
    const { container } = render(
      <AdminWrapper dataProvider={dataProvider} initialEntries={['/suggest']}>
        <ResourceContextProvider value="suggest">
          <GenericList decl={suggest} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    await screen.findByText('建议在滨江路增设路灯');
    const range = await screen.findByRole('group', { name: '提交时间' });
    const start = await within(range).findByRole('textbox', { name: '提交时间起' });
    fireEvent.change(start, { target: { value: '2026-01-05' } });
    fireEvent.change(within(range).getByRole('textbox', { name: '提交时间止' }), { target: { value: '2026-02-28' } });
    expect(container.querySelector('input[type="date"]')).toBeNull();
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lists.some((r) => (r.body as { startTime?: string }).startTime === '2026-01-05')).toBe(true));
    expect(lists.at(-1)!.body).toMatchObject({ startTime: '2026-01-05', endTime: '2026-02-28' });
  }, 60_000);

  it('without suggest:reply there is no 处理 button', async () => {
    on('/suggest/list', { list: rows, currPage: 1, totalRow: 2, totalPage: 1 });
    render(
      <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider((_r, action) => action !== 'suggest:reply')} initialEntries={['/suggest']}>
        <ResourceContextProvider value="suggest">
          <GenericList decl={suggest} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    const first = (await screen.findByText('建议在滨江路增设路灯')).closest('tr')!;
    // 查看 is the generic list's link to the show view.
    await within(first).findByRole('link', { name: '查看' });
    expect(within(first).queryByRole('button', { name: '处理' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改答复' })).not.toBeInTheDocument();
  });
});
