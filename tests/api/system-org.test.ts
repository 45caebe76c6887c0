import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, firstLogin, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Row = Record<string, unknown>;
type Page = { list: Row[]; currPage: number; totalRow: number; totalPage: number };
type Node = Row & { id: number; name: string; children: Node[] };

let server: TestServer;
let url: string;
let admin: string;
const depts = new Map<string, number>();
const NEW_PASSWORD = 'Xinmima@2026';
// What a new user changes the administrator's password to at the first login.
const CHOSEN_PASSWORD = 'Ziji#Mima2026';

const post = <T = unknown>(path: string, body?: unknown, token = admin) => call<T>(url, path, { token, body });
const ok = <T>(r: { status: number; body: { errorCode: string; errorMsg: string; data: T } }): T => {
  expect(r.status, r.body.errorMsg).toBe(200);
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
};

function flatten(nodes: Node[]): Node[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** Resource ids of the admin app by alias. */
async function resourceIds(aliases: string[]): Promise<number[]> {
  const tree = ok(await post<Node[]>('/resource/tree', { dingAppKey: 'adminSite' }));
  const all = flatten(tree);
  return aliases.map((a) => {
    const found = all.find((n) => n.alias === a);
    if (!found) throw new Error(`no resource ${a}`);
    return Number(found.id);
  });
}

/** A role holding the given keys (aliases) with a data scope, and a user of it in a department. */
async function userWithRole(username: string, dept: string, dataScope: string, aliases: string[]): Promise<{ token: string; userId: number; roleId: number }> {
  const role = ok(await post<Row>('/role/save', { name: `测试角色${username}`, roleAlias: `r_${username}`, enabled: 1, dataScope, dingAppKey: 'adminSite' }));
  ok(await post('/resource/role/save', { roleId: role.roleId, resourceIds: await resourceIds(aliases) }));
  const user = ok(await post<Row>('/ding/user/save', { username, name: `用户${username}`, password: NEW_PASSWORD, deptId: depts.get(dept), roleId: role.roleId }));
  return { token: await firstLogin(url, username, NEW_PASSWORD, CHOSEN_PASSWORD), userId: Number(user.userId), roleId: Number(role.roleId) };
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  const rows = (await server.app.db.selectFrom('departments').select(['id', 'name']).execute()) as { id: number; name: string }[];
  for (const r of rows) depts.set(r.name, Number(r.id));
});
afterAll(async () => server?.close());

describe('departments /ding/dept/*', () => {
  it('answers the tree, the flat lists and the reference calls', async () => {
    const tree = ok(await post<Node[]>('/ding/dept/tree'));
    expect(tree.map((n) => n.name)).toEqual(['县政府']);
    const office = tree[0]?.children.find((c) => c.name === '县政府办公室') as Node;
    expect(office.children.map((c) => c.name).sort()).toEqual(['县大数据中心', '县政府办公室信息科'].sort());
    expect(office).toMatchObject({ deptType: 0, deptTypeName: '区域', level: 1 });

    const list = ok(await post<Row[]>('/ding/dept/list'));
    expect(list).toHaveLength(depts.size);
    const notAll = ok(await post<Row[]>('/ding/dept/list/not/all'));
    expect(notAll.map((d) => d.name)).not.toContain('县政府');
    expect(notAll).toHaveLength(depts.size - 1);

    const data = ok(await post<Row[]>('/ding/dept/data'));
    expect(data[0]).toMatchObject({ value: depts.get('县政府'), label: '县政府' });
    const mine = ok(await post<Row>('/ding/dept/ByUser'));
    expect(mine.name).toBe('县政府');
    const name = ok(await call<string>(url, `/ding/dept/getName/${depts.get('县教育局')}`, { token: admin, method: 'GET' }));
    expect(name).toBe('县教育局');

    // The public site's lists need no login and answer names only.
    const web = await call<Row[]>(url, '/ding/dept/deptListWeb', {});
    expect(ok(web).map((d) => d.name)).toContain('白沙镇');
    expect(Object.keys(ok(web)[0] ?? {}).sort()).toEqual(['id', 'level', 'name', 'parentId']);
    expect(ok(await call<Row[]>(url, '/ding/dept/themeWeblist', {})).map((d) => d.name)).not.toContain('县政府');
  });

  it('pages with pageNumber/pageSize in the query and refuses without them', async () => {
    const missing = await call(url, '/ding/dept/list/page', { token: admin, method: 'GET', query: { pageSize: 10 } });
    expect(missing.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：pageNumber' });
    const noSize = await call(url, '/ding/dept/list/page', { token: admin, method: 'GET', query: { pageNumber: 1 } });
    expect(noSize.body.errorMsg).toBe('缺少必填参数：pageSize');
    const page = ok(await call<Page>(url, '/ding/dept/list/page', { token: admin, method: 'GET', query: { pageNumber: 2, pageSize: 5 } }));
    expect(page).toMatchObject({ currPage: 2, totalRow: depts.size, totalPage: Math.ceil(depts.size / 5) });
    expect(page.list).toHaveLength(5);
    const byName = ok(await call<Page>(url, '/ding/dept/list/page', { token: admin, method: 'GET', query: { pageNumber: 1, pageSize: 10, name: '镇' } }));
    expect(byName.list.map((d) => d.name).sort()).toEqual(['白沙镇', '青石镇', '青石镇便民服务中心'].sort());
    const today = new Date().toISOString().slice(0, 10);
    const future = ok(await call<Page>(url, '/ding/dept/list/page', { token: admin, method: 'GET', query: { pageNumber: 1, pageSize: 10, startTime: '2999-01-01' } }));
    expect(future.totalRow).toBe(0);
    const untilToday = ok(await call<Page>(url, '/ding/dept/list/page', { token: admin, method: 'GET', query: { pageNumber: 1, pageSize: 10, endTime: '2999-01-01', startTime: '2000-01-01' } }));
    expect(untilToday.totalRow).toBe(depts.size);
    void today;
  });

  it('creates, updates, views and deletes; refuses deleting a department with children or users', async () => {
    const parent = depts.get('县教育局') as number;
    const missing = await post('/ding/dept/save', { parentId: parent });
    expect(missing.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：name' });
    const badType = await post('/ding/dept/save', { name: '县第二中学', parentId: parent, deptType: 7 });
    expect(badType.body.errorCode).toBe('1002');

    const created = ok(await post<Row>('/ding/dept/save', { name: '县第二中学', no: '001002003', parentId: parent, deptType: 1, phone: '0571-1', desc: '新建学校' }));
    expect(created).toMatchObject({ name: '县第二中学', parentId: parent, level: 2, deptType: 1, desc: '新建学校' });
    const dup = await post('/ding/dept/save', { name: '县第二中学', parentId: parent });
    expect(dup.body).toMatchObject({ errorCode: '1004', errorMsg: '同一上级部门下已存在部门：县第二中学' });

    const child = ok(await post<Row>('/ding/dept/save', { name: '初一年级组', parentId: created.id }));
    expect(child.level).toBe(3);
    const updated = ok(await post<Row>('/ding/dept/save', { id: created.id, phone: '0571-2', parentId: depts.get('县政府') }));
    expect(updated).toMatchObject({ phone: '0571-2', name: '县第二中学', level: 1 });
    const viewed = ok(await post<Row>('/ding/dept/view', { deptId: created.id }));
    expect(viewed).toMatchObject({ parentName: '县政府', childCount: 1, userCount: 0 });
    // The child followed its parent up one level.
    const got = ok(await call<Row>(url, `/ding/dept/${String(child.id)}`, { token: admin, method: 'GET' }));
    expect(got).toMatchObject({ name: '初一年级组', level: 2 });
    const cycle = await post('/ding/dept/save', { id: created.id, parentId: child.id });
    expect(cycle.body).toMatchObject({ errorCode: '1002', errorMsg: '上级部门不能是本部门或其下级部门' });
    expect((await post('/ding/dept/view', {})).body.errorCode).toBe('1001');

    const withChild = await post(`/ding/dept/${String(created.id)}`);
    expect(withChild.body).toMatchObject({ errorCode: '1005', errorMsg: '该部门下还有下级部门，不能删除' });
    const withUsers = await post(`/ding/dept/${depts.get('县第一中学')}`);
    expect(withUsers.body).toMatchObject({ errorCode: '1005', errorMsg: '该部门下还有用户，不能删除' });
    ok(await post(`/ding/dept/${String(child.id)}`));
    ok(await post(`/ding/dept/${String(created.id)}`));
    expect((await post(`/ding/dept/${String(created.id)}`)).body.errorCode).toBe('1003');
    expect((await call(url, `/ding/dept/${String(created.id)}`, { token: admin, method: 'GET' })).body.errorCode).toBe('1003');
  });
});

describe('users /ding/user/*', () => {
  it('lists with the department filter including sub-departments, by name and mobile, without passwords', async () => {
    const r = await post<Page>('/ding/user/list', { pageNum: 1, pageSize: 50, deptId: depts.get('县教育局') });
    const page = ok(r);
    const names = page.list.map((u) => u.username);
    expect(names).toContain('xinxi');
    expect(names).toContain('xinxi2'); // 县第一中学, below 县教育局
    expect(names).toContain('wangfang'); // 县实验小学
    expect(names).not.toContain('shenhe');
    const xinxi = page.list.find((u) => u.username === 'xinxi') as Row;
    expect(xinxi).toMatchObject({ deptName: '县教育局', roleName: '部门信息员' });
    const byMobile = ok(await post<Page>('/ding/user/list', { mobile: '13800000003' }));
    expect(byMobile.list.map((u) => u.username)).toEqual(['shenji']);
    const byName = ok(await post<Page>('/ding/user/list', { name: '周' }));
    expect(byName.list.map((u) => u.username).sort()).toEqual(['shenhe', 'zhoujie']);
    expect(JSON.stringify(r.body)).not.toMatch(/passwordHash|\$argon2/);
  });

  it('creates, refuses duplicates and weak or missing passwords, updates, views and deletes', async () => {
    const deptId = depts.get('县卫生健康局');
    const noPassword = await post('/ding/user/save', { username: 'newbie', name: '新人', deptId });
    expect(noPassword.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：password' });
    const noDept = await post('/ding/user/save', { username: 'newbie', name: '新人', password: NEW_PASSWORD });
    expect(noDept.body.errorMsg).toBe('缺少必填参数：deptId');
    const noName = await post('/ding/user/save', { username: 'newbie', password: NEW_PASSWORD, deptId });
    expect(noName.body.errorMsg).toBe('缺少必填参数：name');
    const weak = await post('/ding/user/save', { username: 'newbie', name: '新人', password: 'abc', deptId });
    expect(weak.body.errorCode).toBe('1002');
    const dup = await post('/ding/user/save', { username: 'xinxi', name: '重复', password: NEW_PASSWORD, deptId });
    expect(dup.body).toMatchObject({ errorCode: '1004', errorMsg: '登录名已存在：xinxi' });

    const created = await post<Row>('/ding/user/save', { username: 'newbie', name: '新人', password: NEW_PASSWORD, deptId, mobile: '13900000001', sex: 2, positionName: '科员', enterAt: '2025-03-01' });
    const user = ok(created);
    expect(JSON.stringify(created.body)).not.toMatch(/passwordHash|password/);
    expect(user).toMatchObject({ username: 'newbie', deptName: '县卫生健康局', status: 1, sex: 2, roleIds: [] });
    // A user without a role may not log in to the admin app yet.
    const noRole = await call(url, '/user/loginNoCode', { query: { username: 'newbie', password: NEW_PASSWORD } });
    expect(noRole.body.errorCode).toBe('2004');

    const rename = await post('/ding/user/save', { userId: user.userId, username: 'shenhe' });
    expect(rename.body.errorCode).toBe('1004');
    const updated = ok(await post<Row>('/ding/user/save', { userId: user.userId, positionName: '副科长', status: 0 }));
    expect(updated).toMatchObject({ positionName: '副科长', status: 0, name: '新人' });
    const viewed = await post<Row>('/ding/user/view', { userId: user.userId });
    expect(ok(viewed)).toMatchObject({ username: 'newbie', positionName: '副科长' });
    expect(JSON.stringify(viewed.body)).not.toMatch(/passwordHash/);
    expect((await post('/ding/user/view', {})).body.errorMsg).toBe('缺少必填参数：userId');
    const badMobile = await post('/ding/user/save', { userId: user.userId, mobile: '123' });
    expect(badMobile.body).toMatchObject({ errorCode: '1002', errorMsg: '手机号格式不正确' });

    ok(await post(`/ding/user/${String(user.userId)}`));
    expect((await post('/ding/user/view', { userId: user.userId })).body.errorCode).toBe('1003');
    const self = (await post<Row>('/user/info')).body.data as Row;
    expect((await post(`/ding/user/${String(self.userId)}`)).body).toMatchObject({ errorCode: '1005', errorMsg: '不能删除当前登录的用户' });
  });

  it('grants and removes roles; articleNum answers a count per user', async () => {
    const editor = ok(await post<Page>('/role/list', { name: '部门信息员' })).list[0] as Row;
    const target = ok(await post<Page>('/ding/user/list', { name: '张伟' })).list[0] as Row;
    expect((await post('/ding/user/grant/role', { userId: target.userId })).body.errorMsg).toBe('缺少必填参数：roleId');
    ok(await post('/ding/user/grant/role', { userId: target.userId, roleId: editor.roleId }));
    expect(ok(await post<Row>('/ding/user/view', { userId: target.userId })).roleNames).toEqual(['部门信息员']);
    const members = ok(await post<Page>('/role/user/list', { roleId: editor.roleId, pageSize: 50 }));
    expect(members.list.map((u) => u.username)).toContain('zhangwei');
    ok(await post('/ding/user/del/role', { userId: target.userId, roleId: editor.roleId }));
    expect(ok(await post<Row>('/ding/user/view', { userId: target.userId })).roleIds).toEqual([]);

    const counts = ok(await post<{ userId: number; articleNum: number }[]>('/ding/user/articleNum', { userIds: [target.userId] }));
    expect(counts).toEqual([{ userId: Number(target.userId), articleNum: 0 }]);
  });
});

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
