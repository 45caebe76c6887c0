import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/types.js';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer.js';

/** Idempotency-Key (server/http/idempotency.ts): generic, module and public create routes, staff and visitors. */
type Rec = Record<string, unknown>;

let server: TestServer;
let url: string;
let admin: string;
let xinxi: string;
let columnId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  xinxi = await login(url, 'xinxi', DEMO_PASSWORD, 'reportSite');
  const cols = (await call<Rec[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
  columnId = Number(cols.find((c) => c.categoryTitle === '部门动态')?.categoryId);
  setPublicLimits(server.app, 'mail', { perWindow: 100, perDay: 100, globalPerDay: 1000 });
}, 180_000);
afterAll(async () => server?.close());

async function count(table: string, where?: [string, unknown]): Promise<number> {
  let q = dynamic(server.app.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  if (where) q = q.where(where[0], '=', where[1]);
  const row = (await q.executeTakeFirst()) as { n: number | string };
  return Number(row.n);
}
const key = () => randomUUID();
const notice = (title: string) => ({ title, type: 2, content: '<p>正文</p>', source: '县政府办公室', publishTime: '2026-04-01 09:00:00' });

describe('staff create routes', () => {
  it('generic create: the same key twice stores one record and answers the first result', async () => {
    const k = key();
    const title = `幂等公告${(seq += 1)}`;
    const first = await call<Rec>(url, '/announcement/add', { token: admin, body: notice(title), headers: { 'Idempotency-Key': k } });
    const second = await call<Rec>(url, '/announcement/add', { token: admin, body: notice(title), headers: { 'Idempotency-Key': k } });
    expect(first.body.errorCode).toBe('0');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await count('announcement', ['title', title])).toBe(1);
    // A new key is a new record.
    const third = await call<Rec>(url, '/announcement/add', { token: admin, body: notice(title), headers: { 'Idempotency-Key': key() } });
    expect(third.body.data.id).not.toBe(first.body.data.id);
    expect(await count('announcement', ['title', title])).toBe(2);
  });

  it('concurrent identical requests (a double click) store one record; every answer is the first one', async () => {
    const k = key();
    const title = `并发公告${(seq += 1)}`;
    const replies = await Promise.all(Array.from({ length: 6 }, () => call<Rec>(url, '/announcement/add', { token: admin, body: notice(title), headers: { 'Idempotency-Key': k } })));
    expect(replies.every((r) => r.body.errorCode === '0')).toBe(true);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    expect(await count('announcement', ['title', title])).toBe(1);
  });

  it('module route (article submitted for review, reporting app): one article per key', async () => {
    const k = key();
    const title = `幂等报送${(seq += 1)}`;
    const body = { title, columnId, content: '<p>正文</p>', status: 4 };
    const send = () => call<Rec>(url, '/api/article/save/role', { token: xinxi, appKey: 'reportSite', body, headers: { 'Idempotency-Key': k } });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect(a.body.errorCode, a.body.errorMsg).toBe('0');
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    expect(await count('article', ['title', title])).toBe(1);
  });

  it('a refused first answer is not kept: the corrected form goes through with the same key', async () => {
    const k = key();
    const title = `更正后公告${(seq += 1)}`;
    const bad = await call(url, '/announcement/add', { token: admin, body: { ...notice(title), title: '' }, headers: { 'Idempotency-Key': k } });
    expect(bad.body.errorCode).not.toBe('0');
    const good = await call<Rec>(url, '/announcement/add', { token: admin, body: notice(title), headers: { 'Idempotency-Key': k } });
    expect(good.body.errorCode, good.body.errorMsg).toBe('0');
    expect(good.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('announcement', ['title', title])).toBe(1);
  });

  it('refuses a key reused for another body, and a malformed key, in Chinese', async () => {
    const k = key();
    await call(url, '/announcement/add', { token: admin, body: notice(`甲${(seq += 1)}`), headers: { 'Idempotency-Key': k } });
    const other = await call(url, '/announcement/add', { token: admin, body: notice(`乙${seq}`), headers: { 'Idempotency-Key': k } });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ errorCode: '1002', errorMsg: expect.stringContaining('幂等键') });
    expect(await count('announcement', ['title', `乙${seq}`])).toBe(0);
    const bad = await call(url, '/announcement/add', { token: admin, body: notice(`丙${seq}`), headers: { 'Idempotency-Key': 'x y' } });
    expect(bad.body).toMatchObject({ errorCode: '1002', errorMsg: expect.stringContaining('幂等键（Idempotency-Key）格式不正确') });
  });

  it('keys belong to their caller, and an expired answer replays nothing', async () => {
    const k = key();
    const title = `过期公告${(seq += 1)}`;
    await call(url, '/announcement/add', { token: admin, body: notice(title), headers: { 'Idempotency-Key': k } });
    await server.app.db.updateTable('idempotency_record').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('key', '=', k).execute();
    const again = await call<Rec>(url, '/announcement/add', { token: admin, body: notice(title), headers: { 'Idempotency-Key': k } });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('announcement', ['title', title])).toBe(2);
  });

  it('calls without the header are unchanged', async () => {
    const title = `无键公告${(seq += 1)}`;
    await call(url, '/announcement/add', { token: admin, body: notice(title) });
    await call(url, '/announcement/add', { token: admin, body: notice(title) });
    expect(await count('announcement', ['title', title])).toBe(2);
  });
});

async function captcha(): Promise<string> {
  const codeId = `idem${Date.now()}${(seq += 1)}`;
  await (await fetch(new URL(`/user/captcha?codeId=${codeId}`, url))).text();
  return codeId;
}

/** A visitor: no token, its own address (X-Forwarded-For is trusted from the test's proxy). */
async function visitor(body: Rec, ip: string, idemKey?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': ip };
  if (idemKey) headers['Idempotency-Key'] = idemKey;
  const res = await fetch(new URL('/web/mail/add', url), { method: 'POST', headers, body: JSON.stringify(body) });
  return { headers: res.headers, body: (await res.json()) as { errorCode: string; errorMsg: string; data: { id: number; queryCode: string } } };
}
const letter = (title: string) => ({ title, content: '建议合理安排午休时间。', type: 3, boxType: 2, name: '张三', phone: '13912345678', isPublic: 1 });

describe('public create routes (the site sends the header too)', () => {
  it('a letter sent twice with one key is stored once; the repeat answers the same query code', async () => {
    const k = key();
    const title = `幂等来信${(seq += 1)}`;
    const body = { ...letter(title), codeId: await captcha(), verifyCode: TEST_CAPTCHA_TEXT };
    const [a, b] = await Promise.all([visitor(body, '198.51.100.7', k), visitor(body, '198.51.100.7', k)]);
    const c = await visitor(body, '198.51.100.7', k);
    expect(a.body.errorCode, a.body.errorMsg).toBe('0');
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    expect(await count('mail', ['title', title])).toBe(1);
  });

  it('the same key from another address is another visitor', async () => {
    const k = key();
    const title = `两位来信${(seq += 1)}`;
    const one = await visitor({ ...letter(title), codeId: await captcha(), verifyCode: TEST_CAPTCHA_TEXT }, '198.51.100.8', k);
    const two = await visitor({ ...letter(title), codeId: await captcha(), verifyCode: TEST_CAPTCHA_TEXT }, '198.51.100.9', k);
    expect([one.body.errorCode, two.body.errorCode]).toEqual(['0', '0']);
    expect(two.body.data.queryCode).not.toBe(one.body.data.queryCode);
    expect(await count('mail', ['title', title])).toBe(2);
  });
});
