import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchCache } from '../../server/modules/content/search/resultCache.js';
import { readSearch, text } from '../../server/modules/content/search/params.js';
import { createUnderstandingStore } from '../../server/modules/content/search/understanding/store.js';
import { answerSearch } from '../../server/modules/content/search/worker/answer.js';
import { createSearchPool, type SearchPool } from '../../server/modules/content/search/worker/pool.js';
import type { SearchJob } from '../../server/modules/content/search/worker/protocol.js';
import { call, login, startTestServer, type TestServer, columnIdOf } from './helpers/testServer.js';

/**
 * Search workers (SQLite, and PostgreSQL since session 28; issue 26): a worker answers exactly what the request thread answers for the same
 * query — plain, understood (pinyin, traditional, misspelt, synonyms), facets, filters, later pages — sees a
 * save committed just before, and a staff change once told to.
 */
type Rec = Record<string, unknown>;
let server: TestServer;
let admin: string;
let pool: SearchPool;

const QUERIES: Rec[] = [
  { keyword: '会议' },
  { keyword: '医保', sortType: 'relevance' },
  { keyword: 'yibao', sortType: 'relevance' },
  { keyword: '醫保', sortType: 'time' },
  { keyword: '医宝', sortType: 'relevance' },
  { keyword: '工作', pageNumber: 2, pageSize: 5 },
  { keyword: '发展', dateType: '2' },
  { keyword: '政务 公开', sortType: 'time' },
  { keyword: '没有这个词的文章' },
];

async function jobOf(q: Rec): Promise<SearchJob> {
  const s = await readSearch(server.app.db, q, false);
  return s.sort ? { kind: 'smart', s, keyword: text(q.keyword) } : { kind: 'plain', s };
}

/** The worker's answer (waiting until one is ready). */
async function inWorker(job: SearchJob) {
  for (let i = 0; i < 600; i++) {
    const answer = pool.run(job, false);
    if (answer) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no search worker became ready');
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  const url = server.app.portal.config.databaseUrl;
  pool = createSearchPool(url ? { databaseUrl: url, connections: 2 } : { file: join(server.app.portal.config.dataDir, 'portal.sqlite') }, 1, (e) => console.error(e));
}, 120_000);
afterAll(async () => {
  await pool?.close();
  await server?.close();
});

describe('search workers', () => {
  it('answer every kind of query as the request thread does', async () => {
    const understanding = createUnderstandingStore(server.app.db);
    const local = createSearchCache<number>(() => false);
    for (const q of QUERIES) {
      const job = await jobOf(q);
      const here = await answerSearch(server.app.db, job, () => understanding.get(), local);
      const there = await inWorker(job);
      expect(JSON.parse(there.body.toString()), JSON.stringify(q)).toEqual(JSON.parse(here.body.toString()));
      expect([there.total, there.searched]).toEqual([here.total, here.searched]);
      expect((JSON.parse(here.body.toString()) as { errorCode: string }).errorCode).toBe('0');
    }
  }, 120_000);

  it('see an article published just before, and a synonym once told', async () => {
    const columnId = await columnIdOf(server.url, admin);
    const saved = await call<{ articleId: number }>(server.url, '/api/article/save/admin', { token: admin, body: { columnId, status: 5, title: '琥珀鹦鹉螺展览', content: '<p>鹦鹉螺化石</p>' } });
    expect(saved.body.errorCode, saved.body.errorMsg).toBe('0');
    const found = JSON.parse((await inWorker(await jobOf({ keyword: '鹦鹉螺' }))).body.toString()) as { data: { list: { articleId: number }[] } };
    expect(found.data.list.map((a) => a.articleId)).toContain(saved.body.data.articleId);
    const before = await inWorker(await jobOf({ keyword: '海百合', sortType: 'relevance' }));
    expect(before.total).toBe(0);
    const r = await call(server.url, '/searchSynonym/add', { token: admin, body: { words: '海百合，鹦鹉螺', status: 1 } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    pool.invalidate();
    const after = JSON.parse((await inWorker(await jobOf({ keyword: '海百合', sortType: 'relevance' }))).body.toString()) as { data: { list: { articleId: number }[] } };
    expect(after.data.list.map((a) => a.articleId)).toContain(saved.body.data.articleId);
  }, 120_000);
});
