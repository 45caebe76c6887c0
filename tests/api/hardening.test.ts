import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, TEST_CAPTCHA_TEXT, DEMO_PASSWORD, type TestServer } from './helpers/testServer.js';

/**
 * Issue 14: where the client address comes from, secrets kept out of the log, security headers, health
 * checks, lockout per address, captcha escalation, slow bodies and connection bounds, bad input.
 * `plain` trusts no proxy (the default); `proxied` trusts 127.0.0.1 as its nginx, with small limits.
 */
let plain: TestServer;
let proxied: TestServer;
const log: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  plain = await startTestServer({ trustProxy: [], loginFailuresPerIp: 3, bodyTimeoutMs: 1000, maxConnectionsPerIp: 8 }, { logStream: stream });
  proxied = await startTestServer({ trustProxy: ['127.0.0.1'], loginFailuresPerIp: 20, loginCaptchaAfter: 2 });
});
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});

/** A login as if from `ip` (believed only by a server that trusts 127.0.0.1). */
async function loginFrom(server: TestServer, ip: string, username: string, password: string, extra: Record<string, string> = {}) {
  const target = new URL('/user/loginNoCode', server.url);
  for (const [k, v] of Object.entries({ username, password, ...extra })) target.searchParams.set(k, v);
  const res = await fetch(target, { method: 'POST', headers: { appKey: 'adminSite', 'X-Forwarded-For': ip } });
  return (await res.json()) as { errorCode: string; errorMsg: string; data: { value: string } | null };
}

describe('request log', () => {
  it('never records passwords or captcha answers, whatever the call', async () => {
    const secret = 'Leak-Me-Not-7731';
    await call(plain.url, '/user/loginNoCode', { query: { username: 'admin', password: secret } });
    await call(plain.url, '/user/login', { query: { username: 'admin', password: secret, verifyCode: 'ZQ9X', codeId: 'abcdefgh12' } });
    await call(plain.url, '/ding/user/pwd', { body: { oldPassword: secret, newPassword: secret } });
    await call(plain.url, '/announcement/list', { query: { password: secret, pageNum: 1 } });
    const text = log.join('');
    expect(text).toContain('/user/loginNoCode?username=***&password=***');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('ZQ9X');
  });
});

describe('headers and health', () => {
  it('API answers: nosniff, no-store, a CSP that forbids framing; /healthz and /readyz', async () => {
    const r = await call(plain.url, '/user/info');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(r.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    const health = await fetch(new URL('/healthz', plain.url));
    expect(health.status).toBe(200);
    const ready = await fetch(new URL('/readyz', plain.url));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('client address (TRUST_PROXY)', () => {
  it('off by default: a forged X-Forwarded-For does not dodge the per-address lock', async () => {
    for (let i = 0; i < 3; i++) await loginFrom(plain, `203.0.113.${i}`, 'admin', 'wrong');
    const blocked = await loginFrom(plain, '203.0.113.99', 'admin', plain.adminPassword);
    expect(blocked.errorCode).toBe('2003');
    expect(blocked.errorMsg).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
  });

  it('with the proxy trusted, each forwarded address counts on its own', async () => {
    for (let i = 0; i < 3; i++) await loginFrom(proxied, `198.51.100.${i}`, 'nobody', 'x');
    const other = await loginFrom(proxied, '198.51.100.200', 'admin', proxied.adminPassword);
    expect(other.errorCode).toBe('0');
  });
});

describe('lockout that an attacker cannot turn against the owner', () => {
  it('5 failures lock the account for the attacking address only; the admin unlocks', async () => {
    const attacker = '192.0.2.66';
    for (let i = 1; i <= 4; i++) {
      const r = await loginFrom(proxied, attacker, 'xinxi2', 'wrong', { codeId: `codeA${i}xxxx`, verifyCode: TEST_CAPTCHA_TEXT });
      if (i > 2) expect(r.errorCode).toBe('2002'); // the captcha was never fetched
    }
    // With real captchas the attacker reaches the limit.
    let last = { errorCode: '', errorMsg: '' };
    for (let i = 0; i < 5 && last.errorCode !== '2003'; i++) {
      const codeId = `attack${i}xyz`;
      await fetch(new URL(`/user/captcha?codeId=${codeId}`, proxied.url), { headers: { 'X-Forwarded-For': attacker } });
      last = await loginFrom(proxied, attacker, 'xinxi2', 'wrong', { codeId, verifyCode: TEST_CAPTCHA_TEXT });
    }
    expect(last).toMatchObject({ errorCode: '2003', errorMsg: '账号已锁定，请10分钟后再试' });
    await fetch(new URL('/user/captcha?codeId=attackright1', proxied.url));
    expect((await loginFrom(proxied, attacker, 'xinxi2', DEMO_PASSWORD, { codeId: 'attackright1', verifyCode: TEST_CAPTCHA_TEXT })).errorCode).toBe('2003');

    // The owner, elsewhere, is not locked out (a captcha is asked: the account has failures).
    const owner = '192.0.2.10';
    const noCaptcha = await loginFrom(proxied, owner, 'xinxi2', DEMO_PASSWORD);
    expect(noCaptcha).toMatchObject({ errorCode: '2002', errorMsg: '登录失败次数过多，请输入验证码' });
    await fetch(new URL('/user/captcha?codeId=owner12345', proxied.url));
    const ownerLogin = await loginFrom(proxied, owner, 'xinxi2', DEMO_PASSWORD, { codeId: 'owner12345', verifyCode: TEST_CAPTCHA_TEXT });
    expect(`${ownerLogin.errorCode} ${ownerLogin.errorMsg}`).toBe('0 登录成功');

    // The administrator's unlock frees the attacking address too.
    const admin = await login(proxied.url, 'admin', proxied.adminPassword);
    const user = (await proxied.app.db.selectFrom('users').select('userId').where('username', '=', 'xinxi2').executeTakeFirstOrThrow()) as { userId: number };
    const unlock = await call(proxied.url, '/ding/user/unlock', { token: admin, body: { id: Number(user.userId) } });
    expect(unlock.body).toMatchObject({ errorCode: '0', errorMsg: '已解除锁定' });
    // (That address still answers a captcha: it has failures of its own.)
    await fetch(new URL('/user/captcha?codeId=afterunlock', proxied.url));
    expect((await loginFrom(proxied, attacker, 'xinxi2', DEMO_PASSWORD, { codeId: 'afterunlock', verifyCode: TEST_CAPTCHA_TEXT })).errorCode).toBe('0');
  });
});

describe('slow clients and many connections', () => {
  it('a body sent byte by byte is cut off after the body timeout', async () => {
    const { port } = new URL(plain.url);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /web/mail/add HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
        const drip = setInterval(() => socket.write(' '), 200);
        socket.on('close', () => {
          clearInterval(drip);
          resolve(Date.now() - started);
        });
      });
      socket.on('error', () => undefined);
    });
    console.log(`slow body closed after ${closedAfter} ms (BODY_TIMEOUT_MS=1000)`);
    // Sent whole, the 1000 bytes would take 200 s; cut off after the 1 s timeout (ten-fold margin for a loaded
    // machine; was 4 s).
    expect(closedAfter).toBeLessThan(10_000);
  });

  it('connections beyond the bound per address are answered 503 with a message, never reset', async () => {
    const { port } = new URL(plain.url);
    // 14 connections that have not sent a request yet (none may make room: a second has not passed).
    const sockets = await Promise.all(
      Array.from({ length: 14 }, () => new Promise<{ s: net.Socket; text: string }>((resolve) => {
        const s = net.connect(Number(port), '127.0.0.1');
        const state = { s, text: '' };
        s.on('data', (chunk: Buffer) => (state.text += chunk.toString()));
        s.on('error', () => undefined);
        s.on('connect', () => resolve(state));
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const x of sockets) x.s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const status = (t: string) => /^HTTP\/1\.1 (\d{3})/.exec(t)?.[1] ?? 'none';
    // Every connection gets an answer (was: read after a fixed 1.5 s, which a loaded machine can outlast).
    await expect.poll(() => sockets.filter((x) => status(x.text) === 'none').length, { timeout: 15_000 }).toBe(0);
    const statuses = sockets.map((x) => status(x.text));
    for (const x of sockets) x.s.destroy();
    expect(statuses.filter((c) => c === '200').length).toBe(8);
    expect(statuses.filter((c) => c === '503').length).toBe(6);
    const refusal = sockets.find((x) => status(x.text) === '503')!.text;
    expect(refusal).toContain('"errorMsg":"您所在网络的连接数过多，请稍后再试"');
    expect(refusal.toLowerCase()).toContain('connection: close');
  });
});

describe('bad input is a clear answer, never a 500', () => {
  it('huge page numbers, long filters, nulls for required fields', async () => {
    const admin = await login(proxied.url, 'admin', proxied.adminPassword);
    const page = await call<{ list: unknown[] }>(proxied.url, '/announcement/list', { token: admin, body: { pageNum: 1e18, pageSize: 1e9 } });
    expect(page.status).toBe(200);
    expect(page.body.errorCode).toBe('0');
    expect(page.body.data.list).toEqual([]);
    const long = await call(proxied.url, '/announcement/list', { token: admin, body: { title: 'x'.repeat(50_000) } });
    expect(long.body).toMatchObject({ errorCode: '1002', errorMsg: '标题过长，最多200个字符' });
    const dept = await call(proxied.url, '/ding/dept/save', { token: admin, body: { name: '空状态部门', state: null } });
    expect(dept.status).toBe(200);
    expect(dept.body.errorCode).not.toBe('0');
    expect(dept.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
