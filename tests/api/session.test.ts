import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../server/util/time.js';
import { sha256 } from '../../server/auth/tokens.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer.js';

let server: TestServer;
let url: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
});
afterAll(async () => server?.close());

async function captcha(codeId: string) {
  const res = await fetch(new URL(`/user/captcha?codeId=${codeId}`, url));
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('envelope and errors', () => {
  it('answers the envelope on success and failure', async () => {
    const token = await login(url, 'admin', server.adminPassword);
    const okReply = await call(url, '/user/info', { token });
    expect(okReply.status).toBe(200);
    expect(okReply.body).toMatchObject({ errorCode: '0', errorMsg: '操作成功' });
    const bad = await call(url, '/user/loginNoCode', { query: { username: 'admin', password: 'wrong-password' } });
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ errorCode: '2001', errorMsg: '用户名或密码错误', data: null });
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const token = await login(url, 'admin', server.adminPassword);
    const r = await call(url, '/announcement/list', { token, rawBody: '{"pageNum": 1,' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errorCode: '400', errorMsg: '请求格式错误', data: null });
    const arr = await call(url, '/announcement/list', { token, body: [1, 2] });
    expect(arr.status).toBe(400);
    expect(arr.body.errorMsg).toBe('请求格式错误');
  });

  it('answers 404 for unknown routes, logged in or not', async () => {
    const r = await call(url, '/no/such/route');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ errorCode: '404', errorMsg: '接口不存在', data: null });
    const g = await call(url, '/nothing-here', { method: 'GET' });
    expect(g.status).toBe(404);
  });

  it('names the missing required parameter', async () => {
    const r = await call(url, '/user/loginNoCode', { query: { username: 'admin' } });
    expect(r.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：password' });
  });

  it('answers 413 for a body over the limit', async () => {
    const token = await login(url, 'admin', server.adminPassword);
    const r = await call(url, '/announcement/list', { token, rawBody: JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }) });
    expect(r.status).toBe(413);
    expect(r.body.errorCode).toBe('413');
  });
});

describe('captcha login', () => {
  it('serves an svg and refuses a bad codeId', async () => {
    const c = await captcha('abcdefgh123');
    expect(c.status).toBe(200);
    expect(c.type).toContain('image/svg+xml');
    expect(c.text).toContain('<svg');
    const bad = await fetch(new URL('/user/captcha?codeId=a$', url));
    expect(((await bad.json()) as { errorCode: string }).errorCode).toBe('1002');
  });

  it('refuses a wrong answer and uses the captcha up', async () => {
    await captcha('code-wrong-1');
    const wrong = await call(url, '/user/login', { query: { username: 'admin', password: server.adminPassword, verifyCode: 'zzzz', codeId: 'code-wrong-1' } });
    expect(wrong.body).toMatchObject({ errorCode: '2002', errorMsg: '验证码错误或已过期' });
    // The right answer after a wrong try is refused: one attempt per captcha.
    const again = await call(url, '/user/login', { query: { username: 'admin', password: server.adminPassword, verifyCode: TEST_CAPTCHA_TEXT, codeId: 'code-wrong-1' } });
    expect(again.body.errorCode).toBe('2002');
  });

  it('accepts the right answer once, case-insensitively', async () => {
    await captcha('code-right-1');
    const q = { username: 'admin', password: server.adminPassword, verifyCode: TEST_CAPTCHA_TEXT.toLowerCase(), codeId: 'code-right-1' };
    const r = await call<{ value: string }>(url, '/user/login', { query: q });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reuse = await call(url, '/user/login', { query: q });
    expect(reuse.body.errorCode).toBe('2002');
  });

  it('refuses an expired captcha', async () => {
    await captcha('code-expired-1');
    await server.app.db.updateTable('captchas').set({ expiresAt: formatDateTime(new Date(Date.now() - 1000)) }).where('codeId', '=', 'code-expired-1').execute();
    const r = await call(url, '/user/login', { query: { username: 'admin', password: server.adminPassword, verifyCode: TEST_CAPTCHA_TEXT, codeId: 'code-expired-1' } });
    expect(r.body.errorCode).toBe('2002');
  });

  it('stores only a hash of the answer', async () => {
    await captcha('code-hash-check');
    const row = (await server.app.db.selectFrom('captchas').selectAll().where('codeId', '=', 'code-hash-check').executeTakeFirst()) as Record<string, string>;
    expect(JSON.stringify(row)).not.toContain(TEST_CAPTCHA_TEXT);
  });
});

describe('sessions', () => {
  it('accepts raw and Bearer tokens, and revokes on logout', async () => {
    const token = await login(url, 'shenhe', DEMO_PASSWORD);
    const raw = await call<{ username: string; roleNames: string[]; deptName: string }>(url, '/user/info', { token });
    expect(raw.body.data).toMatchObject({ username: 'shenhe', deptName: '县政府办公室', roleNames: ['内容审核员'], appKey: 'adminSite' });
    const bearer = await call(url, '/user/info/view', { token, bearer: true, method: 'GET' });
    expect(bearer.body.errorCode).toBe('0');
    const out = await call(url, '/people/logout', { token });
    expect(out.body.errorCode).toBe('0');
    const after = await call(url, '/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ errorCode: '401', errorMsg: '登录已失效，请重新登录', data: null });
  });

  it('stores only the SHA-256 of a token', async () => {
    const token = await login(url, 'shenhe', DEMO_PASSWORD);
    const rows = (await server.app.db.selectFrom('sessions').select('tokenHash').execute()) as { tokenHash: string }[];
    expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await call(url, '/user/info')).status).toBe(401);
    expect((await call(url, '/announcement/list', { token: 'not-a-token' })).status).toBe(401);
  });

  it('expires an idle session', async () => {
    const token = await login(url, 'shenhe', DEMO_PASSWORD);
    expect((await call(url, '/user/info', { token })).status).toBe(200);
    const idle = server.app.portal.config.sessionIdleMinutes;
    await server.app.db
      .updateTable('sessions')
      .set({ lastSeenAt: formatDateTime(new Date(Date.now() - (idle + 1) * 60_000)) })
      .where('tokenHash', '=', sha256(token))
      .execute();
    expect((await call(url, '/user/info', { token })).status).toBe(401);
  });

  it('keeps a session alive while it is used within the idle time', async () => {
    const token = await login(url, 'shenhe', DEMO_PASSWORD);
    const idle = server.app.portal.config.sessionIdleMinutes;
    await server.app.db
      .updateTable('sessions')
      .set({ lastSeenAt: formatDateTime(new Date(Date.now() - (idle - 1) * 60_000)) })
      .where('tokenHash', '=', sha256(token))
      .execute();
    expect((await call(url, '/user/info', { token })).status).toBe(200);
  });

  it('binds a token to the app it logged in to', async () => {
    const token = await login(url, 'xinxi', DEMO_PASSWORD, 'reportSite');
    expect((await call(url, '/user/info', { token, appKey: 'reportSite' })).body.errorCode).toBe('0');
    expect((await call(url, '/user/info', { token, appKey: 'adminSite' })).status).toBe(401);
    // A missing appKey counts as adminSite.
    const adminToken = await login(url, 'xinxi', DEMO_PASSWORD);
    const res = await fetch(new URL('/user/info', url), { method: 'POST', headers: { Authorization: adminToken } });
    expect(res.status).toBe(200);
  });

  it('refuses an app the roles grant no menu of, and disabled accounts', async () => {
    const db = server.app.db;
    const now = formatDateTime();
    const { hashPassword } = await import('../../server/auth/password.js');
    await db.insertInto('users').values({ username: 'norole', name: '无角色', passwordHash: await hashPassword(DEMO_PASSWORD), status: 1, userType: 0, createTime: now }).execute();
    const r = await call(url, '/user/loginNoCode', { query: { username: 'norole', password: DEMO_PASSWORD } });
    expect(r.body).toMatchObject({ errorCode: '2004', errorMsg: '该账号无权登录此系统' });
    await db.updateTable('users').set({ status: 0 }).where('username', '=', 'xinxi2').execute();
    const d = await call(url, '/user/loginNoCode', { query: { username: 'xinxi2', password: DEMO_PASSWORD } });
    expect(d.body.errorCode).toBe('2004');
    await db.updateTable('users').set({ status: 1 }).where('username', '=', 'xinxi2').execute();
  });

  it('refuses an unknown user like a wrong password', async () => {
    const r = await call(url, '/user/loginNoCode', { query: { username: 'nobody', password: 'x' } });
    expect(r.body).toMatchObject({ errorCode: '2001', errorMsg: '用户名或密码错误' });
  });
});

describe('menu/list', () => {
  type Node = { alias: string; type: string; sort: number; children: Node[] };
  const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

  it('gives the admin every menu and button of the admin app, sorted', async () => {
    const token = await login(url, 'admin', server.adminPassword);
    const r = await call<{ menusList: Node[]; buttonList: string[] }>(url, '/menu/list', { token });
    const { menusList, buttonList } = r.body.data;
    expect(menusList.map((n) => n.alias)).toEqual(['home', 'content', 'interact', 'system', 'siteMonitoring']);
    const all = flatten(menusList);
    expect(all.every((n) => n.type === 'Catalogue' || n.type === 'Menu')).toBe(true);
    expect(all.map((n) => n.alias)).toEqual(expect.arrayContaining(['announcement', 'hot', 'sensitive', 'website']));
    for (const name of ['announcement', 'hot', 'sensitive', 'website']) {
      for (const op of ['list', 'get', 'add', 'update', 'delete']) expect(buttonList).toContain(`${name}:${op}`);
    }
    const content = menusList.find((n) => n.alias === 'content') as Node;
    const sorts = content.children.map((n) => n.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('gives a restricted role only its grants, and the report app its own tree', async () => {
    const token = await login(url, 'xinxi', DEMO_PASSWORD);
    const r = await call<{ menusList: Node[]; buttonList: string[] }>(url, '/menu/list', { token });
    // 部门信息员 edits announcements and hot items (other modules grant it more as they arrive), never deletes
    // them, and holds nothing of system settings or site monitoring.
    const buttons = r.body.data.buttonList;
    expect(buttons).toEqual(
      expect.arrayContaining(['announcement:add', 'announcement:get', 'announcement:list', 'announcement:update', 'hot:add', 'hot:get', 'hot:list', 'hot:update']),
    );
    expect(buttons).not.toContain('announcement:delete');
    expect(buttons).not.toContain('hot:delete');
    expect(buttons.filter((b) => /^(sensitive|website|role|user|menu|department):/.test(b))).toEqual([]);
    const aliases = flatten(r.body.data.menusList).map((n) => n.alias);
    expect(aliases).not.toContain('sensitive');
    expect(aliases).toContain('announcement');
    const rt = await login(url, 'xinxi', DEMO_PASSWORD, 'reportSite');
    const rr = await call<{ menusList: Node[]; buttonList: string[] }>(url, '/menu/list', { token: rt, appKey: 'reportSite' });
    expect(rr.body.data.menusList.map((n) => n.alias)).toEqual(['report']);
    expect(rr.body.data.menusList[0]?.children.map((n) => n.alias)).toContain('report:home');
    // The reporting app answers its own buttons only (issue 4 gives its screens keys), none of the admin app's.
    expect(rr.body.data.buttonList.filter((b) => /^(announcement|hot):/.test(b))).toEqual([]);
  });

  it('ignores the grants of a disabled role', async () => {
    const db = server.app.db;
    await db.updateTable('roles').set({ enabled: 0 }).where('name', '=', '审计员').execute();
    try {
      const r = await call(url, '/user/loginNoCode', { query: { username: 'shenji', password: DEMO_PASSWORD } });
      expect(r.body.errorCode).toBe('2004');
    } finally {
      await db.updateTable('roles').set({ enabled: 1 }).where('name', '=', '审计员').execute();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 in the envelope after too many logins', async () => {
    const limited = await startTestServer({}, { rateLimit: { loginPerMinute: 3 } });
    try {
      const token = await login(limited.url, 'admin', limited.adminPassword);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await call(limited.url, '/user/loginNoCode', { query: { username: 'nobody', password: 'x' } });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 2)).toEqual([200, 200]);
      expect(statuses[3]).toBe(429);
      expect(last?.body).toEqual({ errorCode: '429', errorMsg: '操作过于频繁，请稍后再试', data: null });
      // CRUD routes are not limited.
      for (let i = 0; i < 10; i++) {
        expect((await call(limited.url, '/announcement/list', { token, body: {} })).status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('loginNoCode switch', () => {
  it('answers 2004 when LOGIN_NO_CODE is off', async () => {
    const off = await startTestServer({ loginNoCode: false });
    try {
      const r = await call(off.url, '/user/loginNoCode', { query: { username: 'admin', password: off.adminPassword } });
      expect(r.body).toMatchObject({ errorCode: '2004', errorMsg: '该登录方式已停用' });
    } finally {
      await off.close();
    }
  });
});
