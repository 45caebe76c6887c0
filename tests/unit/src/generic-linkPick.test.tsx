import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import plate from '../../../resources/plate';
import { LinkPickDialog } from '../../../src/generic/LinkPickDialog';
import { AdminWrapper, envelope, fakeAuthProvider, useMsw } from './helpers';

// The generic link-pick dialog (action `linkPick`) on 论坛版块's 版主设置: a role, then the plates it moderates.
const { server } = useMsw();
const action = plate.actions!.find((a) => a.name === 'plateRole')!;

/** Answers `path` (any method, any origin), recording the bodies and query strings. */
function onAny(path: string, answer: (seen: Record<string, unknown>) => unknown): Record<string, unknown>[] {
  const seen: Record<string, unknown>[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const body = request.method === 'GET' ? {} : ((await request.json().catch(() => ({}))) as Record<string, unknown>);
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const got = { ...query, ...body };
    seen.push(got);
    return HttpResponse.json(envelope(answer(got)));
  };
  server.use(mswHttp.post(`*${path}`, handle), mswHttp.get(`*${path}`, handle));
  return seen;
}

describe('<LinkPickDialog> (论坛版块 → 版主设置)', () => {
  it('lists the roles, ticks the picked role’s plates, and saves the role with every ticked plate', async () => {
    onAny('/role/list', () => ({ list: [{ roleId: 3, name: '信息员' }, { roleId: 4, name: '审核员' }], totalRow: 2, currPage: 1, totalPage: 1 }));
    onAny('/plateRole/optionList', () => [{ value: 11, label: '教育问答' }, { value: 12, label: '城镇建设' }]);
    const held = onAny('/plateRole/list', (q) => (String(q.roleId) === '4' ? [{ id: 1, plateId: 12, roleId: 4 }] : []));
    const saved = onAny('/plateRole/save', () => 2);
    let closed = false;
    render(
      <AdminWrapper authProvider={fakeAuthProvider()}>
        <LinkPickDialog decl={plate} action={action} pick={action.linkPick!} onClose={() => (closed = true)} />
      </AdminWrapper>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('版主设置')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '保存' })).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: '审核员' }));
    await waitFor(() => expect(held.at(-1)).toMatchObject({ roleId: '4' }));
    const city = await within(dialog).findByRole('checkbox', { name: '城镇建设' });
    await waitFor(() => expect(city).toBeChecked());
    expect(within(dialog).getByRole('checkbox', { name: '教育问答' })).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '教育问答' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.roleId).toBe(4);
    expect((saved[0]!.plateIds as number[]).sort()).toEqual([11, 12]);
    await waitFor(() => expect(closed).toBe(true));
  }, 30_000);
});
