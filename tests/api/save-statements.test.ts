import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefaultQueryExecutor, type CompiledQuery } from 'kysely';
import { call, columnIdOf, login, startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * A draft save's database statements (issue 26, session 32: fewer statements, fewer event-loop turns behind
 * the readers' JavaScript), and the kept columns and sensitive words it uses: a change made outside the
 * server's own requests (as another instance's would be) is seen by the very next save.
 */
let server: TestServer;
let admin: string;
let articleId: number;
let columnId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  columnId = await columnIdOf(server.url, admin);
  const r = await call<{ articleId: number }>(server.url, '/api/article/save/admin', { token: admin, body: { title: '语句计数草稿', columnId, content: '<p>草稿正文。</p>', status: 3 } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  articleId = r.body.data.articleId;
});
afterAll(async () => server?.close());

type Detail = { columnTitle: string; sensitiveHits: { word: string }[] };
const save = (n: string) => call<Detail>(server.url, '/api/article/update', { token: admin, body: { articleId, title: `语句计数草稿${n}`, content: `<p>草稿正文，第${n}次保存。</p>` } });

/** The statements (begin and commit aside) one draft save sends, seen where Kysely executes every compiled query. */
async function statementsOfSave(n: string): Promise<string[]> {
  // The previous call's operation log is written after its answer: let it land first.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const seen: string[] = [];
  const proto = Object.getPrototypeOf(DefaultQueryExecutor.prototype) as { executeQuery: (q: CompiledQuery, ...rest: unknown[]) => unknown };
  const original = proto.executeQuery;
  proto.executeQuery = function (this: unknown, q: CompiledQuery, ...rest: unknown[]) {
    seen.push(q.sql);
    return original.call(this, q, ...rest);
  };
  try {
    const r = await save(n);
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    // The followers run after the answer: give them time to finish.
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    proto.executeQuery = original;
  }
  return seen;
}

describe('a draft save', () => {
  it('sends at most 16 statements besides begin and commit (23 before session 32)', async () => {
    for (const n of ['一', '二']) await save(n);
    const seen = await statementsOfSave('三');
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(16);
    expect(seen.filter((s) => s.includes('"sensitive_word"') && s.startsWith('SelectQueryNode')).length, seen.join('\n')).toBe(0);
  });

  it('sees a column renamed outside its requests at the next save', async () => {
    await save('四');
    await server.app.db.updateTable('category').set({ categoryTitle: '改名后的栏目' }).where('categoryId', '=', columnId).execute();
    const r = await save('五');
    expect(r.body.data.columnTitle).toBe('改名后的栏目');
  });

  it('sees a sensitive word added outside its requests at the next save', async () => {
    await save('六');
    await server.app.db.insertInto('sensitive_word').values({ word: '计数词', type: 1, level: 2, status: 1, hitCount: 0 } as never).execute();
    const r = await call<Detail>(server.url, '/api/article/update', { token: admin, body: { articleId, content: '<p>含有计数词的正文。</p>' } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data.sensitiveHits.map((h) => h.word)).toContain('计数词');
  });
});
