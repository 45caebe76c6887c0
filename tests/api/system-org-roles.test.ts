import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, login } from './helpers/testServer.js';
import { server, url, depts, NEW_PASSWORD, post, ok, flatten, resourceIds, userWithRole, useOrgServer, type Row, type Page, type Node } from './helpers/orgFixture.js';

// Roles, resources and the data scopes of the system calls (departments and users: system-org.test.ts).
useOrgServer();

describe('roles /role/* and resources /resource/*', () => {
  it('saves, views, lists and refuses deleting 系统管理员 or a role with users', async () => {
    const list = ok(await post<Page>('/role/list', { pageNum: 1, pageSize: 10 }));
    expect(list.list.map((r) => r.name)).toEqual(expect.arrayContaining(['系统管理员', '内容审核员', '部门信息员', '审计员']));
    const adminRole = list.list.find((r) => r.name === '系统管理员') as Row;
    expect(adminRole).toMatchObject({ dataScope: 'ALL', dataScopeName: '全部', enabled: 1, userCount: 1 });

    expect((await post('/role/save', { roleAlias: 'x' })).body.errorMsg).toBe('缺少必填参数：name');
    const dupAlias = await post('/role/save', { name: '重复', roleAlias: 'editor' });
    expect(dupAlias.body).toMatchObject({ errorCode: '1004', errorMsg: '角色别名已存在：editor' });
    const badScope = await post('/role/save', { name: '坏', roleAlias: 'bad', dataScope: 'EVERY' });
    expect(badScope.body.errorCode).toBe('1002');
    const role = ok(await post<Row>('/role/save', { name: '临时角色', roleAlias: 'temp', description: '测试用', enabled: 1, dataScope: 'DEPART' }));
    expect(role).toMatchObject({ name: '临时角色', dataScope: 'DEPART', enabled: 1 });
    const edited = ok(await post<Row>('/role/save', { roleId: role.roleId, enabled: 0, description: '已停用' }));
    expect(edited).toMatchObject({ enabled: 0, description: '已停用', name: '临时角色' });
    expect(ok(await post<Row>('/role/view', { roleId: role.roleId }))).toMatchObject({ roleAlias: 'temp', resourceIds: [] });

    expect((await post('/role/del', { roleId: adminRole.roleId })).body).toMatchObject({ errorCode: '1005', errorMsg: '系统管理员角色不能删除' });
    expect((await post('/role/save', { roleId: adminRole.roleId, enabled: 0 })).body.errorCode).toBe('1005');
    const editor = list.list.find((r) => r.name === '部门信息员') as Row;
    expect((await post('/role/del', { roleId: editor.roleId })).body).toMatchObject({ errorCode: '1005', errorMsg: '该角色下还有用户，不能删除，请先移除用户' });
    ok(await post('/role/del', { roleId: role.roleId }));
    expect((await post('/role/view', { roleId: role.roleId })).body.errorCode).toBe('1003');
    expect((await post('/role/del', {})).body.errorMsg).toBe('缺少必填参数：roleId');
  });

  it('role grants replace the previous grants; the data permission is granted separately', async () => {
    const role = ok(await post<Row>('/role/save', { name: '公告管理', roleAlias: 'notice_admin', dataScope: 'SELF' }));
    const first = await resourceIds(['content', 'announcement', 'announcement:list', 'announcement:get']);
    ok(await post('/resource/role/save', { roleId: role.roleId, resourceIds: first }));
    expect(ok(await post<number[]>('/role/res/list', { roleId: role.roleId }))).toEqual([...first].sort((a, b) => a - b));
    const second = await resourceIds(['content', 'hot', 'hot:list']);
    ok(await post('/resource/role/save', { roleId: role.roleId, resourceIds: second }));
    const now = ok(await post<number[]>('/role/res/list', { roleId: role.roleId }));
    expect(now).toEqual([...second].sort((a, b) => a - b));
    expect(now).not.toContain(first[1]);
    const rows = ok(await post<Row[]>('/resource/role/list', { roleId: role.roleId }));
    expect(rows.map((r) => r.alias).sort()).toEqual(['content', 'hot', 'hot:list']);
    expect((await post('/resource/role/save', { roleId: role.roleId, resourceIds: [999999] })).body.errorCode).toBe('1002');
    expect(ok(await post<number[]>('/role/res/list', { roleId: role.roleId }))).toEqual(now); // nothing half-written
    const adminRole = ok(await post<Page>('/role/list', { name: '系统管理员' })).list[0] as Row;
    expect((await post('/resource/role/save', { roleId: adminRole.roleId, resourceIds: [] })).body.errorCode).toBe('1005');

    ok(await post('/ding/user/grant/role/data', { roleId: role.roleId, dataScope: 'DEPARTS' }));
    expect(ok(await post<Row>('/role/view', { roleId: role.roleId })).dataScope).toBe('DEPARTS');
    expect((await post('/ding/user/grant/role/data', { roleId: role.roleId, dataScope: 'NONE' })).body.errorCode).toBe('1002');
    expect((await post('/ding/user/grant/role/data', { roleId: adminRole.roleId, dataScope: 'SELF' })).body.errorCode).toBe('1005');
  });

  it('assigned / not assigned users and data users of a role', async () => {
    const auditor = ok(await post<Page>('/role/list', { name: '内容审核员' })).list[0] as Row;
    const assigned = ok(await post<Page>('/role/user/list', { roleId: auditor.roleId }));
    expect(assigned.list.map((u) => u.username)).toEqual(['shenhe']);
    const notAssigned = ok(await post<Page>('/role/user/not/list', { roleId: auditor.roleId, pageSize: 200 }));
    expect(notAssigned.list.map((u) => u.username)).toContain('xinxi');
    expect(notAssigned.list.map((u) => u.username)).not.toContain('shenhe');
    const data = ok(await post<Page>('/role/data/user/list', { roleId: auditor.roleId }));
    expect(data.list[0]).toMatchObject({ username: 'shenhe', dataScope: 'DEPARTS', dataScopeName: '本部门及下级', scopeDeptCount: 3 });
    expect((await post('/role/user/list', {})).body.errorMsg).toBe('缺少必填参数：roleId');
  });

  it('the resource tree: both apps, per app, base tree, view, save, edit and delete refusals', async () => {
    const both = ok(await post<Node[]>('/resource/tree'));
    expect(new Set(flatten(both).map((n) => n.dingAppKey))).toEqual(new Set(['adminSite', 'reportSite']));
    const report = ok(await post<Node[]>('/resource/tree', { dingAppKey: 'reportSite' }));
    // The reporting app's tree holds at least its catalogue and 工作台 (issue 4 adds its four screens and their buttons).
    expect(flatten(report).map((n) => n.alias)).toEqual(expect.arrayContaining(['report', 'report:home']));
    expect(flatten(report).every((n) => n.dingAppKey === 'reportSite')).toBe(true);
    const base = ok(await post<Row[]>('/resource/base/tree'));
    expect(base.map((b) => b.name)).toEqual(['网站管理系统', '信息报送系统']);
    // The declared read's roots (one per app) and its checked app filter, as the module answered them.
    expect(ok(await post<Row[]>('/resource/base/tree', { dingAppKey: 'reportSite' })).map((b) => b.name)).toEqual(['信息报送系统']);
    expect((await post('/resource/base/tree', { dingAppKey: 'x' })).body).toMatchObject({ errorCode: '1002', errorMsg: '所属应用的值无效，可选值：adminSite（网站管理系统）、reportSite（信息报送系统）' });
    const filtered = ok(await post<Node[]>('/resource/tree', { dingAppKey: 'adminSite', name: '通知公告' }));
    expect(filtered.map((n) => n.alias)).toEqual(['content']);

    const [system] = await resourceIds(['system']);
    const missing = await post('/resource/res/save', { name: '统计报表', type: 'Menu', dingAppKey: 'adminSite', parentId: system });
    expect(missing.body.errorMsg).toBe('缺少必填参数：alias');
    const dupAlias = await post('/resource/res/save', { name: 'x', alias: 'announcement', type: 'Menu', dingAppKey: 'adminSite', parentId: system });
    expect(dupAlias.body).toMatchObject({ errorCode: '1004', errorMsg: '别名已存在：announcement' });
    const buttonTop = await post('/resource/res/save', { name: 'x', alias: 'x:y', type: 'Button', dingAppKey: 'adminSite', parentId: 0 });
    expect(buttonTop.body.errorMsg).toBe('按钮必须挂在菜单下');

    const menu = ok(await post<Row>('/resource/res/save', { name: '统计报表', alias: 'statReport', type: 'Menu', icon: 'Assessment', url: '/main/system/statReport', dingAppKey: 'adminSite', parentId: system, sort: 90 }));
    const button = ok(await post<Row>('/resource/res/save', { name: '统计导出', alias: 'statReport:export', type: 'Button', dingAppKey: 'adminSite', parentId: menu.id }));
    expect(ok(await post<Row>('/resource/res/view', { id: button.id }))).toMatchObject({ parentName: '统计报表', type: 'Button' });
    const edited = ok(await post<Row>('/resource/res/edit', { id: menu.id, name: '统计报表（新）', sort: 91 }));
    expect(edited).toMatchObject({ name: '统计报表（新）', sort: 91, alias: 'statReport' });
    expect((await post('/resource/res/edit', { name: 'x' })).body.errorMsg).toBe('缺少必填参数：id');
    const refused = await post('/resource/res/del', { id: menu.id });
    expect(refused.body).toMatchObject({ errorCode: '1005', errorMsg: '该菜单下还有下级菜单，不能删除' });
    // The admin's menu has the new entry at once (granted to 系统管理员).
    const adminMenu = ok(await post<{ menusList: Node[]; buttonList: string[] }>('/menu/list'));
    expect(flatten(adminMenu.menusList).map((n) => n.alias)).toContain('statReport');
    expect(adminMenu.buttonList).toContain('statReport:export');
    ok(await post('/resource/res/del', { id: button.id }));
    ok(await post('/resource/res/del', { id: menu.id }));
    expect((await post('/resource/res/view', { id: menu.id })).body.errorCode).toBe('1003');
  });

  it('the declared tree rules on the generic routes: no cycle, a known parent, searches keep ancestors, the app filter takes only its options', async () => {
    const [system] = await resourceIds(['system']);
    const menu = ok(await post<Row>('/resource/res/save', { name: '树测试', alias: 'treeTest', type: 'Menu', dingAppKey: 'adminSite', parentId: system }));
    const sub = ok(await post<Row>('/resource/res/save', { name: '树测试下级', alias: 'treeTestSub', type: 'Menu', dingAppKey: 'adminSite', parentId: menu.id }));
    expect((await post('/resource/res/edit', { id: menu.id, parentId: sub.id })).body).toMatchObject({ errorCode: '1002', errorMsg: '上级菜单不能是本菜单或其下级' });
    expect((await post('/resource/res/edit', { id: menu.id, parentId: menu.id })).body).toMatchObject({ errorCode: '1002', errorMsg: '上级菜单不能是本菜单或其下级' });
    expect((await post('/resource/res/edit', { id: menu.id, parentId: 999999 })).body).toMatchObject({ errorCode: '1002', errorMsg: '上级菜单不存在' });
    expect((await post('/resource/tree', { dingAppKey: 'nope' })).body).toMatchObject({ errorCode: '1002', errorMsg: '所属应用的值无效，可选值：adminSite（网站管理系统）、reportSite（信息报送系统）' });
    const found = ok(await post<Node[]>('/resource/tree', { dingAppKey: 'adminSite', name: 'treeTestSub' }));
    expect(flatten(found).map((n) => n.alias)).toEqual(['system', 'treeTest', 'treeTestSub']);
    ok(await post('/resource/res/del', { id: sub.id }));
    ok(await post('/resource/res/del', { id: menu.id }));
  });

  it('a new Menu granted to a role shows in that user\'s /menu/list; ungranted ones do not', async () => {
    const [interact] = await resourceIds(['interact']);
    const menu = ok(await post<Row>('/resource/res/save', { name: '在线访谈', alias: 'interview', type: 'Menu', url: '/main/interact/interview', dingAppKey: 'adminSite', parentId: interact }));
    const other = ok(await post<Row>('/resource/res/save', { name: '意见征集', alias: 'opinion', type: 'Menu', url: '/main/interact/opinion', dingAppKey: 'adminSite', parentId: interact }));
    const { token, roleId } = await userWithRole('fangtan', '县政府办公室', 'SELF', ['home', 'content', 'announcement', 'announcement:list']);
    let menus = ok(await post<{ menusList: Node[] }>('/menu/list', undefined, token));
    expect(flatten(menus.menusList).map((n) => n.alias)).not.toContain('interview');
    const granted = ok(await post<number[]>('/role/res/list', { roleId }));
    ok(await post('/resource/role/save', { roleId, resourceIds: [...granted, Number(menu.id)] }));
    menus = ok(await post<{ menusList: Node[] }>('/menu/list', undefined, token));
    const aliases = flatten(menus.menusList).map((n) => n.alias);
    expect(aliases).toContain('interview');
    expect(aliases).toContain('interact'); // its Catalogue comes along
    expect(aliases).not.toContain('opinion');
    void other;
  });
});

describe('permissions and data scopes of the system calls', () => {
  it('refuses users without the key with HTTP 403; 审计员 reads but does not change', async () => {
    const shenhe = await login(url, 'shenhe', DEMO_PASSWORD);
    for (const path of ['/ding/user/list', '/ding/dept/tree', '/role/list', '/resource/tree']) {
      const r = await post(path, {}, shenhe);
      expect(r.status, path).toBe(403);
      expect(r.body).toMatchObject({ errorCode: '403', errorMsg: '没有访问权限' });
    }
    const shenji = await login(url, 'shenji', DEMO_PASSWORD);
    ok(await post('/ding/user/list', {}, shenji));
    ok(await post('/role/list', {}, shenji));
    ok(await post('/resource/tree', {}, shenji));
    ok(await post('/ding/dept/tree', {}, shenji));
    for (const [path, body] of [
      ['/ding/user/save', { username: 'x1', name: 'x', password: NEW_PASSWORD, deptId: depts.get('县政府') }],
      ['/ding/dept/save', { name: '审计新建', parentId: depts.get('县政府') }],
      ['/role/save', { name: 'x', roleAlias: 'x' }],
      ['/resource/role/save', { roleId: 1, resourceIds: [] }],
      ['/resource/res/save', { name: 'x', alias: 'x', type: 'Catalogue', dingAppKey: 'adminSite' }],
      ['/ding/user/grant/role', { userId: 1, roleId: 1 }],
      [`/ding/dept/${depts.get('白沙镇')}`, undefined],
    ] as const) {
      expect((await post(path, body, shenji)).status, path).toBe(403);
    }
    // The id in the body decides the key of a save: update needs user:update.
    expect((await post('/ding/user/save', { userId: 1, name: 'x' }, shenji)).status).toBe(403);
  });

  it('user and department lists follow the data scope on the three-level tree', async () => {
    const keys = ['system', 'user', 'user:list', 'user:get', 'user:update', 'department', 'department:list', 'department:get'];
    // 县政府 (level 0) → 县政府办公室 (1) → 县政府办公室信息科 / 县大数据中心 (2).
    const departs = await userWithRole('scope_departs', '县政府办公室', 'DEPARTS', keys);
    const depart = await userWithRole('scope_depart', '县政府办公室', 'DEPART', keys);
    const self = await userWithRole('scope_self', '县政府办公室', 'SELF', keys);
    const all = await userWithRole('scope_all', '县大数据中心', 'ALL', keys);

    const usernames = async (token: string, body: Row = {}) => ok(await post<Page>('/ding/user/list', { pageSize: 200, ...body }, token)).list.map((u) => String(u.username)).sort();
    const deptOf = new Map(((await server.app.db.selectFrom('users as u').innerJoin('departments as d', 'd.id', 'u.deptId').select(['u.username', 'd.name']).execute()) as { username: string; name: string }[]).map((r) => [r.username, r.name]));
    const inDepts = (names: string[]) => [...deptOf.entries()].filter(([, d]) => names.includes(d)).map(([u]) => u).sort();

    const tree = ['县政府办公室', '县政府办公室信息科', '县大数据中心'];
    expect(await usernames(departs.token)).toEqual(inDepts(tree));
    expect(await usernames(departs.token)).toContain('zhangwei'); // level 2
    expect(await usernames(departs.token)).not.toContain('admin'); // level 0, above
    expect(await usernames(depart.token)).toEqual(inDepts(['县政府办公室']));
    expect(await usernames(self.token)).toEqual(['scope_self']);
    expect(await usernames(all.token)).toEqual([...deptOf.keys()].sort());
    // A department filter outside the scope finds nothing; inside it narrows.
    expect(await usernames(departs.token, { deptId: depts.get('县教育局') })).toEqual([]);
    expect(await usernames(departs.token, { deptId: depts.get('县大数据中心') })).toEqual(inDepts(['县大数据中心']));

    // Reads and writes outside the scope answer 1003.
    const xinxi = (await server.app.db.selectFrom('users').select('userId').where('username', '=', 'xinxi').executeTakeFirstOrThrow()) as { userId: number };
    expect((await post('/ding/user/view', { userId: xinxi.userId }, departs.token)).body.errorCode).toBe('1003');
    expect((await post('/ding/user/save', { userId: xinxi.userId, positionName: 'x' }, departs.token)).body.errorCode).toBe('1003');
    const zhangwei = (await server.app.db.selectFrom('users').select('userId').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()) as { userId: number };
    ok(await post('/ding/user/save', { userId: zhangwei.userId, positionName: '信息科科长' }, departs.token));
    expect((await post('/ding/user/save', { userId: zhangwei.userId, positionName: 'x' }, depart.token)).body.errorCode).toBe('1003');

    const deptNames = async (token: string) => ok(await post<Row[]>('/ding/dept/list', {}, token)).map((d) => String(d.name)).sort();
    expect(await deptNames(departs.token)).toEqual([...tree].sort());
    expect(await deptNames(depart.token)).toEqual(['县政府办公室']);
    expect(await deptNames(all.token)).toHaveLength(depts.size);
    const scopedTree = ok(await post<Node[]>('/ding/dept/tree', {}, departs.token));
    expect(scopedTree.map((n) => n.name)).toEqual(['县政府办公室']);
    expect(scopedTree[0]?.children).toHaveLength(2);
    expect((await post('/ding/dept/view', { deptId: depts.get('县教育局') }, departs.token)).body.errorCode).toBe('1003');
  });
});
