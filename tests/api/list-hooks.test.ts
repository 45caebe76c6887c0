import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// The generic list's `api.list.keyBy`, the search handed to `grant` hooks and the `afterList` hook, on the
// declaration that uses them (通知's /notice/my/list: the inbox beyond the data scope, or the outbox in it).
type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number; unreadCount?: number };

let server: TestServer;
let url: string;
let admin: string;
let officer: string;
let noticeId: number;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  officer = await login(url, 'jiaoyu', DEMO_PASSWORD);
  const officerId = Number(((await server.app.db.selectFrom('users').select('userId').where('username', '=', 'jiaoyu').executeTakeFirstOrThrow()) as { userId: number }).userId);
  noticeId = (await call<Rec>(url, '/notice/add', { token: admin, body: { title: '列表钩子测试', content: '<p>x</p>', targetUserIds: [officerId] } })).body.data.id;
});
afterAll(async () => server?.close());

const list = (token: string, body: Record<string, unknown>) => call<Page>(url, '/notice/my/list', { token, body });

describe('generic list hooks', () => {
  it('keyBy: the key follows the search value, from the body or the query', async () => {
    expect((await list(officer, { box: 'outbox' })).status).toBe(403);
    expect((await call(url, '/notice/my/list', { token: officer, query: { box: 'outbox' } })).status).toBe(403);
    expect((await list(officer, {})).body.errorCode).toBe('0');
  });

  it('grant with the search: the inbox reaches a notice outside the reader\'s scope, the outbox does not', async () => {
    const inbox = (await list(officer, { pageSize: 200 })).body.data.list.map((r) => r.id);
    expect(inbox).toContain(noticeId);
    const outbox = (await list(admin, { box: 'outbox', pageSize: 200 })).body.data.list.map((r) => r.id);
    expect(outbox).toContain(noticeId);
    // the admin is not addressed: his inbox leaves it out whatever his scope
    expect((await list(admin, { pageSize: 200 })).body.data.list.map((r) => r.id)).not.toContain(noticeId);
  });

  it('afterList: per-caller values on each row and a value beside the page; the hook\'s refusal answers', async () => {
    const before = (await list(officer, { pageSize: 200 })).body.data;
    const row = before.list.find((r) => r.id === noticeId)!;
    expect(row).toMatchObject({ readFlag: 0, readTime: null, readCount: 0 });
    expect(row.targetUserIds).toBeUndefined();
    expect(before.unreadCount).toBe(before.list.filter((r) => r.readFlag === 0).length);
    await call(url, '/notice/read', { token: officer, body: { id: noticeId } });
    const after = (await list(officer, { pageSize: 200 })).body.data;
    expect(after.list.find((r) => r.id === noticeId)).toMatchObject({ readFlag: 1, readCount: 1 });
    expect(after.unreadCount).toBe(Number(before.unreadCount) - 1);
    expect((await list(admin, { box: 'outbox' })).body.data.unreadCount).toBeUndefined();
    expect((await list(officer, { readFlag: 2 })).body).toMatchObject({ errorCode: '1002', errorMsg: '已读标记取值不正确' });
  });
});
