import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// The forced password change (docs/system-security.md): the generated initial admin password, a password an
// administrator set (new user) or reset; such a session may call only the change, info, menu, dictionary and
// logout until the change is done. Demo passwords count as chosen by their users.
let server: TestServer;
let url: string;
const REFUSAL = { errorCode: '2005', errorMsg: '您的密码为初始密码、已被管理员重置或已过期，请先修改密码' };

const tryLogin = (username: string, password: string) => call<{ value: string; passwordExpired: boolean }>(url, '/user/loginNoCode', { query: { username, password } });
const articles = (token: string) => call(url, '/api/article/list', { token, body: { pageNum: 1, pageSize: 10 } });

beforeAll(async () => {
  // No ADMIN_PASSWORD: generated, as on a plain first start.
  server = await startTestServer({ adminPassword: undefined });
  url = server.url;
});
afterAll(async () => server?.close());

describe('forced password change', () => {
  let admin = '';

  it('the generated admin password logs in flagged, and every other call is refused with 2005 until changed', async () => {
    const r = await tryLogin('admin', server.adminPassword);
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.passwordExpired).toBe(true);
    admin = r.body.data.value;
    const refused = await articles(admin);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject(REFUSAL);
    expect((await call(url, '/api/workbench/summary', { token: admin })).body.errorCode).toBe('2005');
    // What the change screen needs still answers.
    const info = await call<{ passwordExpired: boolean; username: string }>(url, '/user/info', { token: admin });
    expect(info.body.data).toMatchObject({ username: 'admin', passwordExpired: true });
    expect((await call(url, '/menu/list', { token: admin })).body.errorCode).toBe('0');
    // A wrong change keeps the refusal.
    expect((await call(url, '/ding/user/pwd', { token: admin, body: { oldPassword: 'nope', newPassword: 'Guanli#2026a' } })).body.errorMsg).toBe('原密码错误');
    expect((await articles(admin)).body.errorCode).toBe('2005');
    const ch = await call(url, '/ding/user/pwd', { token: admin, body: { oldPassword: server.adminPassword, newPassword: 'Guanli#2026a', confirmPassword: 'Guanli#2026a' } });
    expect(ch.body.errorCode, ch.body.errorMsg).toBe('0');
    // The same session now works, and a new login is no longer flagged.
    expect((await articles(admin)).body.errorCode).toBe('0');
    expect((await tryLogin('admin', 'Guanli#2026a')).body.data.passwordExpired).toBe(false);
  });

  it('demo users are not forced', async () => {
    const r = await tryLogin('shenhe', DEMO_PASSWORD);
    expect(r.body.data.passwordExpired).toBe(false);
    expect((await articles(r.body.data.value)).body.errorCode).toBe('0');
  });

  it('a user an administrator created must change the given password first', async () => {
    const dept = (await server.app.db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()) as { id: number };
    const role = (await server.app.db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'editor').executeTakeFirstOrThrow()) as { roleId: number };
    const saved = await call(url, '/ding/user/save', { token: admin, body: { username: 'xinren', name: '新人', password: 'Chushi#2026', deptId: dept.id, roleId: role.roleId } });
    expect(saved.body.errorCode, saved.body.errorMsg).toBe('0');
    const r = await tryLogin('xinren', 'Chushi#2026');
    expect(r.body.data.passwordExpired).toBe(true);
    expect((await articles(r.body.data.value)).body).toMatchObject(REFUSAL);
    expect((await call(url, '/ding/user/pwd', { token: r.body.data.value, body: { oldPassword: 'Chushi#2026', newPassword: 'Ziji#Mima2026' } })).body.errorCode).toBe('0');
    expect((await articles(r.body.data.value)).body.errorCode).toBe('0');
  });

  it('a reset password is forced; logout stays open to such a session', async () => {
    const xinxi = (await server.app.db.selectFrom('users').select('userId').where('username', '=', 'xinxi').executeTakeFirstOrThrow()) as { userId: number };
    const reset = await call<{ password: string }>(url, '/ding/user/resetPwd', { token: admin, body: { id: xinxi.userId } });
    expect(reset.body.errorCode).toBe('0');
    const token = await login(url, 'xinxi', reset.body.data.password);
    expect((await call(url, '/api/article/list', { token, body: {} })).body.errorCode).toBe('2005');
    expect((await call(url, '/people/logout', { token })).body.errorCode).toBe('0');
    expect((await call(url, '/user/info', { token })).status).toBe(401);
  });
});
