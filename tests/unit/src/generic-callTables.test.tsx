import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import mail from '../../../resources/mail';
import { findNamedCall } from '../../../resources/declaredCalls';
import type { ResourceDecl } from '../../../resources/types';
import { CallTablesDialog } from '../../../src/generic/CallTablesDialog';
import { RowsTable } from '../../../src/generic/ShowTables';
import { AdminWrapper, envelope, fakeAuthProvider, useMsw } from './helpers';

// An action's dialog of tables over declared calls (ActionDecl.tables): 领导信箱's 来信统计 / 实时统计, each
// table with its own search, row button and export, found by the calls' names.
const { server } = useMsw();
/** The app's own data provider (src/data.ts) calls the page's origin: answered whatever the origin. */
function on(path: string, data: unknown) {
  const seen: { url: URL; body: Record<string, unknown> }[] = [];
  server.use(
    mswHttp.post(`*${path}`, async ({ request }) => {
      const text = await request.clone().text();
      seen.push({ url: new URL(request.url), body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      return HttpResponse.json(envelope(data));
    }),
  );
  return seen;
}
const tables = mail.actions!.find((a) => a.name === 'countList')!.tables!;
const ROW = { id: 7, deptId: 2, deptName: '县教育局', receivedCount: 3, repliedCount: 1, returnedCount: 0, overdueCount: 0, satisfiedCount: 0, unsatisfiedCount: 0, replyRate: '33.3%', resetTime: '2026-11-01 08:00:00' };

describe('the dialog of declared call tables', () => {
  it('lists each tab from its call, searches it, runs the row action after its worded confirmation, and switches tabs', async () => {
    const listed = on('/mailCount/list', { list: [ROW], currPage: 1, totalRow: 1, totalPage: 1 });
    const reset = on('/mailCount/reset', { ...ROW, receivedCount: 0 });
    const live = on('/mailCount/realTimeList', { list: [{ ...ROW, id: undefined, handlingCount: 2 }], currPage: 1, totalRow: 1, totalPage: 1 });
    render(
      <AdminWrapper authProvider={fakeAuthProvider()}>
        <CallTablesDialog decl={mail} tables={tables} onClose={() => undefined} />
      </AdminWrapper>,
    );
    const table = await screen.findByTestId('mail-count-table', {}, { timeout: 10_000 });
    await within(table).findByText('县教育局');
    expect(within(table).getByText('33.3%')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('部门名称'), { target: { value: '教育' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(listed.at(-1)!.body).toMatchObject({ deptName: '教育', pageNum: 1 }));

    fireEvent.click(within(table).getByRole('button', { name: '清零' }));
    expect(await screen.findByText('确定将「县教育局」的统计清零吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(reset).toHaveLength(1));
    expect(reset[0]!.url.searchParams.get('id')).toBe('7');

    fireEvent.click(await screen.findByRole('tab', { name: '实时统计' }));
    const realTime = await screen.findByTestId('mail-realtime-table');
    await waitFor(() => expect(live.length).toBeGreaterThan(0));
    expect(within(realTime).getByText('办理中')).toBeInTheDocument();
    expect(within(realTime).queryByRole('button', { name: '清零' })).toBeNull();
  }, 60_000);

  it('hides the row action and the export from a caller without their keys', async () => {
    on('/mailCount/list', { list: [ROW], currPage: 1, totalRow: 1, totalPage: 1 });
    render(
      <AdminWrapper authProvider={fakeAuthProvider((_r, action) => action === 'mailCount:list')}>
        <CallTablesDialog decl={mail} tables={tables} onClose={() => undefined} />
      </AdminWrapper>,
    );
    const table = await screen.findByTestId('mail-count-table', {}, { timeout: 10_000 });
    await within(table).findByText('县教育局');
    expect(within(table).queryByRole('button', { name: '清零' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出Excel' })).toBeNull();
  }, 60_000);

  it('finds a call by name whatever declares it, a group count\'s export as <name>:export', () => {
    const decl = mail as ResourceDecl;
    expect(findNamedCall(decl, 'countList')?.path).toBe('/mailCount/list');
    expect(findNamedCall(decl, 'realTime')?.path).toBe('/mailCount/realTimeList');
    expect(findNamedCall(decl, 'realTime:export')?.path).toBe('/mailCount/mailCountRealExcel');
    expect(findNamedCall(decl, 'top')?.path).toBe('/mail/top');
    expect(findNamedCall(decl, 'nothing')).toBeUndefined();
  });
});

describe('a declared show table', () => {
  it('shows an option\'s label for a stored value, the value itself otherwise, and marks each row', () => {
    render(
      <RowsTable
        rows={[{ action: 'transfer', userName: '王五' }, { action: 'custom', userName: '李四' }]}
        table={{ label: '办理记录', rowTestId: 'history-row', columns: [{ field: 'action', label: '操作', options: [{ value: 'transfer', label: '转办' }] }, { field: 'userName', label: '办理人' }] }}
      />,
    );
    const rows = screen.getAllByTestId('history-row');
    expect(rows.map((r) => r.textContent)).toEqual(['转办王五', 'custom李四']);
  });
});
