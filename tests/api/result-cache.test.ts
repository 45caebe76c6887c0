import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { resultCaches } from '../../server/auth/cacheVersions.js';
import { syncArticles } from '../../server/modules/content/search/indexer.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Sessions, article lists and search results are cached per instance behind database counters raised by
// triggers (server/auth/cacheVersions.ts): a change through instance A, or straight in the database, shows
// on instance B's very next call, even though B answered the same call from its cache just before.
type Item = { articleId: number; title: string; columnId: number; columnTitle: string };
type Page = { list: Item[]; totalRow: number };
let a: TestServer;
let b: FastifyInstance;
let urlB: string;
let adminA: string;
let adminB: string;

const listOnB = async () => {
  const r = await call<Page>(urlB, '/api/article/list', { token: adminB, body: { pageNum: 1, pageSize: 5 } });
  expect(r.body.errorCode).toBe('0');
  return r.body.data;
};
const searchOnB = async (keyword: string) => {
  const r = await call<Page>(urlB, '/api/article/queryEsArticle', { method: 'GET', query: { keyword, pageSize: 5 } });
  expect(r.body.errorCode).toBe('0');
  return r.body.data;
};

beforeAll(async () => {
  a = await startTestServer();
  b = await buildApp({ ...a.app.portal.config, adminPassword: undefined });
  urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  adminA = await login(a.url, 'admin', a.adminPassword);
  adminB = await login(urlB, 'admin', a.adminPassword);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('result caches across instances', () => {
  it('an article edited through A, or by hand, shows in B’s next list call', async () => {
    const before = await listOnB();
    expect(await listOnB()).toEqual(before);
    const first = before.list[0] as Item;
    const edit = await call(a.url, '/api/article/update', { token: adminA, body: { articleId: first.articleId, title: '缓存测试新标题' } });
    expect(edit.body.errorCode).toBe('0');
    expect((await listOnB()).list.find((r) => r.articleId === first.articleId)?.title).toBe('缓存测试新标题');

    await a.app.db.updateTable('category').set({ categoryTitle: '改名的栏目' }).where('categoryId', '=', first.columnId).execute();
    expect((await listOnB()).list.find((r) => r.articleId === first.articleId)?.columnTitle).toBe('改名的栏目');

    await a.app.db.deleteFrom('article').where('articleId', '=', first.articleId).execute();
    const after = await listOnB();
    expect(after.totalRow).toBe(before.totalRow - 1);
    expect(after.list.some((r) => r.articleId === first.articleId)).toBe(false);
  });

  it('a public page view leaves the list counter alone; an edit by hand moves it', async () => {
    const counter = async () => Number((await a.app.db.selectFrom('perm_version').select('v').where('id', '=', 3).executeTakeFirstOrThrow()).v);
    const published = await a.app.db.selectFrom('article').select('articleId').where('status', '=', 5).executeTakeFirstOrThrow();
    const before = await counter();
    const view = await call<{ hits: number }>(a.url, '/api/article/hit', { method: 'GET', query: { articleID: published.articleId } });
    expect(view.body.errorCode).toBe('0');
    expect(await counter()).toBe(before);
    // Every other column still counts, whichever way it is written.
    await a.app.db.updateTable('article').set({ summary: '浏览以外的修改' }).where('articleId', '=', published.articleId).execute();
    expect(await counter()).toBeGreaterThan(before);
  });

  it('a search answers the current index: a changed title and an article taken out of the index show at once', async () => {
    const found = await searchOnB('经济');
    expect(found.list.length).toBeGreaterThan(0);
    expect(await searchOnB('经济')).toEqual(found);
    const hit = found.list[0] as Item;
    await a.app.db.updateTable('article').set({ title: '搜索缓存测试经济' }).where('articleId', '=', hit.articleId).execute();
    expect((await searchOnB('经济')).list.find((r) => r.articleId === hit.articleId)?.title).toBe('搜索缓存测试经济');
    await a.app.db.deleteFrom('article_search').where('articleId', '=', hit.articleId).execute();
    expect((await searchOnB('经济')).list.some((r) => r.articleId === hit.articleId)).toBe(false);
  });

  it('a match count kept for a query serves its every page and follows the index', async () => {
    // Answers off, counts on: what a query nobody asked with this page before gets.
    resultCaches.enabled = false;
    try {
      const page = (n: number) => call<Page>(urlB, '/api/article/queryEsArticle', { method: 'GET', query: { keyword: '发展', pageSize: 1, pageNumber: n } }).then((r) => r.body.data);
      const first = await page(1);
      expect(first.totalRow).toBeGreaterThanOrEqual(2);
      const second = await page(2);
      expect(second.totalRow).toBe(first.totalRow);
      expect(second.list[0]?.articleId).not.toBe(first.list[0]?.articleId);
      // Withdrawn on A (by hand, then the index brought in line as the article routes do).
      const gone = (first.list[0] as Item).articleId;
      await a.app.db.updateTable('article').set({ status: 6 }).where('articleId', '=', gone).execute();
      await syncArticles(a.app.db, [gone]);
      expect((await page(2)).totalRow).toBe(first.totalRow - 1);
    } finally {
      resultCaches.enabled = true;
    }
  });

  it('a session ended through A is refused by B on the next call; a backdated one expires', async () => {
    const token = await login(urlB, 'admin', a.adminPassword);
    expect((await call(urlB, '/user/info', { token })).status).toBe(200);
    expect((await call(urlB, '/user/info', { token })).status).toBe(200);
    expect((await call(a.url, '/people/logout', { token })).body.errorCode).toBe('0');
    expect((await call(urlB, '/user/info', { token })).status).toBe(401);

    const other = await login(urlB, 'admin', a.adminPassword);
    expect((await call(urlB, '/user/info', { token: other })).status).toBe(200);
    await a.app.db.updateTable('sessions').set({ lastSeenAt: '2000-01-01 00:00:00' }).where('revoked', '=', 0).execute();
    expect((await call(urlB, '/user/info', { token: other })).status).toBe(401);
  });
});
