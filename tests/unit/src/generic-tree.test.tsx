import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { Notification, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import department from '../../../resources/department';
import menu from '../../../resources/menu';
import type { ResourceDecl } from '../../../resources/types';
import { TreeList } from '../../../src/generic/TreeList';
import { NoticeBridge } from '../../../src/notices/NoticeBridge';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, envelope, fakeAuthProvider, useMsw } from './helpers';

// The generic tree view (src/generic/TreeList.tsx) on the two declarations that use it, against MSW.
const { on, server } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);

const MENUS = [
  {
    id: 1, parentId: 0, name: '系统设置', alias: 'system', type: 'Catalogue', dingAppKey: 'adminSite', sort: 1,
    children: [{ id: 2, parentId: 1, name: '部门管理', alias: 'department', type: 'Menu', dingAppKey: 'adminSite', sort: 1, children: [{ id: 3, parentId: 2, name: '新增', alias: 'department:add', type: 'Button', dingAppKey: 'adminSite', sort: 1, children: [] }] }],
  },
];
const DEPTS = [
  { id: 1, parentId: 0, name: '县政府', level: 0, children: [{ id: 2, parentId: 1, name: '县教育局', level: 1, children: [{ id: 4, parentId: 2, name: '县第一中学', level: 2, children: [] }] }, { id: 3, parentId: 1, name: '县卫生健康局', level: 1, children: [] }] },
];

function renderTree(decl: ResourceDecl, allow?: (resource: string, action: string) => boolean) {
  return render(
    <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider(allow)} initialEntries={[`/${decl.name}`]}>
      <ResourceContextProvider value={decl.name}>
        <TreeList decl={decl} />
      </ResourceContextProvider>
      <Notification />
      <NoticeBridge />
    </AdminWrapper>,
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('the generic tree view of 菜单管理 (list shape tree)', () => {
  it('asks the list call for one app, shows kinds after titles, and 新增下级 presets the parent, the kind and the app', async () => {
    const lists = on('/resource/tree', MENUS);
    on('/resource/res/view', { ...MENUS[0]!.children[0]!, children: undefined });
    const saves = on('/resource/res/save', { id: 9 });
    renderTree(menu);
    expect(await screen.findByText('部门管理（菜单）', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(lists[0]!.body).toEqual({ dingAppKey: 'adminSite' });
    expect(screen.getByRole('button', { name: '新增目录' })).toBeInTheDocument();

    fireEvent.click(screen.getByText('部门管理（菜单）'));
    await waitFor(() => expect(input('alias').value).toBe('department'));
    // The app is the tree's filter: fixed once the entry exists.
    expect(input('dingAppKey').closest('.MuiInputBase-root')).toHaveClass('Mui-disabled');
    fireEvent.click(screen.getByRole('button', { name: '新增下级' }));
    await waitFor(() => expect(input('type').value).toBe('Button'));
    expect(input('parentId').value).toBe('2');
    fireEvent.change(input('name'), { target: { value: '导出' } });
    fireEvent.change(input('alias'), { target: { value: 'department:export' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ parentId: 2, type: 'Button', dingAppKey: 'adminSite', name: '导出', alias: 'department:export', sort: 0 });
    expect(await screen.findByText('新建成功')).toBeInTheDocument();
    // The tree is asked again after the save.
    await waitFor(() => expect(lists.length).toBeGreaterThan(1));
  }, 60_000);

  it('a Button offers no 新增下级; a refused delete shows the server’s Chinese message', async () => {
    on('/resource/tree', MENUS);
    on('/resource/res/view', { ...MENUS[0]!.children[0]!.children[0]!, children: undefined });
    const deletes = on('/resource/res/del', () => HttpResponse.json(envelope(null, '1005', '该菜单下还有下级菜单，不能删除')));
    renderTree(menu);
    fireEvent.click(await screen.findByText('新增（按钮）', {}, { timeout: 10_000 }));
    await waitFor(() => expect(input('alias').value).toBe('department:add'));
    expect(screen.queryByRole('button', { name: '新增下级' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: /确认|确定/ }));
    expect(await screen.findByText('该菜单下还有下级菜单，不能删除')).toBeInTheDocument();
    expect(deletes[0]!.body).toEqual({ id: 3 });
  }, 60_000);

  it('without the change keys: the form is read-only and no 新增 / 删除 buttons show', async () => {
    on('/resource/tree', MENUS);
    on('/resource/res/view', { ...MENUS[0]!, children: undefined });
    renderTree(menu, (_r, action) => action === menu.permissions.list || action === menu.permissions.get);
    await waitFor(() => expect(input('alias')?.value).toBe('system'), { timeout: 10_000 });
    expect(input('alias')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^(新增.*|删除|保存)$/ })).toBeNull();
  }, 60_000);
});

describe('the generic tree view of 部门管理 (the declared tree call)', () => {
  it('selects the first department, shows its counts panel, searches by name keeping ancestors, and offers no own subtree as parent', async () => {
    on('/ding/dept/tree', DEPTS);
    server.use(mswHttp.get(`${API}/ding/dept/:id`, ({ params }) => HttpResponse.json(envelope({ id: Number(params.id), parentId: 0, name: '县政府', no: '001', deptType: 0, state: 0, isCount: 0, sort: 0, parentName: null, userCount: 2, childCount: 6 }))));
    renderTree(department);
    expect(await screen.findByText('用户 2 人', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('下级 6 个')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新增顶级部门' })).toBeInTheDocument();
    // The parent select of 县政府 offers only （顶级）: the department and its subtree are left out.
    fireEvent.mouseDown(within(input('parentId').closest('.MuiInputBase-root') as HTMLElement).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['（顶级）']);
    fireEvent.keyDown(options[0]!, { key: 'Escape' });

    fireEvent.change(screen.getByLabelText('部门名称', { selector: 'input:not([name])' }), { target: { value: '一中' } });
    await waitFor(() => expect(screen.queryByText('县卫生健康局')).toBeNull());
    expect(screen.getByText('县第一中学')).toBeInTheDocument();
    expect(screen.getByText('县教育局')).toBeInTheDocument();
  }, 60_000);
});
