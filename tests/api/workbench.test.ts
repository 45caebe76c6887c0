import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkbenchSummary } from '../../resources/workbench/todos.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 工作台 (docs/backoffice.md "Workbench"): /api/workbench/summary answers each to-do the caller may see with the
// totalRow of the very list its link opens, in the caller's data scope; it moves when the data does.
let server: TestServer;
let url: string;
const tokens: Record<string, string> = {};

const summary = async (who: string, appKey = 'adminSite') => {
  const r = await call<WorkbenchSummary>(url, '/api/workbench/summary', { token: tokens[who], appKey });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
};
const countOf = (s: WorkbenchSummary, key: string) => s.todos.find((t) => t.key === key)?.count;
const total = async (who: string, path: string, body: Record<string, unknown>, appKey = 'adminSite') => {
  const r = await call<{ totalRow: number }>(url, path, { token: tokens[who], appKey, body: { pageNum: 1, pageSize: 10, ...body } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data.totalRow;
};

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  tokens.admin = await login(url, 'admin', server.adminPassword);
  for (const u of ['shenhe', 'xinxi', 'jiaoyu']) tokens[u] = await login(url, u, DEMO_PASSWORD);
  tokens.xinxiReport = await login(url, 'xinxi', DEMO_PASSWORD, 'reportSite');
});
afterAll(async () => server?.close());

describe('/api/workbench/summary', () => {
  it('shows each to-do only by permission, with the counts of the lists it links to', async () => {
    const admin = await summary('admin');
    expect(admin.todos.map((t) => t.key)).toEqual(expect.arrayContaining(['articleReview', 'mailPending', 'mailOverdue', 'applyDue', 'applyOverdue', 'noticeUnread']));
    expect(countOf(admin, 'articleReview')).toBe(await total('admin', '/api/article/list', { todo: 1 }));
    expect(countOf(admin, 'mailPending')).toBe(await total('admin', '/mail/list', { stage: 0 }));
    expect(countOf(admin, 'applyOverdue')).toBe(await total('admin', '/apply/list', { overdue: 1 }));
    expect(countOf(admin, 'applyOverdue')).toBeGreaterThan(0);
    // Links carry the filter of the list.
    expect(admin.todos.find((t) => t.key === 'applyOverdue')?.link).toBe(`/main/interact/apply?filter=${encodeURIComponent('{"overdue":1}')}`);
    // xinxi reviews nothing and reads no letters: neither to-do shows.
    const xinxi = await summary('xinxi');
    expect(xinxi.todos.map((t) => t.key)).not.toContain('articleReview');
    expect(xinxi.todos.map((t) => t.key)).not.toContain('mailPending');
    // Recent activity: articles of the caller's scope, newest change first.
    expect(admin.recentArticles.length).toBeGreaterThan(0);
    const times = admin.recentArticles.map((a) => a.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('a submitted article raises the reviewer’s count by one; publishing takes it off', async () => {
    const before = countOf(await summary('shenhe'), 'articleReview') ?? 0;
    const cols = await call<{ categoryId: number; categoryTitle: string }[]>(url, '/column/list', { token: tokens.admin, method: 'GET' });
    const col = cols.body.data.find((c) => c.categoryTitle === '部门动态');
    const saved = await call<{ articleId: number }>(url, '/api/article/save/role', { token: tokens.xinxi, body: { title: '工作台计数测试', columnId: col?.categoryId, content: '<p>正文</p>', status: 4 } });
    expect(saved.body.errorCode, saved.body.errorMsg).toBe('0');
    const during = await summary('shenhe');
    expect(countOf(during, 'articleReview')).toBe(before + 1);
    expect(countOf(during, 'articleReview')).toBe(await total('shenhe', '/api/article/list', { todo: 1 }));
    const ids = [saved.body.data.articleId];
    expect((await call(url, '/api/article/accept', { token: tokens.shenhe, body: { ids } })).body.errorCode).toBe('0');
    // 待终审 is still in the queue of a holder of article:reject; the final approval takes it off.
    expect((await call(url, '/api/article/approve', { token: tokens.admin, body: { ids } })).body.errorCode).toBe('0');
    expect(countOf(await summary('shenhe'), 'articleReview')).toBe(before);
  });

  it('letters: the department officer’s to-do and overdue counts follow the deadline', async () => {
    const s = await summary('jiaoyu');
    const handling = countOf(s, 'mailHandling') ?? 0;
    expect(handling).toBe(await total('jiaoyu', '/mailForum/mailListByDept', { stage: 2 }));
    const overdue = countOf(s, 'mailOverdue') ?? 0;
    expect(overdue).toBe(await total('jiaoyu', '/mailForum/mailListByDept', { stage: 2, overdue: 1 }));
    // A pending letter is transferred to 县教育局 with a deadline ahead: one more in hand, none more overdue.
    const db = server.app.db;
    const dept = (await db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()) as { id: number };
    const letter = (await db.selectFrom('mail').select('id').where('stage', '=', 0).orderBy('id').executeTakeFirstOrThrow()) as { id: number };
    await db.updateTable('mail').set({ stage: 2, transferDeptId: dept.id, transferDeptName: '县教育局', deadline: '2099-12-31 00:00:00' }).where('id', '=', letter.id).execute();
    const inHand = await summary('jiaoyu');
    expect(countOf(inHand, 'mailHandling')).toBe(handling + 1);
    expect(countOf(inHand, 'mailOverdue')).toBe(overdue);
    // Its deadline passes.
    await db.updateTable('mail').set({ deadline: '2020-01-01 00:00:00' }).where('id', '=', letter.id).execute();
    expect(countOf(await summary('jiaoyu'), 'mailOverdue')).toBe(overdue + 1);
  });

  it('applications due within 3 working days: only pending ones, not yet overdue', async () => {
    const pending = await call<{ list: { id: number; status: number }[] }>(url, '/apply/list', { token: tokens.admin, body: { pageNum: 1, pageSize: 50, overdue: 0 } });
    const before = countOf(await summary('admin'), 'applyDue') ?? 0;
    const open = pending.body.data.list.find((a) => [0, 1].includes(Number(a.status)));
    expect(open, 'a pending application in time').toBeTruthy();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = tomorrow.getDay() === 0 || tomorrow.getDay() === 6 ? new Date() : tomorrow;
    const ymd = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const wasDue = (await total('admin', '/apply/list', { dueWithin: 3, id: Number(open?.id) })) > 0;
    await server.app.db.updateTable('apply').set({ deadline: ymd }).where('id', '=', Number(open?.id)).execute();
    const after = await summary('admin');
    expect(countOf(after, 'applyDue')).toBe(before + (wasDue ? 0 : 1));
    expect(countOf(after, 'applyDue')).toBe(await total('admin', '/apply/list', { dueWithin: 3 }));
    expect((await call(url, '/apply/list', { token: tokens.admin, body: { dueWithin: 'x' } })).body.errorCode).toBe('1002');
  });

  it('notices: reading one lowers the unread count', async () => {
    const before = countOf(await summary('xinxi'), 'noticeUnread');
    expect(before, 'xinxi holds notice:my').toBeDefined();
    const unread = await call<{ list: { id: number }[] }>(url, '/notice/my/list', { token: tokens.xinxi, body: { pageNum: 1, pageSize: 1, readFlag: 0 } });
    const first = unread.body.data.list[0];
    expect(first, 'an unread demo notice').toBeTruthy();
    expect((await call(url, '/notice/read', { token: tokens.xinxi, body: { id: first?.id } })).body.errorCode).toBe('0');
    expect(countOf(await summary('xinxi'), 'noticeUnread')).toBe((before ?? 0) - 1);
  });

  it('reporting app: my submissions by state and the ones returned to me', async () => {
    const s = await summary('xinxiReport', 'reportSite');
    const keys = s.todos.map((t) => t.key);
    expect(keys).toEqual(expect.arrayContaining(['report3', 'report4', 'report2', 'report5']));
    expect(keys).not.toContain('articleReview');
    for (const status of [3, 4, 6, 2, 5, 1]) {
      expect(countOf(s, `report${status}`)).toBe(await total('xinxiReport', '/api/report/my', { status }, 'reportSite'));
    }
    expect(s.todos.find((t) => t.key === 'report2')).toMatchObject({ label: '退回给我的报送', link: '/report/article/reportList?status=2' });
  });

  it('needs a login', async () => {
    expect((await call(url, '/api/workbench/summary', {})).status).toBe(401);
  });
});
