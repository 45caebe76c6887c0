import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 用户管理 on the generic views (issue 19, session 24): answered-not-stored fields (所属部门, 角色, 发文数), the
// 角色 dialog over the save call with an array of role ids, 重置密码 / 解除锁定 as declared actions.
type Row = Record<string, unknown>;

let server: TestServer;
let url: string;
let admin: string;

const post = <T = Row>(path: string, body?: unknown, token = admin) => call<T>(url, path, { token, body });
const ok = <T>(r: { status: number; body: { errorCode: string; errorMsg: string; data: T } }): T => {
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
};

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

describe('answered fields', () => {
  it('have no column, are answered on the list, and a save that sends them changes nothing of them', async () => {
    const users = (await server.app.db.introspection.getTables()).find((t) => t.name === 'users');
    const columns = users?.columns.map((c) => c.name) ?? [];
    for (const name of ['deptName', 'roleName', 'articleNum']) expect(columns).not.toContain(name);
    const page = ok(await post<{ list: Row[] }>('/ding/user/list', { pageNum: 1, pageSize: 50, username: 'xinxi' }));
    const xinxi = page.list.find((u) => u.username === 'xinxi')!;
    expect(typeof xinxi.deptName).toBe('string');
    expect(String(xinxi.deptName).length).toBeGreaterThan(0);
    const saved = ok(await post<Row>('/ding/user/save', { userId: xinxi.userId, name: String(xinxi.name), deptName: '不存在的部门', roleName: '伪造角色', articleNum: 99 }));
    expect(saved.deptName).toBe(xinxi.deptName);
    expect(saved.roleName).toBe(xinxi.roleName);
  });

  it('the 角色 dialog saves an array of role ids through the update call; a bad id list is refused in Chinese', async () => {
    const roles = ok(await post<{ list: Row[] }>('/role/list', { pageNum: 1, pageSize: 50 })).list;
    const plain = roles.filter((r) => r.roleAlias !== 'admin').slice(0, 2).map((r) => Number(r.roleId));
    expect(plain.length).toBe(2);
    const page = ok(await post<{ list: Row[] }>('/ding/user/list', { pageNum: 1, pageSize: 50, username: 'xinxi' }));
    const userId = page.list.find((u) => u.username === 'xinxi')!.userId;
    const saved = ok(await post<Row>('/ding/user/save', { userId, roleIds: plain }));
    expect(saved.roleIds).toEqual(plain);
    const names = roles.filter((r) => plain.includes(Number(r.roleId))).map((r) => String(r.name));
    for (const n of names) expect(String(saved.roleName)).toContain(n);
    const bad = await post('/ding/user/save', { userId, roleIds: ['x'] });
    expect(bad.body.errorCode).not.toBe('0');
  });
});

describe('重置密码 and 解除锁定 as declared actions', () => {
  it('answers the generated password with the message; unlock clears the lock', async () => {
    const page = ok(await post<{ list: Row[] }>('/ding/user/list', { pageNum: 1, pageSize: 50, username: 'xinxi' }));
    const userId = Number(page.list.find((u) => u.username === 'xinxi')!.userId);
    const r = await post<{ userId: number; username: string; password: string }>('/ding/user/resetPwd', { userId });
    expect(r.body.errorMsg).toBe('密码已重置，请将新密码告知用户，该用户下次登录须修改密码');
    expect(r.body.data.username).toBe('xinxi');
    expect(r.body.data.password.length).toBeGreaterThanOrEqual(12);
    await server.app.db.updateTable('users').set({ lockedUntil: '2099-01-01 00:00:00', failedLogins: 5 }).where('userId', '=', userId).execute();
    const u = await post('/ding/user/unlock', { id: userId });
    expect(u.body.errorMsg).toBe('已解除锁定');
    const row = (await server.app.db.selectFrom('users').select(['lockedUntil', 'failedLogins']).where('userId', '=', userId).executeTakeFirstOrThrow()) as Row;
    expect(row.lockedUntil).toBeNull();
    expect(Number(row.failedLogins)).toBe(0);
  });
});
