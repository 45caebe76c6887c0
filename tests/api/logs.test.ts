import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../server/util/time.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Log = {
  id: number;
  type: string;
  userId: number | null;
  username: string | null;
  ip: string;
  path: string;
  params: string | null;
  resultCode: string;
  resultMsg: string | null;
  success: number;
  appKey: string;
  createTime: string;
};
type Page = { list: Log[]; totalRow: number };

let server: TestServer;
let url: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const search = (body: Record<string, unknown>, path = '/log/list', token = admin) => call<Page>(url, path, { token, body: { pageNum: 1, pageSize: 50, ...body } });

/** The log row is written just after the answer leaves: wait for it (up to 20 s: a loaded machine is slow to). */
async function waitFor(body: Record<string, unknown>, path = '/log/list'): Promise<Log[]> {
  for (const end = Date.now() + 20_000; Date.now() < end; ) {
    const r = await search(body, path);
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    if (r.body.data.list.length) return r.body.data.list;
    await new Promise((res) => setTimeout(res, 20));
  }
  return [];
}

describe('what is recorded', () => {
  it('a failed login: the name tried, IP, path, result and the real reason; no password', async () => {
    const r = await call(url, '/user/loginNoCode', { query: { username: 'xinxi', password: 'Secret#Wrong9' } });
    expect(r.body.errorCode).toBe('2001');
    const rows = await waitFor({ type: 'login', username: 'xinxi', success: 0 });
    const row = rows[0]!;
    expect(row).toMatchObject({ type: 'login', username: 'xinxi', path: '/user/loginNoCode', resultCode: '2001', success: 0, appKey: 'adminSite' });
    expect(row.resultMsg).toContain('用户名或密码错误');
    expect(row.resultMsg).toContain('密码错误');
    expect(row.userId).toBeGreaterThan(0);
    expect(row.ip).toMatch(/127\.0\.0\.1/);
    expect(JSON.stringify(rows)).not.toContain('Secret#Wrong9');

    await call(url, '/user/loginNoCode', { query: { username: 'nobody-here', password: 'x' } });
    const unknown = await waitFor({ type: 'login', username: 'nobody-here' });
    expect(unknown[0]).toMatchObject({ userId: null, success: 0 });
    expect(unknown[0]!.resultMsg).toContain('用户不存在');
  });

  it('a successful login, with the user id', async () => {
    await login(url, 'shenhe', DEMO_PASSWORD);
    const rows = await waitFor({ type: 'login', username: 'shenhe', success: 1 });
    expect(rows[0]).toMatchObject({ resultCode: '0', path: '/user/loginNoCode' });
    expect(rows[0]!.userId).toBeGreaterThan(0);
  });

  it('a change, with user, IP, path, scrubbed parameters and result; a refused change too; reads are not recorded', async () => {
    const save = await call<{ id: number }>(url, '/data/dict/save', { token: admin, body: { dictKey: 'logTest', name: '日志测试' } });
    expect(save.body.errorCode).toBe('0');
    const rows = await waitFor({ path: '/data/dict/save' }, '/systemLogList');
    expect(rows[0]).toMatchObject({ type: 'operation', username: 'admin', resultCode: '0', success: 1 });
    expect(rows[0]!.params).toContain('logTest');

    const editor = await login(url, 'xinxi', DEMO_PASSWORD);
    const refused = await call(url, '/data/dict/del', { token: editor, body: { id: save.body.data.id } });
    expect(refused.status).toBe(403);
    const denied = await waitFor({ path: '/data/dict/del', username: 'xinxi' });
    expect(denied[0]).toMatchObject({ resultCode: '403', success: 0 });

    const pwd = await call(url, '/ding/user/pwd', { token: editor, body: { oldPassword: DEMO_PASSWORD, newPassword: 'short' } });
    expect(pwd.body.errorCode).toBe('1002');
    const pwdRows = await waitFor({ path: '/ding/user/pwd' });
    expect(pwdRows[0]!.params).not.toContain(DEMO_PASSWORD);
    expect(pwdRows[0]!.params).toContain('***');

    await call(url, '/data/dict/list', { token: admin, body: {} });
    await call(url, '/data/dict/all/kv', { token: admin });
    await new Promise((res) => setTimeout(res, 100));
    expect((await search({ path: '/data/dict/list' })).body.data.totalRow).toBe(0);
    expect((await search({ path: '/data/dict/all/kv' })).body.data.totalRow).toBe(0);
  });

  it('a client-reported entry is written as the logged-in user', async () => {
    const r = await call<{ id: number }>(url, '/log/systemLogSave', { token: admin, body: { operation: '导出文章统计', path: '/main/article/statistics', username: 'someoneElse' } });
    expect(r.body.errorCode).toBe('0');
    const row = await call<Log>(url, '/log/get', { token: admin, query: { id: r.body.data.id } });
    expect(row.body.data).toMatchObject({ type: 'client', username: 'admin', path: '/main/article/statistics' });
    expect((await call(url, '/log/systemLogSave', { token: admin, body: {} })).body.errorCode).toBe('1002');
  });
});

describe('searching', () => {
  it('filters by type, user, result, IP, path and time range; /systemLogList leaves logins out unless asked', async () => {
    await call(url, '/user/loginNoCode', { query: { username: 'shenji', password: 'bad' } });
    await waitFor({ username: 'shenji', success: 0 });
    const all = (await search({ pageSize: 200 })).body.data.list;
    expect(all.length).toBeGreaterThan(3);
    const logins = (await search({ type: 'login', pageSize: 200 })).body.data.list;
    expect(logins.every((l) => l.type === 'login')).toBe(true);
    expect((await search({ success: 0, pageSize: 200 })).body.data.list.every((l) => l.success === 0)).toBe(true);
    expect((await search({ ip: '127.0.0.1' })).body.data.totalRow).toBeGreaterThan(0);
    expect((await search({ ip: '10.9.9.9' })).body.data.totalRow).toBe(0);
    const ops = (await search({ pageSize: 200 }, '/systemLogList')).body.data.list;
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.some((l) => l.type === 'login')).toBe(false);
    expect((await search({ type: 'login' }, '/systemLogList')).body.data.list.every((l) => l.type === 'login')).toBe(true);

    const today = formatDateTime().slice(0, 10);
    expect((await search({ startTime: today, endTime: today })).body.data.totalRow).toBe((await search({})).body.data.totalRow);
    expect((await search({ startTime: '2000-01-01', endTime: '2000-01-02' })).body.data.totalRow).toBe(0);
    expect((await search({ startTime: 'yesterday' })).body.errorCode).toBe('1002');
  });

  it('log:list: the 审计员 reads logs; a user without it gets 403', async () => {
    const inspector = await login(url, 'shenji', DEMO_PASSWORD);
    expect((await search({}, '/log/list', inspector)).body.errorCode).toBe('0');
    expect((await search({}, '/systemLogList', inspector)).body.errorCode).toBe('0');
    const editor = await login(url, 'xinxi', DEMO_PASSWORD);
    const r = await search({}, '/log/list', editor);
    expect(r.status).toBe(403);
    expect(r.body.errorMsg).toBe('没有访问权限');
    expect((await search({}, '/systemLogList', editor)).status).toBe(403);
    // The inspector cannot purge.
    expect((await call(url, '/log/purge', { token: inspector, body: { days: 365 } })).status).toBe(403);
  });
});

describe('retention', () => {
  it('no call deletes entries younger than 180 days', async () => {
    const db = server.app.db;
    const old = formatDateTime(new Date(Date.now() - 200 * 86_400_000));
    const recent = formatDateTime(new Date(Date.now() - 170 * 86_400_000));
    for (const [createTime, path] of [[old, '/old/entry'], [recent, '/recent/entry']]) {
      await db.insertInto('system_log').values({ type: 'operation', username: 'archive', path, success: 1, resultCode: '0', createTime }).execute();
    }
    const refused = await call(url, '/log/purge', { token: admin, body: { days: 30 } });
    expect(refused.body.errorCode).toBe('1002');
    expect(refused.body.errorMsg).toContain('180');
    expect((await call(url, '/log/purge', { token: admin, body: {} })).body.errorCode).toBe('1001');
    const done = await call<{ deleted: number }>(url, '/log/purge', { token: admin, body: { days: 180 } });
    expect(done.body.errorCode).toBe('0');
    expect(done.body.data.deleted).toBe(1);
    const left = (await db.selectFrom('system_log').select('path').where('username', '=', 'archive').execute()) as { path: string }[];
    expect(left.map((r) => r.path)).toEqual(['/recent/entry']);
    // No edit or delete call exists for single entries.
    for (const path of ['/log/del', '/log/dels', '/log/update', '/systemLogDel']) {
      expect((await call(url, path, { token: admin, body: { id: 1, ids: [1] } })).status).toBe(404);
    }
  });
});
