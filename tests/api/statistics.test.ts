import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown>;
interface DeptRow { deptId: number; deptName: string; submitted: number; auditing: number; accepted: number; published: number; rejected: number; publishRate: number; rank: number }
interface ColumnRow { columnId: number; columnTitle: string; published: number; hits: number; lastPublishTime: string | null }

let server: TestServer;
let url: string;
let admin: string;
let xinxi: string;
let shenhe: string;
let cols: Rec[];
const colId = (title: string) => Number(cols.find((c) => c.categoryTitle === title)?.categoryId);

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const today = day(new Date());
const yesterday = day(new Date(Date.now() - 86400000));

async function data<T>(token: string, path: string, body: Rec = {}): Promise<T> {
  const r = await call<T>(url, path, { token, body });
  expect(r.body.errorCode, `${path}: ${r.body.errorMsg}`).toBe('0');
  return r.body.data;
}

async function article(token: string, path: string, body: Rec): Promise<number> {
  return (await data<{ articleId: number }>(token, path, { content: '<p>统计测试正文</p>', ...body })).articleId;
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
  shenhe = await login(url, 'shenhe', DEMO_PASSWORD);
  cols = (await call<Rec[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
});
afterAll(async () => server?.close());

describe('menus and permissions', () => {
  it('the five screens are under 首页 for the admin and for 审计员; 审计员 may view but not export', async () => {
    const urls = ['/main/home/column', '/main/home/dispatch', '/main/home/staticData', '/main/home/reportData', '/main/home/thisArticleStatistics'];
    const menuUrls = async (token: string) => {
      const m = await data<{ menusList: Rec[]; buttonList: string[] }>(token, '/menu/list');
      const home = m.menusList.find((x) => x.alias === 'home') as Rec & { children: Rec[] };
      return { urls: home.children.map((c) => c.url), buttons: m.buttonList };
    };
    const a = await menuUrls(admin);
    expect(a.urls).toEqual(expect.arrayContaining(urls));
    expect(a.buttons).toEqual(expect.arrayContaining(['statistics:view', 'statistics:export']));
    const shenji = await login(url, 'shenji', DEMO_PASSWORD);
    const s = await menuUrls(shenji);
    expect(s.urls).toEqual(expect.arrayContaining(urls));
    expect(s.buttons).toContain('statistics:view');
    expect(s.buttons).not.toContain('statistics:export');
    expect((await call(url, '/api/home/columnCount', { token: shenji, body: {} })).body.errorCode).toBe('0');
    const refused = await call(url, '/api/home/deptDataCountExcel', { token: shenji, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.errorMsg).toBe('没有访问权限');
    // xinxi (部门信息员) has no statistics key.
    expect((await call(url, '/api/home/deptCount', { token: xinxi, body: {} })).status).toBe(403);
  });

  it('bad input answers an error, never a crash', async () => {
    for (const body of [{ startTime: '2026/01/01' }, { endTime: 'x' }, { deptId: 'abc' }, { columnId: -1 }, { startTime: '2026-02-01', endTime: '2026-01-01' }, { dateType: 'week' }]) {
      const r = await call(url, '/api/home/categoryDateCount', { token: admin, body });
      expect(r.status).toBe(200);
      expect(r.body.errorCode).toBe('1002');
    }
  });
});

describe('department table (信息报送考核)', () => {
  it('counts what xinxi submits today, by outcome, and leaves it out of a range that ended yesterday', async () => {
    const col = colId('部门动态');
    const range = { startTime: today, endTime: today };
    const before = await data<DeptRow[]>(admin, '/api/home/deptDataCountlist', range);
    const oldRange = await data<DeptRow[]>(admin, '/api/home/deptDataCountlist', { endTime: yesterday });
    const dcBefore = await data<{ deptId: number; count: number }[]>(admin, '/api/home/deptCount', range);
    const info = await data<Rec>(xinxi, '/user/info');
    const deptId = Number(info.deptId);

    const a = await article(xinxi, '/api/article/save/role', { title: '统计-审核中', columnId: col, status: 4 });
    const b = await article(xinxi, '/api/article/save/role', { title: '统计-待终审', columnId: col, status: 4 });
    const c = await article(xinxi, '/api/article/save/role', { title: '统计-已发布', columnId: col, status: 4 });
    const d = await article(xinxi, '/api/article/save/role', { title: '统计-已退回', columnId: col, status: 4 });
    await article(xinxi, '/api/article/save/role', { title: '统计-草稿', columnId: col, status: 3 });
    await data(admin, '/api/article/accept', { ids: [b, c] });
    await data(admin, '/api/article/approve', { ids: [c] });
    await data(admin, '/api/article/acceptReject', { ids: [d], opinion: '请补充' });
    expect(a).toBeGreaterThan(0);

    const after = await data<DeptRow[]>(admin, '/api/home/deptDataCountlist', range);
    const was = before.find((r) => r.deptId === deptId) as DeptRow;
    const now = after.find((r) => r.deptId === deptId) as DeptRow;
    expect(was).toBeTruthy();
    expect(now.deptName).toBe(info.deptName);
    expect(now.submitted - was.submitted).toBe(4);
    expect(now.auditing - was.auditing).toBe(1);
    expect(now.accepted - was.accepted).toBe(2);
    expect(now.published - was.published).toBe(1);
    expect(now.rejected - was.rejected).toBe(1);
    expect(now.publishRate).toBeCloseTo(Math.round((now.published / now.submitted) * 10000) / 100, 2);
    // Every department is listed, ranked by published.
    expect(after.length).toBe(before.length);
    for (let i = 1; i < after.length; i++) expect(after[i - 1]?.published).toBeGreaterThanOrEqual(after[i]?.published ?? 0);
    expect(after[0]?.rank).toBe(1);

    const stillOld = await data<DeptRow[]>(admin, '/api/home/deptDataCountlist', { endTime: yesterday });
    expect(stillOld).toEqual(oldRange);
    // deptId narrows the table to that department (and those below it).
    const only = await data<DeptRow[]>(admin, '/api/home/deptDataCountlist', { ...range, deptId });
    expect(only.map((r) => r.deptId)).toContain(deptId);
    expect(only.every((r) => after.some((x) => x.deptId === r.deptId))).toBe(true);
    expect(only.length).toBeLessThan(after.length);

    // 发稿统计 and the department × column table see the published one.
    const dc = await data<{ deptId: number; count: number }[]>(admin, '/api/home/deptCount', range);
    expect((dc.find((r) => r.deptId === deptId)?.count ?? 0) - (dcBefore.find((r) => r.deptId === deptId)?.count ?? 0)).toBe(1);
    const byCol = await data<{ deptId: number; columnId: number; count: number }[]>(admin, '/api/home/deptByColumnCount', { ...range, deptId });
    expect(byCol.find((r) => r.columnId === col)?.count).toBeGreaterThanOrEqual(1);
  });

  it('data scope: a DEPARTS reviewer sees only departments of his tree', async () => {
    const db = server.app.db;
    const role = await db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'auditor').executeTakeFirstOrThrow();
    const key = await db.selectFrom('resources').select('id').where('alias', '=', 'statistics:view').executeTakeFirstOrThrow();
    await db.insertInto('role_resources').values({ roleId: role.roleId, resourceId: key.id }).execute();
    const all = await data<DeptRow[]>(admin, '/api/home/deptDataCountlist', {});
    const mine = await data<DeptRow[]>(shenhe, '/api/home/deptDataCountlist', {});
    const info = await data<Rec>(shenhe, '/user/info');
    const xinxiDept = Number((await data<Rec>(xinxi, '/user/info')).deptId);
    expect(mine.map((r) => r.deptId)).toContain(Number(info.deptId));
    expect(mine.map((r) => r.deptId)).not.toContain(xinxiDept);
    expect(mine.length).toBeLessThan(all.length);
    // Asking for a department outside the scope answers nothing of it.
    const outside = await data<DeptRow[]>(shenhe, '/api/home/deptDataCountlist', { deptId: xinxiDept });
    expect(outside).toEqual([]);
    const cc = await data<ColumnRow[]>(shenhe, '/api/home/columnCount', { startTime: today, endTime: today });
    expect(cc.find((r) => r.columnId === colId('部门动态'))?.published).toBe(0);
  });
});

describe('columns and time series', () => {
  it('columnCount: published articles, hits and last publish time in the range; the range includes and excludes', async () => {
    const col = colId('政务要闻');
    const range = { startTime: '2019-03-01', endTime: '2019-03-31' };
    const before = await data<ColumnRow[]>(admin, '/api/home/columnCount', range);
    expect(before.find((r) => r.columnId === col)?.published).toBe(0);
    await article(admin, '/api/article/save/admin', { title: '统计-三月一日', columnId: col, status: 5, publishTime: '2019-03-01 00:00:00' });
    await article(admin, '/api/article/save/admin', { title: '统计-三月末', columnId: col, status: 5, publishTime: '2019-03-31 23:30:00' });
    await article(admin, '/api/article/save/admin', { title: '统计-四月', columnId: col, status: 5, publishTime: '2019-04-01 00:00:00' });
    await article(admin, '/api/article/save/admin', { title: '统计-二月', columnId: col, status: 5, publishTime: '2019-02-28 23:59:59' });
    await article(admin, '/api/article/save/admin', { title: '统计-三月草稿', columnId: col, status: 3, publishTime: '2019-03-10 10:00:00' });
    const after = await data<ColumnRow[]>(admin, '/api/home/columnCount', range);
    const row = after.find((r) => r.columnId === col) as ColumnRow;
    expect(row.published).toBe(2);
    expect(row.lastPublishTime).toBe('2019-03-31 23:30:00');
    expect(row.hits).toBe(0);
    // columnId narrows to the column's subtree: 新闻中心 holds 政务要闻.
    const sub = await data<ColumnRow[]>(admin, '/api/home/columnCount', { ...range, columnId: colId('新闻中心') });
    expect(sub.map((r) => r.columnId)).toContain(col);
    expect(sub.map((r) => r.columnId)).not.toContain(colId('通知公告'));
    // External links take no articles and are not listed.
    expect(after.map((r) => r.columnId)).not.toContain(colId('政务服务网'));

    const days = await data<{ date: string; count: number }[]>(admin, '/api/home/categoryDateCount', { startTime: '2019-02-28', endTime: '2019-04-01' });
    expect(days.length).toBe(33);
    expect(days.find((d) => d.date === '2019-03-01')?.count).toBe(1);
    expect(days.find((d) => d.date === '2019-03-02')?.count).toBe(0);
    expect(days.find((d) => d.date === '2019-02-28')?.count).toBe(1);
    const months = await data<{ date: string; count: number }[]>(admin, '/api/home/categoryDateCount', { startTime: '2019-01-01', endTime: '2019-04-30', dateType: 'month' });
    expect(months).toEqual([
      { date: '2019-01', count: 0, hits: 0 },
      { date: '2019-02', count: 1, hits: 0 },
      { date: '2019-03', count: 2, hits: 0 },
      { date: '2019-04', count: 1, hits: 0 },
    ]);
  });

  it('categoryCountlist: per column the articles created in the range by state', async () => {
    const col = colId('部门动态');
    const res = await data<{ columns: (Rec & { columnId: number; total: number; auditing: number; draft: number; published: number })[]; states: { status: number; count: number }[] }>(
      admin,
      '/api/home/categoryCountlist',
      { startTime: today, endTime: today, columnId: col },
    );
    expect(res.columns).toHaveLength(1);
    const row = res.columns[0] as (typeof res.columns)[number];
    expect(row.columnId).toBe(col);
    expect(row.total).toBeGreaterThanOrEqual(5);
    expect(row.draft).toBeGreaterThanOrEqual(1);
    expect(row.total).toBe(res.states.reduce((n, s) => n + s.count, 0));
  });
});

describe('data statistics and the Excel export', () => {
  it('deptDataCountExcel is a real xlsx holding the department table', async () => {
    const range = { startTime: today, endTime: today };
    const list = await data<DeptRow[]>(admin, '/api/home/deptDataCountlist', range);
    const res = await fetch(new URL('/api/home/deptDataCountExcel', url), {
      method: 'POST',
      headers: { Authorization: admin, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0', 'Content-Type': 'application/json' },
      body: JSON.stringify(range),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/octet-stream');
    const cd = res.headers.get('content-disposition') ?? '';
    expect(cd).toMatch(/^attachment;/);
    const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(cd)?.[1] ?? '');
    expect(name).toMatch(/^信息报送考核统计.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = book.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.getRow(1).values).toEqual([undefined, '排名', '部门', '报送数', '审核中', '采用数', '发布数', '退回数', '发布率(%)']);
    expect(ws.rowCount).toBe(list.length + 1);
    list.forEach((r, i) => {
      const v = ws.getRow(i + 2).values as unknown[];
      expect(v.slice(1)).toEqual([r.rank, r.deptName, r.submitted, r.auditing, r.accepted, r.published, r.rejected, r.publishRate]);
    });
  });

  it('dataCount answers the totals; a missing optional table gives null, not an error', async () => {
    const figures = await data<{ key: string; count: number | null }[]>(admin, '/api/home/dataCount', {});
    const by = (k: string) => figures.find((f) => f.key === k)?.count;
    const articles = await data<{ totalRow: number }>(admin, '/api/article/list', { pageNum: 1, pageSize: 10 });
    expect(by('articles')).toBe(articles.totalRow);
    expect(by('columns')).toBe(cols.length);
    expect(typeof by('suggestions')).toBe('number');

    const db = server.app.db;
    if (server.app.portal.dialect === 'postgres') await sql`drop table "suggest" cascade`.execute(db);
    else await sql`drop table "suggest"`.execute(db);
    const r = await call<{ key: string; count: number | null }[]>(url, '/api/home/dataCount', { token: admin, body: {} });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.find((f) => f.key === 'suggestions')?.count).toBeNull();
    expect(r.body.data.find((f) => f.key === 'articles')?.count).toBe(articles.totalRow);
  });
});
