import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

/** Public search (docs/search-and-reports.md): bigram index fed by the article hooks, on SQLite and PostgreSQL. */
type Rec = Record<string, unknown>;
type Hit = { articleId: number; title: string; highlightTitle: string; highlightContent: string; publishTime: string; wjType: string | null; wjbh: string | null; year: number | null; dataTime: string | null };
type Page = { list: Hit[]; totalRow: number; currPage: number; totalPage: number };

let server: TestServer;
let url: string;
let admin: string;
let news: number;
let policy: number;

const pad = (n: number) => String(n).padStart(2, '0');
function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

async function publish(body: Rec): Promise<number> {
  const r = await call<{ articleId: number }>(url, '/api/article/save/admin', { token: admin, body: { columnId: news, status: 5, content: '<p>正文</p>', ...body } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data.articleId;
}

async function step(path: string, body: Rec) {
  const r = await call(url, path, { token: admin, body });
  expect(r.body.errorCode, `${path}: ${r.body.errorMsg}`).toBe('0');
}

async function search(query: Record<string, string | number>, path = '/api/article/queryEsArticle'): Promise<Page> {
  const r = await call<Page>(url, path, { method: 'GET', query });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}
const ids = (p: Page) => p.list.map((h) => h.articleId).sort((a, b) => a - b);

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  const cols = (await call<Rec[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
  news = Number(cols.find((c) => c.categoryTitle === '政务要闻')?.categoryId);
  policy = Number(cols.find((c) => c.categoryTitle === '政策文件')?.categoryId);
  expect(news).toBeGreaterThan(0);
  expect(policy).toBeGreaterThan(0);
});
afterAll(async () => server?.close());

describe('keywords of 2, 3 and more Chinese characters', () => {
  let a: number;
  let b: number;
  let c: number;
  beforeAll(async () => {
    a = await publish({ title: '麒麟山景区开展春季植树活动', content: '<p>志愿者在麒麟山种下银杏树苗三百株。</p>' });
    b = await publish({ title: '县城新建停车场投入使用', content: '<p>停车场位于麒麟路东侧，设车位四百个，配建充电桩。</p>' });
    c = await publish({ title: '山景民宿发展座谈会召开', content: '<p>与会代表讨论民宿标准化建设。</p>' });
  });

  it('a 2-character keyword finds it in the title and in the text', async () => {
    expect(ids(await search({ keyword: '麒麟' }))).toEqual([a, b].sort((x, y) => x - y));
  });
  it('a 3-character keyword', async () => {
    expect(ids(await search({ keyword: '麒麟山' }))).toEqual([a]);
    expect(ids(await search({ keyword: '停车场' }))).toEqual([b]);
  });
  it('4 and more characters', async () => {
    expect(ids(await search({ keyword: '春季植树' }))).toEqual([a]);
    expect(ids(await search({ keyword: '民宿标准化建设' }))).toEqual([c]);
    expect((await search({ keyword: '麒麟山停车场' })).totalRow).toBe(0);
  });
  it('one character, Latin and digits, several words', async () => {
    expect(ids(await search({ keyword: '桩' }))).toEqual([b]);
    expect(ids(await search({ keyword: '麒麟 银杏' }))).toEqual([a]);
    const d = await publish({ title: 'APP上线：“云溪通”V2版发布', content: '<p>支持 5G 网络与ＡＩ客服。</p>' });
    expect(ids(await search({ keyword: 'app' }))).toEqual([d]);
    expect(ids(await search({ keyword: 'ai客服' }))).toEqual([d]);
    expect(ids(await search({ keyword: '5g' }))).toEqual([d]);
  });
  it('a keyword of punctuation only finds nothing, a missing keyword lists everything published', async () => {
    expect((await search({ keyword: '，。！' })).totalRow).toBe(0);
    const all = await search({ pageSize: 200 });
    expect(all.list.map((h) => h.articleId)).toEqual(expect.arrayContaining([a, b, c]));
    // newest first
    const times = all.list.map((h) => h.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
  });
  it('pages', async () => {
    const p1 = await search({ keyword: '麒麟', pageSize: 1, pageNumber: 1 });
    const p2 = await search({ keyword: '麒麟', pageSize: 1, pageNumber: 2 });
    expect(p1.totalRow).toBe(2);
    expect(p1.totalPage).toBe(2);
    expect(p1.list[0]?.articleId).not.toBe(p2.list[0]?.articleId);
  });
});

describe('dateType: last 7, 30, 90 days', () => {
  const made: Record<number, number> = {};
  beforeAll(async () => {
    for (const days of [3, 20, 60, 120]) made[days] = await publish({ title: `琉璃瓦修缮工程进展通报（${days}天前）`, publishTime: daysAgo(days) });
  });
  const expectDays = (p: Page, days: number[]) => expect(ids(p)).toEqual(days.map((d) => made[d]).sort((x, y) => (x as number) - (y as number)));
  it('no dateType: any time, newest first', async () => {
    const p = await search({ keyword: '琉璃' });
    expectDays(p, [3, 20, 60, 120]);
    expect(p.list.map((h) => h.articleId)).toEqual([3, 20, 60, 120].map((d) => made[d]));
    const zwgkOrder = await search({ keyword: '琉璃', esType: news });
    expect(zwgkOrder.list.map((h) => h.articleId)).toEqual([3, 20, 60, 120].map((d) => made[d]));
  });
  it('"0": 7 days', async () => expectDays(await search({ keyword: '琉璃', dateType: '0' }), [3]));
  it('"1": 30 days', async () => expectDays(await search({ keyword: '琉璃瓦', dateType: '1' }), [3, 20]));
  it('"2": 90 days', async () => expectDays(await search({ keyword: '修缮工程', dateType: '2' }), [3, 20, 60]));
  it('an unknown dateType is refused', async () => {
    const r = await call(url, '/api/article/queryEsArticle', { method: 'GET', query: { keyword: '琉璃', dateType: '7' } });
    expect(r.body.errorCode).toBe('1002');
    expect(r.body.errorMsg).toContain('dateType');
  });
});

describe('highlighting', () => {
  it('wraps the hits in <em> and escapes everything else', async () => {
    const id = await publish({ title: '翡翠湖<b>水质</b>监测结果公布', content: '<p>本月翡翠湖水质达到Ⅱ类标准，&lt;script&gt;alert(1)&lt;/script&gt; 字样不应生效。</p>' });
    const hit = (await search({ keyword: '翡翠湖' })).list.find((h) => h.articleId === id) as Hit;
    expect(hit).toBeTruthy();
    expect(hit.highlightTitle).toContain('<em>翡翠湖</em>');
    expect(hit.highlightContent).toContain('<em>翡翠湖</em>');
    const withoutEm = (s: string) => s.replace(/<\/?em>/g, '');
    expect(withoutEm(hit.highlightContent)).not.toMatch(/<[a-z/]/i);
    expect(withoutEm(hit.highlightTitle)).not.toMatch(/<[a-z/]/i);
    expect(hit.highlightContent).toContain('&lt;script&gt;');
  });
  it('a long text gives a snippet around the first hit', async () => {
    const filler = '县域经济保持平稳增长。'.repeat(40);
    const id = await publish({ title: '年度工作总结', content: `<p>${filler}玛瑙河治理成效明显。${filler}</p>` });
    const hit = (await search({ keyword: '玛瑙河' })).list.find((h) => h.articleId === id) as Hit;
    expect(hit.highlightContent).toContain('<em>玛瑙河</em>');
    expect(hit.highlightContent.length).toBeLessThan(300);
  });
});

describe('only published articles', () => {
  it('drafts, submissions and accepted ones are never found', async () => {
    for (const status of [3, 4]) {
      const r = await call(url, '/api/article/save/admin', { token: admin, body: { columnId: news, title: `珊瑚礁保护宣传（${status}）`, content: '<p>珊瑚礁</p>', status } });
      expect(r.body.errorCode).toBe('0');
    }
    expect((await search({ keyword: '珊瑚礁' })).totalRow).toBe(0);
  });
  it('taken down, published again, edited, then removed', async () => {
    const id = await publish({ title: '琵琶古镇文化节开幕', content: '<p>琵琶古镇迎来游客高峰。</p>' });
    expect(ids(await search({ keyword: '琵琶' }))).toEqual([id]);
    await step('/api/article/rejectArticleTask', { ids: [id] });
    expect((await search({ keyword: '琵琶' })).totalRow).toBe(0);
    await step('/api/article/approve', { ids: [id] });
    expect(ids(await search({ keyword: '琵琶' }))).toEqual([id]);
    await step('/api/article/update', { articleId: id, title: '琥珀古镇文化节开幕', content: '<p>古镇迎来游客高峰。</p>' });
    expect((await search({ keyword: '琵琶' })).totalRow).toBe(0);
    expect(ids(await search({ keyword: '琥珀' }))).toEqual([id]);
    await step('/api/article/rejectArticleTask', { ids: [id] });
    await step('/api/article/delete', { ids: [id] });
    expect((await search({ keyword: '琥珀' })).totalRow).toBe(0);
    const left = await server.app.db.selectFrom('article_search').select('articleId').where('articleId', '=', id).execute();
    expect(left).toEqual([]);
  });
  it('manualSavaEs rebuilds a lost index', async () => {
    const id = await publish({ title: '砚台博物馆开馆', content: '<p>展出砚台二百余方。</p>' });
    // The index loses the article (both its row and, on SQLite, its words).
    const db = server.app.db;
    const row = (await db.selectFrom('article_search').select('docKey').where('articleId', '=', id).executeTakeFirstOrThrow()) as { docKey: number };
    if (server.app.portal.dialect === 'sqlite') await sql`delete from article_fts where rowid = ${Number(row.docKey)}`.execute(db);
    await db.deleteFrom('article_search').where('articleId', '=', id).execute();
    expect((await search({ keyword: '砚台' })).totalRow).toBe(0);
    await step('/api/article/manualSavaEs', { ids: [id] });
    expect(ids(await search({ keyword: '砚台' }))).toEqual([id]);
  });
});

describe('queryEsArticleZWGK: disclosure documents', () => {
  let d1: number;
  let d2: number;
  let plain: number;
  beforeAll(async () => {
    d1 = await publish({ columnId: policy, title: '关于印发云溪县桑蚕产业扶持办法的通知', content: '<p>桑蚕产业扶持资金按年度安排。</p>', modelFields: { wjbh: '云政办发〔2025〕12号', wjlx: '办法', cwrq: '2025-11-20' } });
    d2 = await publish({ columnId: policy, title: '云溪县桑蚕养殖技术规划', content: '<p>规划期为五年。</p>', modelFields: { wjbh: '云政发〔2026〕7号', wjlx: '规划', cwrq: '2026-01-15' } });
    plain = await publish({ title: '桑蚕丝绸展销会举行', content: '<p>展销会为期三天。</p>' });
  });
  const zwgk = (q: Record<string, string | number>) => search(q, '/api/article/queryEsArticleZWGK');

  it('only documents; the keyword over title and text', async () => {
    expect(ids(await search({ keyword: '桑蚕' }))).toEqual([d1, d2, plain].sort((a, b) => a - b));
    expect(ids(await zwgk({ keyword: '桑蚕' }))).toEqual([d1, d2].sort((a, b) => a - b));
    expect(ids(await zwgk({ content: '扶持资金' }))).toEqual([d1]);
  });
  it('document type, number, year, day, title', async () => {
    expect(ids(await zwgk({ wjType: '规划' }))).toEqual([d2]);
    expect(ids(await zwgk({ wjbh: '〔2025〕12号' }))).toEqual([d1]);
    expect(ids(await zwgk({ year: 2025, keyword: '桑蚕' }))).toEqual([d1]);
    expect(ids(await zwgk({ dataTime: '2026-01-15' }))).toEqual([d2]);
    expect(ids(await zwgk({ title: '养殖技术' }))).toEqual([d2]);
    expect((await zwgk({ title: '扶持资金' })).totalRow).toBe(0);
    const hit = (await zwgk({ wjbh: '云政发〔2026〕7号' })).list[0] as Hit;
    expect(hit).toMatchObject({ articleId: d2, wjType: '规划', wjbh: '云政发〔2026〕7号', year: 2026, dataTime: '2026-01-15' });
  });
  it('esType narrows to a column family', async () => {
    expect(ids(await search({ keyword: '桑蚕', esType: 'zwgk' }))).toEqual([d1, d2].sort((a, b) => a - b));
    expect(ids(await search({ keyword: '桑蚕', esType: news }))).toEqual([plain]);
  });
  it('bad input answers 1002', async () => {
    const bad: Record<string, string>[] = [{ year: '20x5' }, { dataTime: '2026/01/15' }, { pageNumber: 'abc' }, { esType: 'nope' }, { keyword: '字'.repeat(51) }];
    for (const query of bad) {
      const r = await call(url, '/api/article/queryEsArticleZWGK', { method: 'GET', query });
      expect(r.body.errorCode, JSON.stringify(query)).toBe('1002');
    }
  });
});

describe('one statement per page (docs/performance.md, search)', () => {
  it('each hit carries its own column and title, newest first, without the column table read per request', async () => {
    const older = await publish({ title: '鹦鹉螺化石展开幕', columnId: policy, publishTime: daysAgo(2) });
    const newer = await publish({ title: '鹦鹉螺化石科普讲座', publishTime: daysAgo(1) });
    const p = await search({ keyword: '鹦鹉螺', pageNumber: 1, pageSize: 10 });
    expect(p.list.map((h) => h.articleId)).toEqual([newer, older]);
    const [first, second] = p.list as (Hit & { columnId: number; columnTitle: string })[];
    expect([first?.columnId, first?.columnTitle]).toEqual([news, '政务要闻']);
    expect([second?.columnId, second?.columnTitle]).toEqual([policy, '政策文件']);
    expect(second?.highlightTitle).toBe('<em>鹦鹉螺</em>化石展开幕');
    expect(p.totalRow).toBe(2);
  });
});
