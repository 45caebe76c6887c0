import { describe, expect, it } from 'vitest';
import { call } from './helpers/testServer.js';
import { url, admin, depts, NEW_PASSWORD, post, ok, useOrgServer, type Row, type Page, type Node } from './helpers/orgFixture.js';

// Departments and users (roles, resources and data scopes: system-org-roles.test.ts).
useOrgServer();

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
