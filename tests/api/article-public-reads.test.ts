import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_PUBLIC_FIELDS } from '../../resources/article.js';
import { call, startTestServer, type TestServer } from './helpers/testServer.js';

// 文章's public lists are declared reads (resources/article.ts, server/crud/reads/): what they answer is checked
// here against the stored articles, so a change of the declaration or the read machinery shows.
type Rec = Record<string, unknown> & { articleId: number; columnId: number; hits: number; publishTime: string; flags: number[] };
type Page = { list: Rec[]; currPage: number; totalRow: number; totalPage: number };

let server: TestServer;
let url: string;
const db = () => server.app.db;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
});
afterAll(async () => server?.close());

/** Published articles per column, from the table. */
async function publishedIn(columnIds: readonly number[]): Promise<number> {
  const rows = await db().selectFrom('article').select('articleId').where('status', '=', 5).where('columnId', 'in', columnIds).execute();
  return rows.length;
}

/** A column that holds published articles and has a sub-column that holds some too, with all columns below it. */
async function parentWithChild(): Promise<{ parent: number; below: number[] }> {
  const cats = await db().selectFrom('category').select(['categoryId', 'categoryCategoryId']).execute();
  const below = (id: number): number[] => [id, ...cats.filter((c) => c.categoryCategoryId === id).flatMap((c) => below(c.categoryId))];
  for (const c of cats) {
    const ids = below(c.categoryId);
    if (ids.length > 1 && (await publishedIn(ids.slice(1))) > 0 && (await publishedIn(ids)) > (await publishedIn([c.categoryId]))) return { parent: c.categoryId, below: ids };
  }
  throw new Error('no column with published articles below it in the demo data');
}

describe('文章’s public lists (declared reads)', () => {
  it('webList answers the published articles of one column, only the public fields with the column title', async () => {
    const { parent, below } = await parentWithChild();
    const res = await call<Page>(url, '/api/article/webList', { body: { columnId: parent, pageSize: 200 } });
    expect(res.body.errorCode, res.body.errorMsg).toBe('0');
    expect(res.body.data.totalRow).toBe(await publishedIn([parent]));
    for (const row of res.body.data.list) {
      expect(Object.keys(row)).toEqual([...ARTICLE_PUBLIC_FIELDS, 'columnTitle']);
      expect(row.columnId).toBe(parent);
      expect(Array.isArray(row.flags)).toBe(true);
    }
    // The column and those below it, under parentId, categoryId or columnId.
    const total = await publishedIn(below);
    for (const name of ['parentId', 'categoryId', 'columnId']) {
      const byParent = await call<Page>(url, '/api/article/mj/webListByParent', { body: { [name]: parent, pageSize: 200 } });
      expect(byParent.body.data.totalRow, name).toBe(total);
      expect(byParent.body.data.list.every((r) => below.includes(r.columnId))).toBe(true);
    }
  });

  it('pages by pageSize or size, in sort then newest order; the spec’s path answers the same; staff-only filters are not read', async () => {
    const all = await call<Page>(url, '/api/article/webList', { body: { pageSize: 200 } });
    expect(all.body.data.totalRow).toBe((await db().selectFrom('article').select('articleId').where('status', '=', 5).execute()).length);
    const keys = all.body.data.list.map((r): [number, string] => [Number(r.sort), String(r.publishTime ?? '')]);
    for (let i = 1; i < keys.length; i++) {
      const [s0, t0] = keys[i - 1]!;
      const [s1, t1] = keys[i]!;
      expect(s0 > s1 || (s0 === s1 && t0 >= t1)).toBe(true);
    }
    const bySize = await call<Page>(url, '/api/article/webList', { body: { size: 2, pageNum: 2 } });
    expect(bySize.body.data.list.map((r) => r.articleId)).toEqual(all.body.data.list.slice(2, 4).map((r) => r.articleId));
    const spec = await call<Page>(url, '/web/article/list', { body: { size: 2, pageNum: 2 } });
    expect(spec.body.data).toEqual(bySize.body.data);
    const queue = await call<Page>(url, '/api/article/webList', { body: { todo: 1, deptId: 999999, pageSize: 200 } });
    expect(queue.body.data.totalRow).toBe(all.body.data.totalRow);
    const flagged = all.body.data.list.find((r) => r.flags.length > 0);
    if (flagged) {
      const byFlag = await call<Page>(url, '/api/article/webList', { body: { flag: flagged.flags[0], pageSize: 200 } });
      expect(byFlag.body.data.list.map((r) => r.articleId)).toContain(flagged.articleId);
      expect(byFlag.body.data.list.every((r) => r.flags.includes(flagged.flags[0]!))).toBe(true);
    }
    expect((await call(url, '/api/article/webList', { body: { flag: 99 } })).body.errorCode).toBe('1002');
  });

  it('近日热读 answers the most read articles published in the last days, of a column and those below it', async () => {
    const { parent, below } = await parentWithChild();
    const recent = await db().selectFrom('article').select('articleId').where('status', '=', 5).where('columnId', 'in', below).orderBy('articleId').execute();
    // Fresh publish times and distinct hits, so the order is known: the last published is the most read.
    const now = new Date();
    const stamp = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')} 00:00:01`;
    for (const [i, r] of recent.entries()) await db().updateTable('article').set({ publishTime: stamp, hits: 10_000 + i }).where('articleId', '=', r.articleId).execute();
    const res = await call<Rec[]>(url, '/api/article/webJrlyList', { body: { categoryId: parent, pageSize: 2, days: 1 } });
    expect(res.body.errorCode, res.body.errorMsg).toBe('0');
    expect(res.body.data.map((r) => r.articleId)).toEqual(recent.slice(-2).reverse().map((r) => r.articleId));
    expect(Object.keys(res.body.data[0]!)).toEqual([...ARTICLE_PUBLIC_FIELDS, 'columnTitle']);
    // An article published long ago is not among them.
    const old = recent.at(-1)!.articleId;
    await db().updateTable('article').set({ publishTime: '2001-01-01 00:00:00' }).where('articleId', '=', old).execute();
    const later = await call<Rec[]>(url, '/api/article/webJrlyList', { body: { columnId: parent, size: 50, days: 90 } });
    expect(later.body.data.map((r) => r.articleId)).not.toContain(old);
    expect(later.body.data.length).toBe(Math.min(50, recent.length - 1 + (await hotOutside(below))));
    expect((await call(url, '/api/article/webJrlyList', { body: { days: 'x' } })).body.errorCode).toBe('1002');
  });
});

/** Published articles below the column whose publish time is in the last 90 days but not set by the test. */
async function hotOutside(below: number[]): Promise<number> {
  const d = new Date(Date.now() - 90 * 86_400_000);
  const since = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} 00:00:00`;
  const rows = await db().selectFrom('article').select(['articleId', 'publishTime', 'hits']).where('status', '=', 5).where('columnId', 'in', below).where('publishTime', '>=', since).execute();
  return rows.filter((r) => Number(r.hits) < 10_000).length;
}
