import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/modules/content/search/indexer.js';
import { readSearch } from '../../server/modules/content/search/params.js';
import { commonWords } from '../../server/modules/content/search/pgMatches.js';
import { call, login, startTestServer, type TestServer, columnIdOf } from './helpers/testServer.js';

/**
 * A word the database's statistics call common (docs/search-and-reports.md, "PostgreSQL query shape"): on
 * PostgreSQL its capped count and the facets' keys are read through the GIN bitmap in a transaction of their
 * own; the answer is the same as for any other word, on both databases.
 */
type Page = { list: { articleId: number }[]; totalRow: number; totalCapped: boolean; facets?: { columns: { columnId: number; count: number }[]; years: { count: number }[]; capped: boolean } };

let server: TestServer;
let url: string;
let admin: string;
let news: number;
const common: number[] = [];
const WORDS = 9;

const pad = (n: number) => String(n).padStart(2, '0');
const daysAgo = (days: number) => {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
};

async function search(query: Record<string, string | number>): Promise<Page> {
  const r = await call<Page>(url, '/api/article/queryEsArticle', { method: 'GET', query });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  news = await columnIdOf(url, admin);
  expect(news).toBeGreaterThan(0);
  // 琥珀 in most of the index (published one after another, older first), 玳瑁 in one article only.
  for (let i = 0; i < WORDS; i++) {
    const r = await call<{ articleId: number }>(url, '/api/article/save/admin', {
      token: admin,
      body: { columnId: news, status: 5, title: `琥珀展第${i + 1}期`, content: `<p>琥珀与化石${i === 4 ? '，玳瑁' : ''}</p>`, publishTime: daysAgo(WORDS - i) },
    });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    common.unshift(r.body.data.articleId);
  }
  await sql`analyze article_search`.execute(server.app.db);
});
afterAll(async () => server?.close());

describe('a common word by the statistics', () => {
  it.runIf(!!process.env.DATABASE_URL)('is common on PostgreSQL (its terms among the most common elements), a rare one is not', async () => {
    const db = server.app.db;
    expect(dialectOf(db)).toBe('postgres');
    expect(await commonWords(db, await readSearch(db, { keyword: '琥珀' }, false))).toBe(true);
    expect(await commonWords(db, await readSearch(db, { keyword: '玳瑁' }, false))).toBe(false);
  });

  it('counts and pages every match, newest first, as any word', async () => {
    const p = await search({ keyword: '琥珀', pageNumber: 1, pageSize: 4 });
    expect(p.totalRow).toBe(WORDS);
    expect(p.totalCapped).toBe(false);
    expect(p.list.map((h) => h.articleId)).toEqual(common.slice(0, 4));
    const last = await search({ keyword: '琥珀', pageNumber: 3, pageSize: 4 });
    expect(last.list.map((h) => h.articleId)).toEqual(common.slice(8));
    expect((await search({ keyword: '玳瑁' })).list.map((h) => h.articleId)).toEqual([common[WORDS - 5]]);
  });

  it('facets count the same matches with sortType', async () => {
    for (const sortType of ['time', 'relevance']) {
      const p = await search({ keyword: '琥珀', sortType, pageSize: 20 });
      expect(p.totalRow).toBe(WORDS);
      expect(p.facets?.columns.find((c) => c.columnId === news)?.count).toBe(WORDS);
      expect(p.facets?.years.reduce((a, y) => a + y.count, 0)).toBe(WORDS);
      expect(p.facets?.capped).toBe(false);
      expect(p.list.map((h) => h.articleId).sort((a, b) => a - b)).toEqual([...common].sort((a, b) => a - b));
    }
  });
});
