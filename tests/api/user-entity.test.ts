import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 用户管理 on the generic routes (issue 19): the write-only password, the declared role link, the guards.
type Row = Record<string, unknown>;

let server: TestServer;
let url: string;
let admin: string;

const post = <T = Row>(path: string, body?: unknown, token = admin) => call<T>(url, path, { token, body });
const ok = <T>(r: { status: number; body: { errorCode: string; errorMsg: string; data: T } }): T => {
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
};
const stored = async (userId: unknown) =>
  (await server.app.db.selectFrom('users').select(['passwordHash', 'mustChangePassword', 'mobile']).where('userId', '=', Number(userId)).executeTakeFirstOrThrow()) as Row;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

describe('用户管理 on the generic routes', () => {
  it('hashes the password on create, never answers it and never changes it on update', async () => {
    const dept = (await server.app.db.selectFrom('departments').select('id').orderBy('id').executeTakeFirstOrThrow()) as { id: number };
    // Markup-like characters stay in the password as typed (the text field's stripping does not apply).
    const typed = 'Ab1<b>c@2026';
    const created = ok(await post('/ding/user/save', { username: 'writeonly', name: '只写', password: typed, deptId: dept.id, mobile: '13900000002' }));
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    const first = await stored(created.userId);
    expect(String(first.passwordHash)).toMatch(/^\$argon2/);
    expect(Number(first.mustChangePassword)).toBe(1);
    expect(await verifyPassword(String(first.passwordHash), typed)).toBe(true);
    // The schema sync created no column under the write-only field's name.
    const users = (await server.app.db.introspection.getTables()).find((t) => t.name === 'users');
    expect(users?.columns.map((c) => c.name)).toContain('passwordHash');
    expect(users?.columns.map((c) => c.name)).not.toContain('password');

    // An update carrying a password (blank, masked or new) keeps the stored hash.
    for (const password of ['', '******', 'Other@2026x']) {
      ok(await post('/ding/user/save', { userId: created.userId, password, positionName: `科员${password.length}` }));
      expect((await stored(created.userId)).passwordHash).toBe(first.passwordHash);
    }
    // A masked mobile sent back from the list is not stored.
    const listed = ok(await post<{ list: Row[] }>('/ding/user/list', { username: 'writeonly' })).list[0] as Row;
    expect(String(listed.mobile)).toContain('*');
    ok(await post('/ding/user/save', { userId: created.userId, mobile: listed.mobile }));
    expect((await stored(created.userId)).mobile).toBe('13900000002');
    expect((await post('/ding/user/save', { username: 'writeonly2', name: 'x', password: 12345678, deptId: dept.id })).body).toMatchObject({ errorCode: '1002', errorMsg: '密码必须是文本' });
  });

  it('grants through the declared link: roleIds on save, grant/remove calls, an unknown role refused', async () => {
    const roles = (await server.app.db.selectFrom('roles').select(['roleId', 'roleAlias']).orderBy('roleId').execute()) as { roleId: number; roleAlias: string }[];
    const others = roles.filter((r) => r.roleAlias !== 'admin').map((r) => Number(r.roleId));
    expect(others.length).toBeGreaterThan(1);
    const [a, b] = others as [number, number];
    const target = ok(await post<{ list: Row[] }>('/ding/user/list', { username: 'writeonly' })).list[0] as Row;
    const saved = ok(await post('/ding/user/save', { userId: target.userId, roleIds: [b, a] }));
    expect(saved.roleIds).toEqual([a, b].sort((x, y) => x - y));
    expect((await post('/ding/user/save', { userId: target.userId, roleId: 999999 })).body).toMatchObject({ errorCode: '1002', errorMsg: '角色不存在' });
    ok(await post('/ding/user/del/role', { userId: target.userId, roleId: a }));
    expect(ok(await post('/ding/user/view', { userId: target.userId })).roleIds).toEqual([b]);
    ok(await post('/ding/user/grant/role', { userIds: [target.userId], roleIds: [a, b] }));
    const viewed = ok(await post('/ding/user/view', { userId: target.userId }));
    expect(viewed.roleIds).toEqual([a, b].sort((x, y) => x - y));
    expect(String(viewed.roleName)).toContain('、');
    // Deleting the account takes its grants with it.
    ok(await post(`/ding/user/${String(target.userId)}`));
    const left = await server.app.db.selectFrom('user_roles').select('roleId').where('userId', '=', Number(target.userId)).execute();
    expect(left).toEqual([]);
  });
});
