import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * Issue 25 (docs/search-and-reports.md): relevance and time ordering with `sortType`, pinyin and initials,
 * traditional characters and corrections, synonyms, facets, service entries, suggestions and statistics,
 * on SQLite and PostgreSQL. Without `sortType` the answer is today's (tests/api/search.test.ts).
 */
type Rec = Record<string, unknown>;
type Hit = { articleId: number; title: string; highlightTitle: string; columnId: number; year: number | null };
type Smart = {
  list: Hit[]; totalRow: number; sortType?: string;
  query: { keyword: string; searched: string; rewrite: string | null; suggestion: string | null; words: string[]; synonyms: string[] };
  facets: { columns: { columnId: number; columnTitle: string; count: number }[]; years: { year: number; count: number }[]; types: { wjType: string; count: number }[]; capped: boolean };
  services: { title: string; link: string; answer: string }[];
};

let server: TestServer;
let url: string;
let admin: string;
let news: number;
let other: number;
const ids = { body: 0, title: 0, both: 0, fullName: 0, insurance: 0, town: 0 };

const pad = (n: number) => String(n).padStart(2, '0');
function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

async function publish(body: Rec): Promise<number> {
  const r = await call<{ articleId: number }>(url, '/api/article/save/admin', { token: admin, body: { columnId: news, status: 5, ...body } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data.articleId;
}

async function search(query: Record<string, string | number>): Promise<Smart> {
  const r = await call<Smart>(url, '/api/article/queryEsArticle', { method: 'GET', query });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}
const has = (p: Smart, id: number) => p.list.some((h) => h.articleId === id);

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  const cols = (await call<Rec[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
  news = Number(cols.find((c) => c.categoryTitle === '政务要闻')?.categoryId);
  other = Number(cols.find((c) => c.categoryTitle !== '政务要闻' && Number(c.columnType) === 1 && c.categoryTitle !== '政策文件')?.categoryId);
  expect(news).toBeGreaterThan(0);
  // Body-only mention, newest; title mention, older; title + body, oldest.
  ids.body = await publish({ title: '县政府召开常务会议', content: '<p>会议还研究了城乡居民医保缴费工作。</p>', publishTime: daysAgo(1) });
  ids.title = await publish({ title: '城乡居民医保缴费开始', content: '<p>今年的缴费标准已经公布。</p>', publishTime: daysAgo(40) });
  ids.both = await publish({ title: '医保政策问答', subTitle: '医保报销怎么办', content: '<p>医保报销比例、医保缴费方式一文读懂。医保电子凭证。</p>', publishTime: daysAgo(400) });
  ids.fullName = await publish({ title: '医疗保障局开展基金监管宣传月活动', content: '<p>宣传月期间走进乡镇。</p>', publishTime: daysAgo(3) });
  ids.insurance = await publish({ title: '社会保险待遇资格认证提醒', content: '<p>请退休人员按时认证。</p>', publishTime: daysAgo(5), columnId: other || news });
  ids.town = await publish({ title: '白沙镇推进人居环境整治', content: '<p>云溪县白沙镇组织志愿者清理河道。</p>', publishTime: daysAgo(8) });
}, 180_000);
afterAll(async () => server?.close());

describe('ordering switch', () => {
  it('without sortType: newest first, no new fields (the original answer)', async () => {
    const r = await search({ keyword: '医保' });
    // This file's articles, among the demo's own (one of which mentions 医保缴费, a demo hot word).
    const mine = [ids.body, ids.title, ids.both];
    expect(r.list.map((h) => h.articleId).filter((id) => mine.includes(id))).toEqual(mine);
    expect(r).not.toHaveProperty('query');
    expect(r).not.toHaveProperty('facets');
    expect(r).not.toHaveProperty('services');
  });
  it('sortType=relevance puts title matches above a body-only mention', async () => {
    const r = await search({ keyword: '医保', sortType: 'relevance', pageSize: 100 });
    const order = r.list.map((h) => h.articleId);
    expect(order.indexOf(ids.body)).toBeGreaterThan(0);
    expect(order.indexOf(ids.both)).toBeLessThan(order.indexOf(ids.body));
    expect(order.indexOf(ids.title)).toBeLessThan(order.indexOf(ids.body));
    expect(r.sortType).toBe('relevance');
  });
  it('sortType=relevance weighs the typed word above its synonyms, however many characters they have', async () => {
    // 医疗保障 (3 bigrams, newer) used to outrank the titles holding 医保 (1 bigram) itself.
    const order = (await search({ keyword: '医保', sortType: 'relevance', pageSize: 100 })).list.map((h) => h.articleId);
    expect(order.indexOf(ids.fullName)).toBeGreaterThan(order.indexOf(ids.title));
    expect(order.indexOf(ids.fullName)).toBeGreaterThan(order.indexOf(ids.both));
    const mixed = (await search({ keyword: '城乡居民医保', sortType: 'relevance', pageSize: 100 })).list.map((h) => h.articleId);
    expect(mixed[0]).toBe(ids.title);
  });
  it('sortType=time is newest first with the understood query (synonyms included)', async () => {
    const r = await search({ keyword: '医保', sortType: 'time' });
    const order = r.list.map((h) => h.articleId);
    expect(order.slice(0, 2)).toEqual([ids.body, ids.fullName]);
    expect(r.query.synonyms).toEqual(expect.arrayContaining(['医疗保障', '医疗保险']));
  });
  it('refuses an unknown sortType in Chinese', async () => {
    const r = await call(url, '/api/article/queryEsArticle', { method: 'GET', query: { keyword: '医保', sortType: 'best' } });
    expect(r.body.errorCode).toBe('1002');
    expect(r.body.errorMsg).toContain('sortType');
  });
});

describe('understanding the query', () => {
  it('full pinyin and initials find 医保', async () => {
    for (const kw of ['yibao', 'yb']) {
      const r = await search({ keyword: kw, sortType: 'relevance' });
      expect(r.query.searched, kw).toBe('医保');
      expect(r.query.rewrite).toBe('pinyin');
      expect(has(r, ids.both)).toBe(true);
    }
  });
  it('traditional characters are searched simplified', async () => {
    const r = await search({ keyword: '醫保', sortType: 'relevance' });
    expect(r.query.searched).toBe('医保');
    expect(r.query.rewrite).toBe('traditional');
    expect(has(r, ids.title)).toBe(true);
  });
  it('a wrong character is corrected (您是不是要找：医保)', async () => {
    const r = await search({ keyword: '医宝', sortType: 'relevance' });
    expect(r.query.suggestion).toBe('医保');
    expect(r.query.rewrite).toBe('correction');
    expect(has(r, ids.both)).toBe(true);
  });
  it('synonyms: 医保 finds 医疗保障, 社保 finds 社会保险', async () => {
    expect(has(await search({ keyword: '医保', sortType: 'relevance' }), ids.fullName)).toBe(true);
    expect(has(await search({ keyword: '社保', sortType: 'relevance' }), ids.insurance)).toBe(true);
    // Not without sortType: the original answer.
    expect(has(await search({ keyword: '社保' }), ids.insurance)).toBe(false);
  });
  it('a synonym added in the admin app is used at once', async () => {
    const before = await search({ keyword: '人居', sortType: 'relevance' });
    expect(has(before, ids.body)).toBe(false);
    const r = await call(url, '/searchSynonym/add', { token: admin, body: { words: '人居，常务会议', status: 1 } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    const after = await search({ keyword: '人居', sortType: 'relevance' });
    expect(has(after, ids.body)).toBe(true);
    expect(has(after, ids.town)).toBe(true);
  });
  it('local names from the user dictionary stay whole and are found by pinyin', async () => {
    const r = await search({ keyword: 'baishazhen', sortType: 'relevance' });
    expect(r.query.searched).toBe('白沙镇');
    expect(r.list[0]?.articleId).toBe(ids.town);
    const words = await search({ keyword: '云溪县白沙镇', sortType: 'relevance' });
    expect(words.query.words).toEqual(['云溪县', '白沙镇']);
  });
});

describe('facets, services, suggestions', () => {
  it('facets count the matches by column and year; clicking one narrows', async () => {
    const r = await search({ keyword: '医保', sortType: 'relevance' });
    const total = r.facets.columns.reduce((n, c) => n + c.count, 0);
    expect(total).toBe(r.totalRow);
    expect(r.facets.years.length).toBeGreaterThanOrEqual(1);
    const year = r.facets.years[r.facets.years.length - 1] as { year: number; count: number };
    const narrowed = await search({ keyword: '医保', sortType: 'relevance', year: year.year });
    expect(narrowed.totalRow).toBe(year.count);
    const col = r.facets.columns[0] as { columnId: number; count: number };
    const byColumn = await search({ keyword: '医保', sortType: 'relevance', esType: col.columnId });
    expect(byColumn.totalRow).toBe(col.count);
  });
  it('service entries show above matching searches, through the API', async () => {
    const r = await search({ keyword: '社保缴费', sortType: 'time' });
    expect(r.services.map((s) => s.title)).toContain('社会保险参保缴费');
    const none = await search({ keyword: '人居环境', sortType: 'time' });
    expect(none.services).toEqual([]);
  });
  it('suggestions as the citizen types: hot words and titles, pinyin too', async () => {
    const r = await call<{ word: string; kind: string }[]>(url, '/api/article/searchSuggest', { method: 'GET', query: { keyword: '医保' } });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.map((s) => s.word)).toEqual(expect.arrayContaining(['医保缴费', '城乡居民医保缴费开始']));
    const py = await call<{ word: string }[]>(url, '/api/article/searchSuggest', { method: 'GET', query: { keyword: 'yibao' } });
    expect(py.body.data.map((s) => s.word)).toContain('医保缴费');
  });
});

describe('statistics for staff', () => {
  it('counts searches, zero-result searches and clicks', async () => {
    await search({ keyword: '无此内容词语', sortType: 'relevance' });
    await search({ keyword: '医保', sortType: 'relevance' });
    const c = await call(url, '/api/article/searchClick', { body: { keyword: '医保', articleId: ids.both } });
    expect(c.body.errorCode).toBe('0');
    const bad = await call(url, '/api/article/searchClick', { body: {} });
    expect(bad.body.errorCode).toBe('1001');
    const r = await call<{ top: { keyword: string; searches: number; clicks: number }[]; zero: { keyword: string }[]; daily: unknown[] }>(url, '/api/search/statistics', { token: admin, method: 'GET', query: { days: 7 } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    const yb = r.body.data.top.find((t) => t.keyword === '医保');
    expect(yb?.searches).toBeGreaterThanOrEqual(1);
    expect(yb?.clicks).toBe(1);
    expect(r.body.data.zero.map((z) => z.keyword)).toContain('无此内容词语');
    expect(r.body.data.daily.length).toBe(1);
    const anon = await call(url, '/api/search/statistics', { method: 'GET' });
    expect(anon.status).toBe(401);
  });
});
