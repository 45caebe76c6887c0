import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.js';
import { formatDateTime } from '../../server/util/time.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

let server: TestServer;
let url: string;
let admin: string;
let editorRole: number;

/** A fresh account with the editor role and DEMO_PASSWORD, so tests do not share counters. */
async function makeUser(username: string): Promise<number> {
  const db = server.app.db;
  const dept = (await db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()) as { id: number };
  const now = formatDateTime();
  const u = (await db
    .insertInto('users')
    .values({ username, name: `测试${username}`, passwordHash: await hashPassword(DEMO_PASSWORD), deptId: dept.id, status: 1, userType: 0, createTime: now, updateTime: now })
    .returning('userId')
    .executeTakeFirstOrThrow()) as { userId: number };
  await db.insertInto('user_roles').values({ userId: u.userId, roleId: editorRole }).execute();
  return Number(u.userId);
}

const tryLogin = (username: string, password: string) => call<{ value: string; passwordExpired: boolean }>(url, '/user/loginNoCode', { query: { username, password } });

async function setRule(values: Record<string, unknown>) {
  const r = await call<{ id: number }>(url, '/passwordRule/saveOrUpdate', { token: admin, body: { name: '测试规则', minLength: 8, classCount: 3, expireDays: 90, maxFailures: 5, lockMinutes: 10, enabled: 1, ...values } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  const role = (await server.app.db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'editor').executeTakeFirstOrThrow()) as { roleId: number };
  editorRole = Number(role.roleId);
});
afterAll(async () => server?.close());

describe('lockout', () => {
  it('locks after 5 failures, refuses the right password while locked, unlocks after the time', async () => {
    const userId = await makeUser('lock1');
    for (let i = 1; i <= 4; i++) {
      const r = await tryLogin('lock1', 'Wrong@123');
      expect(r.body.errorCode).toBe('2001');
      expect(r.body.errorMsg).toBe('用户名或密码错误');
    }
    const fifth = await tryLogin('lock1', 'Wrong@123');
    expect(fifth.body.errorCode).toBe('2003');
    expect(fifth.body.errorMsg).toBe('账号已锁定，请10分钟后再试');
    const right = await tryLogin('lock1', DEMO_PASSWORD);
    expect(right.body.errorCode).toBe('2003');
    expect(right.body.errorMsg).toMatch(/^账号已锁定，请(9|10)分钟后再试$/);
    expect(right.body.data).toBeNull();

    // Time passes: move the lock into the past.
    // The lock falls on this address (docs/system-security.md): its counter ends in the past.
    await server.app.db.updateTable('rate_counter').set({ resetAt: new Date(Date.now() - 1000).toISOString() }).where('key', 'like', `login:ua:${userId}:%`).execute();
    const after = await tryLogin('lock1', DEMO_PASSWORD);
    expect(after.body.errorCode).toBe('0');
    expect(after.body.data.value).toBeTruthy();
  });

  it('a success resets the counter', async () => {
    const userId = await makeUser('lock2');
    for (let i = 0; i < 4; i++) expect((await tryLogin('lock2', 'Wrong@123')).body.errorCode).toBe('2001');
    expect((await tryLogin('lock2', DEMO_PASSWORD)).body.errorCode).toBe('0');
    const row = (await server.app.db.selectFrom('users').select(['failedLogins', 'lockedUntil']).where('userId', '=', userId).executeTakeFirstOrThrow()) as { failedLogins: number; lockedUntil: string | null };
    expect(Number(row.failedLogins)).toBe(0);
    for (let i = 0; i < 4; i++) expect((await tryLogin('lock2', 'Wrong@123')).body.errorCode).toBe('2001');
    expect((await tryLogin('lock2', DEMO_PASSWORD)).body.errorCode).toBe('0');
  });

  it('counts in the database: the counter survives between calls and shows in the users row', async () => {
    const userId = await makeUser('lock3');
    await tryLogin('lock3', 'bad');
    await tryLogin('lock3', 'bad');
    const row = (await server.app.db.selectFrom('users').select('failedLogins').where('userId', '=', userId).executeTakeFirstOrThrow()) as { failedLogins: number };
    expect(Number(row.failedLogins)).toBe(2);
  });

  it('a changed rule (3 failures, 2 minutes) takes effect at the next login', async () => {
    await setRule({ maxFailures: 3, lockMinutes: 2 });
    try {
      await makeUser('lock4');
      expect((await tryLogin('lock4', 'x')).body.errorCode).toBe('2001');
      expect((await tryLogin('lock4', 'x')).body.errorCode).toBe('2001');
      const third = await tryLogin('lock4', 'x');
      expect(third.body).toMatchObject({ errorCode: '2003', errorMsg: '账号已锁定，请2分钟后再试' });
    } finally {
      await setRule({});
    }
  });
});

describe('expiry', () => {
  it('a password older than the expiry days still logs in, flagged passwordExpired (login and /user/info)', async () => {
    const userId = await makeUser('old1');
    const fresh = await tryLogin('old1', DEMO_PASSWORD);
    expect(fresh.body.data.passwordExpired).toBe(false);
    const old = formatDateTime(new Date(Date.now() - 91 * 86_400_000));
    await server.app.db.updateTable('users').set({ passwordChangedAt: old }).where('userId', '=', userId).execute();
    const r = await tryLogin('old1', DEMO_PASSWORD);
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.passwordExpired).toBe(true);
    const info = await call<{ passwordExpired: boolean }>(url, '/user/info', { token: r.body.data.value });
    expect(info.body.data.passwordExpired).toBe(true);

    // Changing the password clears the flag.
    const ch = await call(url, '/ding/user/pwd', { token: r.body.data.value, body: { oldPassword: DEMO_PASSWORD, newPassword: 'Fresh#2026x' } });
    expect(ch.body.errorCode, ch.body.errorMsg).toBe('0');
    const info2 = await call<{ passwordExpired: boolean }>(url, '/user/info', { token: r.body.data.value });
    expect(info2.body.data.passwordExpired).toBe(false);
    const row = (await server.app.db.selectFrom('users').select('passwordChangedAt').where('userId', '=', userId).executeTakeFirstOrThrow()) as { passwordChangedAt: string };
    expect(row.passwordChangedAt > old).toBe(true);
  });

  it('expiry days 0 means never', async () => {
    await setRule({ expireDays: 0 });
    try {
      const userId = await makeUser('old2');
      await server.app.db.updateTable('users').set({ passwordChangedAt: '2000-01-01 00:00:00' }).where('userId', '=', userId).execute();
      expect((await tryLogin('old2', DEMO_PASSWORD)).body.data.passwordExpired).toBe(false);
    } finally {
      await setRule({});
    }
  });
});

describe('/ding/user/pwd', () => {
  it('checks the old password and the rule; records the change', async () => {
    await makeUser('pwd1');
    const token = await login(url, 'pwd1', DEMO_PASSWORD);
    const change = (body: unknown) => call(url, '/ding/user/pwd', { token, body });
    expect((await change({ oldPassword: 'nope', newPassword: 'Good#Pass1' })).body).toMatchObject({ errorCode: '1002', errorMsg: '原密码错误' });
    expect((await change({ oldPassword: DEMO_PASSWORD, newPassword: 'Ab#1' })).body).toMatchObject({ errorCode: '1002', errorMsg: '密码长度不能少于8位' });
    expect((await change({ oldPassword: DEMO_PASSWORD, newPassword: 'abcdefgh12' })).body).toMatchObject({ errorCode: '1002', errorMsg: '密码须包含大写字母、小写字母、数字、特殊字符中的至少3类' });
    expect((await change({ oldPassword: DEMO_PASSWORD, newPassword: 'Xpwd1#abc' })).body).toMatchObject({ errorCode: '1002', errorMsg: '密码不能包含用户名' });
    expect((await change({ oldPassword: DEMO_PASSWORD })).body.errorCode).toBe('1001');
    expect((await change({ oldPassword: DEMO_PASSWORD, newPassword: 'Good#Pass1' })).body.errorCode).toBe('0');
    expect((await tryLogin('pwd1', DEMO_PASSWORD)).body.errorCode).toBe('2001');
    expect((await tryLogin('pwd1', 'Good#Pass1')).body.errorCode).toBe('0');
  });

  it('a raised minimum length refuses a password the old rule accepted', async () => {
    await makeUser('pwd2');
    const token = await login(url, 'pwd2', DEMO_PASSWORD);
    await setRule({ minLength: 12 });
    try {
      const r = await call(url, '/ding/user/pwd', { token, body: { oldPassword: DEMO_PASSWORD, newPassword: 'Short#123' } });
      expect(r.body).toMatchObject({ errorCode: '1002', errorMsg: '密码长度不能少于12位' });
      const ok = await call(url, '/ding/user/pwd', { token, body: { oldPassword: DEMO_PASSWORD, newPassword: 'LongEnough#123' } });
      expect(ok.body.errorCode).toBe('0');
    } finally {
      await setRule({});
    }
  });

  it('needs a login', async () => {
    const r = await call(url, '/ding/user/pwd', { body: { oldPassword: 'a', newPassword: 'b' } });
    expect(r.status).toBe(401);
  });
});

describe('/ding/user/resetPwd', () => {
  it('answers a new random password that satisfies the rule, once; the user must change it', async () => {
    const userId = await makeUser('reset1');
    const old = await login(url, 'reset1', DEMO_PASSWORD);
    const r = await call<{ password: string }>(url, '/ding/user/resetPwd', { token: admin, body: { id: userId } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    const pw = r.body.data.password;
    expect(pw.length).toBeGreaterThanOrEqual(12);
    expect([/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length).toBeGreaterThanOrEqual(3);
    // The old session ends, the old password no longer works, the new one does and must be changed.
    expect((await call(url, '/user/info', { token: old })).status).toBe(401);
    expect((await tryLogin('reset1', DEMO_PASSWORD)).body.errorCode).toBe('2001');
    const again = await tryLogin('reset1', pw);
    expect(again.body.errorCode).toBe('0');
    expect(again.body.data.passwordExpired).toBe(true);
    const hashRow = (await server.app.db.selectFrom('users').select('passwordHash').where('userId', '=', userId).executeTakeFirstOrThrow()) as { passwordHash: string };
    expect(hashRow.passwordHash).not.toContain(pw);
  });

  it('is refused without user:resetPwd, and for an unknown user', async () => {
    const userId = await makeUser('reset2');
    const editor = await login(url, 'xinxi', DEMO_PASSWORD);
    const r = await call(url, '/ding/user/resetPwd', { token: editor, body: { id: userId } });
    expect(r.status).toBe(403);
    expect(r.body.errorMsg).toBe('没有访问权限');
    expect((await call(url, '/ding/user/resetPwd', { token: admin, body: { id: 999999 } })).body.errorCode).toBe('1003');
    expect((await call(url, '/ding/user/resetPwd', { token: admin, body: {} })).body.errorCode).toBe('1001');
  });
});

describe('/passwordRule and /passwordType', () => {
  it('saves, lists, pages, gets; one rule is enabled; the enabled rule cannot be deleted', async () => {
    const a = await setRule({ name: '规则A' });
    const b = await setRule({ name: '规则B' });
    const list = await call<{ id: number; enabled: number }[]>(url, '/passwordRule/list', { token: admin });
    expect(list.body.data.filter((r) => Number(r.enabled) === 1).map((r) => r.id)).toEqual([b.id]);
    const page = await call<{ list: unknown[]; totalRow: number }>(url, '/passwordRule/pageList', { token: admin, body: { pageNum: 1, pageSize: 10, name: '规则A' } });
    expect(page.body.data.totalRow).toBe(1);
    expect((await call(url, '/passwordRule/pageList', { token: admin })).body.errorCode).toBe('1001');
    expect((await call<{ name: string }>(url, '/passwordRule/get', { token: admin, query: { id: a.id } })).body.data.name).toBe('规则A');
    expect((await call(url, '/passwordRule/del', { token: admin, query: { id: b.id } })).body.errorCode).toBe('1005');
    expect((await call(url, '/passwordRule/dels', { token: admin, body: { ids: [a.id, b.id] } })).body.errorCode).toBe('1005');
    expect((await call(url, '/passwordRule/del', { token: admin, query: { id: a.id } })).body.errorCode).toBe('0');
    expect((await call(url, '/passwordRule/get', { token: admin, query: { id: a.id } })).body.errorCode).toBe('1003');
    expect((await call(url, '/passwordRule/saveOrUpdate', { token: admin, body: { name: 'x', minLength: 3, classCount: 3, expireDays: 90, maxFailures: 5, lockMinutes: 10 } })).body.errorCode).toBe('1002');
    expect((await call(url, '/passwordRule/saveOrUpdate', { token: admin, body: { minLength: 8 } })).body.errorCode).toBe('1001');
  });

  it('types: list, get, save, refuse a pattern that is not one character class, reset restores the four defaults', async () => {
    const list = await call<{ id: number; name: string; pattern: string }[]>(url, '/passwordType/list', { token: admin });
    expect(list.body.data.map((t) => t.name)).toEqual(['大写字母', '小写字母', '数字', '特殊字符']);
    const first = list.body.data[0]!;
    expect((await call<{ pattern: string }>(url, '/passwordType/get', { token: admin, query: { id: first.id } })).body.data.pattern).toBe('[A-Z]');
    expect((await call(url, '/passwordType/saveOrUpdate', { token: admin, body: { name: '坏', pattern: '(a+)+$' } })).body.errorCode).toBe('1002');
    const saved = await call(url, '/passwordType/saveOrUpdate', { token: admin, body: { id: first.id, name: '大写', pattern: '[A-HJ-NP-Z]' } });
    expect(saved.body.errorCode).toBe('0');
    const reset = await call<{ name: string }[]>(url, '/passwordType/reset', { token: admin });
    expect(reset.body.data.map((t) => t.name)).toEqual(['大写字母', '小写字母', '数字', '特殊字符']);
  });

  it('the rule calls need their permission keys', async () => {
    const editor = await login(url, 'xinxi', DEMO_PASSWORD);
    for (const path of ['/passwordRule/list', '/passwordRule/saveOrUpdate', '/passwordType/reset']) {
      expect((await call(url, path, { token: editor, body: {} })).status).toBe(403);
    }
  });
});
