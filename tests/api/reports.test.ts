import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

/** /api/report/* (docs/search-and-reports.md): a submission is an article saved in the reporting app. */
type Rec = Record<string, unknown>;
type Row = Rec & { articleId: number; status: number; title: string; lastOpinion: string | null; creatorName: string };
type Page = { list: Row[]; totalRow: number };
type Group = { key: string | number; name: string; total: number; review: number; published: number; editing: number };

let server: TestServer;
let url: string;
const tokens: Record<string, string> = {};
let deptColumn: number;
let townColumn: number;

const R = 'reportSite';
async function as<T = unknown>(who: string, path: string, body: unknown = {}) {
  return call<T>(url, path, { token: tokens[who], body, appKey: who.endsWith('@admin') ? 'adminSite' : R });
}
async function submit(who: string, title: string, status = 4, columnId = deptColumn): Promise<number> {
  const r = await as<{ articleId: number }>(who, '/api/article/save/role', { columnId, title, content: `<p>${title}的正文</p>`, source: '县教育局', status });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data.articleId;
}
async function mine(who: string, body: Rec = {}): Promise<Page> {
  const r = await as<Page>(who, '/api/report/my', { pageNum: 1, pageSize: 200, ...body });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}
const idsOf = (p: Page) => p.list.map((r) => r.articleId);

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  tokens.admin = await login(url, 'admin', server.adminPassword, R);
  tokens['admin@admin'] = await login(url, 'admin', server.adminPassword);
  for (const u of ['shenhe', 'xinxi', 'xinxi2', 'shenji']) tokens[u] = await login(url, u, DEMO_PASSWORD, R);
  tokens['xinxi@admin'] = await login(url, 'xinxi', DEMO_PASSWORD);
  const cols = (await call<Rec[]>(url, '/column/list', { token: tokens['admin@admin'], method: 'GET' })).body.data;
  deptColumn = Number(cols.find((c) => c.categoryTitle === '部门动态')?.categoryId);
  townColumn = Number(cols.find((c) => c.categoryTitle === '乡镇动态')?.categoryId);
});
afterAll(async () => server?.close());

describe('the reporting app menus', () => {
  it('department staff see 我的报送, 信息报送, 报送统计; reviewers 文章审核', async () => {
    const urls = async (who: string) => {
      const r = await as<{ menusList: { url: string; children?: { url: string }[] }[] }>(who, '/menu/list');
      return r.body.data.menusList.flatMap((m) => [m.url, ...(m.children ?? []).map((c) => c.url)]);
    };
    const x = await urls('xinxi');
    expect(x).toEqual(expect.arrayContaining(['/report/article/reportList', '/report/article/infoReport', '/report/article/statistics']));
    expect(x).not.toContain('/report/home/audit');
    expect(await urls('shenhe')).toEqual(expect.arrayContaining(['/report/home/audit', '/report/article/statistics']));
    expect(await urls('admin')).toEqual(expect.arrayContaining(['/report/home/audit', '/report/article/reportList', '/report/article/infoReport', '/report/article/statistics']));
  });
});

describe('submitting and my submissions', () => {
  it('an article saved in the reporting app is a submission; one saved in the admin app is not', async () => {
    const id = await submit('xinxi', '县教育局召开教师培训会');
    const adminSaved = await as<{ articleId: number }>('xinxi@admin', '/api/article/save/role', { columnId: deptColumn, title: '后台保存的文章', content: '<p>x</p>' });
    expect(adminSaved.body.errorCode).toBe('0');
    const my = await mine('xinxi');
    expect(idsOf(my)).toContain(id);
    expect(idsOf(my)).not.toContain(adminSaved.body.data.articleId);
    expect(my.list.find((r) => r.articleId === id)).toMatchObject({ status: 4, statusName: '审核中', creatorName: '李晓' });
  });
  it('filters by state and title', async () => {
    const draft = await submit('xinxi', '草稿：家长学校开课', 3);
    expect(idsOf(await mine('xinxi', { status: 3 }))).toContain(draft);
    expect(idsOf(await mine('xinxi', { status: 4 }))).not.toContain(draft);
    expect(idsOf(await mine('xinxi', { title: '家长学校' }))).toEqual([draft]);
    const bad = await as('xinxi', '/api/report/my', { status: 9 });
    expect(bad.body.errorCode).toBe('1002');
  });
  it('data scope: a 部门信息员 sees only his own, in every list', async () => {
    const other = await submit('xinxi2', '县第一中学运动会报道');
    expect(idsOf(await mine('xinxi'))).not.toContain(other);
    const all = await as<Page>('xinxi', '/api/report/reportList', { pageSize: 200 });
    expect(all.body.errorCode).toBe('0');
    expect(all.body.data.list.length).toBeGreaterThan(0);
    expect(all.body.data.list.every((r) => r.creatorName === '李晓')).toBe(true);
    const counts = await as<{ list: Group[] }>('xinxi', '/api/report/reportDeptList', {});
    expect(counts.body.data.list.map((g) => g.name)).toEqual(['县教育局']);
    // the auditor (ALL) sees both
    const everyone = await as<Page>('shenji', '/api/report/reportList', { pageSize: 200 });
    expect(idsOf(everyone.body.data)).toContain(other);
  });
  it('refusals: no key, no such report', async () => {
    expect((await as('xinxi', '/api/report/role')).status).toBe(403);
    expect((await as('xinxi', '/api/report/reportAudit', { ids: [1], status: 1 })).status).toBe(403);
    expect((await as('shenji', '/api/report/my')).status).toBe(403);
    expect((await call(url, '/api/report/reportList', { body: {} })).status).toBe(401);
    const notReport = await as('xinxi', '/api/report/deleteReport', { ids: [1] });
    expect(notReport.body.errorCode).toBe('1003');
    expect((await as('xinxi', '/api/report/deleteReport', {})).body.errorCode).toBe('1001');
  });
});

describe('review: reportAudit maps onto the article workflow', () => {
  it('reviewer accepts (4 → 6), needs the approver to publish (6 → 5)', async () => {
    const id = await submit('xinxi', '县实验小学获评文明校园');
    const queue = await as<Page>('shenhe', '/api/report/role', { pageSize: 200 });
    expect(idsOf(queue.body.data)).toContain(id);
    const r = await as('shenhe', '/api/report/reportAudit', { ids: [id], status: 1, opinion: '内容属实' });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect((await mine('xinxi')).list.find((x) => x.articleId === id)?.status).toBe(6);
    const again = await as('shenhe', '/api/report/reportAudit', { ids: [id], status: 1 });
    expect(again.body.errorCode).toBe('1005');
    expect(again.body.errorMsg).toContain('待终审');
    const pub = await as('admin', '/api/report/reportAudit', { ids: [id], status: 1 });
    expect(pub.body.errorCode, pub.body.errorMsg).toBe('0');
    expect((await mine('xinxi')).list.find((x) => x.articleId === id)?.status).toBe(5);
    // published through reportAudit: public and searchable
    const found = await call<{ list: { articleId: number }[] }>(url, '/api/article/queryEsArticle', { method: 'GET', query: { keyword: '文明校园' } });
    expect(found.body.data.list.map((a) => a.articleId)).toContain(id);
    const history = await call<{ flowList: { actionName: string; opinion: string | null }[] }>(url, '/api/article/redisByArticleId', { token: tokens['admin@admin'], method: 'GET', query: { articleId: id } });
    expect(history.body.data.flowList.map((f) => f.actionName)).toEqual(expect.arrayContaining(['提交审核', '初审通过', '终审发布']));
  });
  it('returning needs an opinion, which the author then sees; he edits and submits again', async () => {
    const id = await submit('xinxi', '青石镇茶叶开采', 4, townColumn);
    expect((await as('shenhe', '/api/report/reportAudit', { ids: [id], status: 2 })).body.errorCode).toBe('1001');
    expect((await as('shenhe', '/api/report/reportAudit', { ids: [id], status: 5, opinion: 'x' })).body.errorCode).toBe('1002');
    const r = await as('shenhe', '/api/report/reportAudit', { ids: [id], status: 2, opinion: '请补充图片' });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect((await mine('xinxi')).list.find((x) => x.articleId === id)).toMatchObject({ status: 2, lastOpinion: '请补充图片' });
    const edit = await as('xinxi', '/api/article/update', { articleId: id, title: '青石镇明前茶开采', status: 4 });
    expect(edit.body.errorCode, edit.body.errorMsg).toBe('0');
    expect(idsOf((await as<Page>('shenhe', '/api/report/role', { pageSize: 200 })).body.data)).toContain(id);
  });
  it('several at once must be at the same stage', async () => {
    const a = await submit('xinxi', '批量一');
    const b = await submit('xinxi', '批量二');
    await as('shenhe', '/api/report/reportAudit', { ids: [a], status: 1 });
    const r = await as('shenhe', '/api/report/reportAudit', { ids: [a, b], status: 1 });
    expect(r.body.errorCode).toBe('1005');
  });
});

describe('statistics and deleting', () => {
  it('reportDeptList counts per department, month and state', async () => {
    const byDept = await as<{ list: (Group & { deptName: string })[] }>('admin', '/api/report/reportDeptList', {});
    expect(byDept.body.errorCode).toBe('0');
    const edu = byDept.body.data.list.find((g) => g.deptName === '县教育局') as Group;
    const my = await mine('xinxi');
    expect(edu.total).toBe(my.totalRow);
    expect(edu.review).toBe(my.list.filter((r) => r.status === 4).length);
    const byStatus = await as<{ list: Group[] }>('admin', '/api/report/reportDeptList', { groupBy: 'status' });
    const total = byDept.body.data.list.reduce((n, g) => n + g.total, 0);
    expect(byStatus.body.data.list.reduce((n, g) => n + g.total, 0)).toBe(total);
    expect(byStatus.body.data.list.map((g) => g.name)).toEqual(expect.arrayContaining(['审核中', '已发布']));
    const byMonth = await as<{ list: Group[] }>('admin', '/api/report/reportDeptList', { groupBy: 'month' });
    expect(byMonth.body.data.list.every((g) => /^\d{4}-\d{2}$/.test(String(g.key)))).toBe(true);
    expect((await as('admin', '/api/report/reportDeptList', { groupBy: 'year' })).body.errorCode).toBe('1002');
    expect((await as<{ list: Group[] }>('admin', '/api/report/reportDeptList', { startTime: '2000-01-01', endTime: '2000-12-31' })).body.data.list).toEqual([]);
  });
  it('deleteReport: own drafts only; the mark goes with the article', async () => {
    const draft = await submit('xinxi', '要删除的草稿', 3);
    const submitted = await submit('xinxi', '已提交的不能删');
    const theirs = await submit('xinxi2', '别人的草稿', 3);
    expect((await as('xinxi', '/api/report/deleteReport', { ids: [submitted] })).body.errorCode).toBe('1005');
    expect((await as('xinxi', '/api/report/deleteReport', { ids: [theirs] })).body.errorCode).toBe('1003');
    const r = await as('xinxi', '/api/report/deleteReport', { ids: [draft] });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(idsOf(await mine('xinxi'))).not.toContain(draft);
    const mark = await server.app.db.selectFrom('article_report').select('articleId').where('articleId', '=', draft).execute();
    expect(mark).toEqual([]);
    expect(idsOf(await mine('xinxi2'))).toContain(theirs);
  });
});
