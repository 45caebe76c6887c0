import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import department from '../../../resources/department';
import role from '../../../resources/role';
import { linkTreeIds, linkTreeNodes } from '../../../src/generic/LinkTreeDialog';
import { fillMemberText, MembersDialog } from '../../../src/generic/MembersDialog';
import { chipText } from '../../../src/generic/ShowChips';
import { AdminWrapper, envelope, fakeAuthProvider, useMsw } from './helpers';

// The generic link dialogs (action `members` / `linkTree`) and show chips, on 角色管理's and 部门管理's declarations.
const { server } = useMsw();
const members = role.actions!.find((a) => a.name === 'members')!.members!;

/** Answers a POST to `path` at whatever origin the app's own client uses, recording the bodies. */
function onAny(path: string, answer: (body: Record<string, unknown>) => unknown): Record<string, unknown>[] {
  const seen: Record<string, unknown>[] = [];
  server.use(
    mswHttp.post(`*${path}`, async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      seen.push(body);
      return HttpResponse.json(envelope(answer(body)));
    }),
  );
  return seen;
}

const USERS = [
  { userId: 7, username: 'zhangwei', name: '张伟', deptName: '县政府办公室' },
  { userId: 8, username: 'wangfang', name: '王芳', deptName: '县实验小学' },
];

describe('<MembersDialog> (角色管理 → 用户)', () => {
  it('pages the held members, removes one after 提示信息, then lists the others by name and adds one', async () => {
    const held = onAny('/role/user/list', () => ({ list: USERS, totalRow: 2, currPage: 1, totalPage: 1 }));
    const others = onAny('/role/user/not/list', () => ({ list: [{ userId: 9, username: 'sunli', name: '孙丽', deptName: '青石镇' }], totalRow: 1, currPage: 1, totalPage: 1 }));
    const removed = onAny('/ding/user/del/role', () => null);
    const added = onAny('/ding/user/grant/role', () => null);
    render(
      <AdminWrapper authProvider={fakeAuthProvider()}>
        <RecordContextProvider value={{ id: 3, roleId: 3, name: '信息员' }}>
          <MembersDialog decl={role} members={members} onClose={() => undefined} />
        </RecordContextProvider>
      </AdminWrapper>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('分配用户：信息员')).toBeInTheDocument();
    await within(dialog).findByText('张伟');
    expect(held[0]).toEqual({ roleId: 3, pageNum: 1, pageSize: 10 });

    fireEvent.click(within(dialog).getAllByRole('button', { name: '移除' })[0]!);
    const confirm = await screen.findByText('确定从角色「信息员」移除用户「张伟」吗？');
    fireEvent.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(removed).toEqual([{ roleId: 3, userId: 7 }]));
    await waitFor(() => expect(held.length).toBe(2));

    // The confirmation's close hands the focus back first (the dialog is inert meanwhile).
    fireEvent.click(await within(dialog).findByRole('tab', { name: '未分配用户' }));
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: ' 孙 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(others.at(-1)).toEqual({ roleId: 3, name: '孙', pageNum: 1, pageSize: 10 }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '分配' }));
    await waitFor(() => expect(added).toEqual([{ roleId: 3, userId: 9 }]));
  }, 30_000);

  it('without the member entity’s key: the tables only, no 移除 / 分配', async () => {
    onAny('/role/user/list', () => ({ list: USERS, totalRow: 2, currPage: 1, totalPage: 1 }));
    render(
      <AdminWrapper authProvider={fakeAuthProvider((_r, action) => action !== 'user:grant')}>
        <RecordContextProvider value={{ id: 3, roleId: 3, name: '信息员' }}>
          <MembersDialog decl={role} members={members} onClose={() => undefined} />
        </RecordContextProvider>
      </AdminWrapper>,
    );
    await screen.findByText('王芳');
    expect(screen.queryByRole('button', { name: '移除' })).toBeNull();
  }, 30_000);

  it('fills {title} from the record and other names from the member', () => {
    expect(fillMemberText('从「{title}」移除「{name}」（{missing}）', '编辑', { id: 1, name: '李四' })).toBe('从「编辑」移除「李四」（）');
  });
});

describe('the link tree (角色管理 → 授权)', () => {
  const tree = [
    { dingAppKey: 'adminSite', name: '网站管理系统', children: [{ id: 1, name: '内容管理', children: [{ id: 2, name: '通知公告', children: [{ id: 3, name: '通知公告查询' }] }] }] },
    { dingAppKey: 'reportSite', name: '信息报送系统', children: [{ id: 9, name: '我的报送' }] },
  ];
  it('makes one group node per app and sends the ticked records with their ancestors, never a group', () => {
    const nodes = linkTreeNodes(tree, 'dingAppKey');
    expect(nodes.map((n) => [n.id, n.label])).toEqual([['group:adminSite', '网站管理系统'], ['group:reportSite', '信息报送系统']]);
    expect(linkTreeIds(nodes, ['3', 'group:reportSite']).sort()).toEqual([1, 2, 3]);
  });
  it('without groupKey the top level are records', () => {
    expect(linkTreeNodes(tree[0]!.children, undefined).map((n) => n.id)).toEqual(['1']);
  });
});

describe('show chips (部门管理)', () => {
  it('fills the values and shows a missing one as the chip’s blank', () => {
    const chips = department.showChips!;
    expect(chips.map((c) => chipText(c, { parentName: null, userCount: 2 }))).toEqual(['上级：无', '用户 2 人', '下级 0 个']);
  });
});
