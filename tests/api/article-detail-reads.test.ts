import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_PUBLIC_FIELDS } from '../../resources/article.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 文章's public detail is a declared `one` read with `idParams` and `detail` (resources/shape/readDetail.ts,
// server/crud/reads/detail.ts): what it answers is checked against the stored articles and relations.
type Rec = Record<string, unknown>;
type Detail = Rec & { relevantList: Rec[]; modelFields: Rec[]; prev: Rec | null; next: Rec | null; status?: number };

let server: TestServer;
let url: string;
let admin: string;
const db = () => server.app.db;
const DETAIL_KEYS = [...ARTICLE_PUBLIC_FIELDS, 'content', 'columnTitle', 'modelFields', 'relevantList'];

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  // Four published articles in one column, one set higher by hand: their order is sort, then newest, then id.
  const column = await db().selectFrom('category').select('categoryId').where('columnType', '=', 1).orderBy('categoryId').executeTakeFirstOrThrow();
  for (const [i, sort] of [0, 10, 0, 0].entries()) {
    const r = await call(url, '/api/article/save/admin', { token: admin, body: { columnId: column.categoryId, title: `详情测试${i}`, content: '<p>正文</p>', sort, status: 5 } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  }
});
afterAll(async () => server?.close());

/** A column holding at least three published articles, with them in the public lists' order. */
async function columnInOrder(): Promise<number[]> {
  const rows = await db().selectFrom('article').select(['articleId', 'columnId', 'sort', 'publishTime']).where('status', '=', 5).execute();
  const byColumn = new Map<number, typeof rows>();
  for (const r of rows) byColumn.set(r.columnId, [...(byColumn.get(r.columnId) ?? []), r]);
  const column = [...byColumn.values()].find((list) => list.length >= 3);
  if (!column) throw new Error('no column with three published articles in the demo data');
  const key = (r: (typeof rows)[number]) => [Number(r.sort), String(r.publishTime ?? ''), r.articleId] as const;
  return column
    .sort((a, b) => {
      const [s0, t0, i0] = key(a);
      const [s1, t1, i1] = key(b);
      return s1 - s0 || (t1 > t0 ? 1 : t1 < t0 ? -1 : 0) || i1 - i0;
    })
    .map((r) => r.articleId);
}

describe('文章’s public detail (declared one-reads with a detail)', () => {
  it('view answers a published article’s public values, its published related articles in the relation’s order', async () => {
    const [main, a, b] = (await columnInOrder()) as [number, number, number];
    const draft = await db().selectFrom('article').select('articleId').where('status', '!=', 5).executeTakeFirstOrThrow();
    await db().deleteFrom('article_relevant').where('articleId', '=', main).execute();
    for (const to of [b, draft.articleId, a]) await db().insertInto('article_relevant').values({ articleId: main, relevantId: to, createTime: '2026-01-01 00:00:00' }).execute();
    for (const name of ['articleID', 'articleId']) {
      const res = await call<Detail>(url, '/api/article/view', { method: 'GET', query: { [name]: main } });
      expect(res.body.errorCode, res.body.errorMsg).toBe('0');
      expect(Object.keys(res.body.data)).toEqual(DETAIL_KEYS);
      expect(res.body.data.articleId).toBe(main);
      expect(res.body.data.relevantList.map((r) => r.articleId)).toEqual([b, a]);
      expect(Object.keys(res.body.data.relevantList[0]!)).toEqual(['articleId', 'title', 'publishTime', 'columnId', 'jumpUrl', 'columnTitle']);
    }
    const stored = await db().selectFrom('article').select(['title', 'content']).where('articleId', '=', main).executeTakeFirstOrThrow();
    const res = await call<Detail>(url, '/api/article/view', { method: 'GET', query: { articleID: main } });
    expect(res.body.data).toMatchObject({ title: stored.title, content: stored.content });
    // Not published, unknown, malformed or missing: refused, naming the first id parameter.
    expect((await call(url, '/api/article/view', { method: 'GET', query: { articleID: draft.articleId } })).body.errorCode).toBe('1003');
    expect((await call(url, '/api/article/view', { method: 'GET', query: { articleID: 99_999_999 } })).body.errorCode).toBe('1003');
    expect((await call(url, '/api/article/view', { method: 'GET', query: { articleID: 'x' } })).body).toMatchObject({ errorCode: '1002', errorMsg: '参数格式不正确：articleID' });
    expect((await call(url, '/api/article/view', { method: 'GET', query: {} })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：articleID' });
  });

  it('webView adds the previous and next published article of the column in the lists’ order', async () => {
    const order = await columnInOrder();
    for (const [i, id] of order.entries()) {
      const res = await call<Detail>(url, '/api/article/webView', { method: 'GET', query: { articleID: id } });
      expect(res.body.errorCode, res.body.errorMsg).toBe('0');
      expect(Object.keys(res.body.data)).toEqual([...DETAIL_KEYS, 'prev', 'next']);
      expect(res.body.data.prev?.articleId ?? null).toBe(order[i - 1] ?? null);
      expect(res.body.data.next?.articleId ?? null).toBe(order[i + 1] ?? null);
      if (res.body.data.next) expect(Object.keys(res.body.data.next)).toEqual(['articleId', 'title']);
    }
  });

  it('webGeneraterView answers any article the caller reaches, with its state, behind the get key', async () => {
    const draft = await db().selectFrom('article').select(['articleId', 'status']).where('status', '!=', 5).executeTakeFirstOrThrow();
    const res = await call<Detail>(url, '/api/article/webGeneraterView', { token: admin, method: 'GET', query: { articleId: draft.articleId } });
    expect(res.body.errorCode, res.body.errorMsg).toBe('0');
    expect(Object.keys(res.body.data)).toEqual([...DETAIL_KEYS, 'status']);
    expect(res.body.data.status).toBe(draft.status);
    expect((await call(url, '/api/article/webGeneraterView', { method: 'GET', query: { articleId: draft.articleId } })).status).toBe(401);
    expect((await call(url, '/api/article/webGeneraterView', { token: admin, method: 'GET', query: { articleId: 99_999_999 } })).body.errorCode).toBe('1003');
  });
});
