import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExtraReadDecl } from '../../../resources/shape/reads';
import type { ResourceDecl } from '../../../resources/types';
import type { LinkStepDecl } from '../../../resources/shape/actions';
import type { DynamicDb } from '../../../server/db/types';
import { countedInHooks } from '../../../server/crud/countedIn';
import { reverseLinkStep } from '../../../server/crud/linkReverse';
import { linkHooks, writeLinkingIds } from '../../../server/crud/links';
import { bumped } from '../../../server/crud/reads/bump';
import { groupedRows } from '../../../server/crud/reads/grouped';

// Session 27's generic options (论坛主题 / 论坛版块): grouped reads, countedIn, a one read's bump, a link's
// stamp and answered: false, a reverse link step's keyMissing / absentIsEmpty / answer: 'count'.
let db: DynamicDb;
const board = { name: 'board', table: 'board', label: '版块', idField: 'id', titleField: 'name', fields: [{ name: 'postCount', type: 'number' }] } as unknown as ResourceDecl;
const post = {
  name: 'post', table: 'post', label: '帖子', idField: 'id', titleField: 'title',
  fields: [
    { name: 'boardId', label: '版块', type: 'reference', reference: 'board' },
    { name: 'kind', label: '类型', type: 'enum', options: [{ value: 'q', label: '提问' }, { value: 'a', label: '建议' }] },
  ],
  countedIn: [{ key: 'boardId', field: 'postCount' }],
  links: [{ name: 'tagIds', label: '标签', table: 'post_tag', from: 'postId', to: 'tagId', entity: 'tag', missing: '标签不存在', stamp: 'createTime', answered: false }],
} as unknown as ResourceDecl;
const declOf = (name: string) => [board, post].find((d) => d.name === name);
const ctx = () => ({ trx: db }) as never;

beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as DynamicDb;
  await db.schema.createTable('board').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').addColumn('postCount', 'integer').execute();
  await db.schema.createTable('post').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('boardId', 'integer').addColumn('boardName', 'text').addColumn('kind', 'text')
    .addColumn('done', 'integer').addColumn('replies', 'integer').addColumn('createTime', 'text').addColumn('replyTime', 'text').addColumn('views', 'integer').execute();
  await db.schema.createTable('post_tag').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('postId', 'integer').addColumn('tagId', 'integer').addColumn('createTime', 'text').execute();
  await db.insertInto('board').values([{ id: 1, name: '甲', postCount: 9 }, { id: 2, name: '乙', postCount: 0 }]).execute();
  await db.insertInto('post').values([
    { id: 1, boardId: 1, boardName: '甲', kind: 'q', done: 1, replies: 2, createTime: '2026-11-01 08:00:00', replyTime: '2026-11-01 10:00:00', views: 4 },
    { id: 2, boardId: 1, boardName: '甲（旧名）', kind: 'a', done: 0, replies: 1, createTime: '2026-11-02 08:00:00', replyTime: '2026-11-02 09:00:00', views: null },
    { id: 3, boardId: null, boardName: null, kind: 'q', done: 1, replies: null, createTime: '2026-11-03 08:00:00', replyTime: null, views: 0 },
    { id: 4, boardId: 2, boardName: '乙', kind: 'q', done: 0, replies: 0, createTime: '2026-11-04 08:00:00', replyTime: null, views: 0 },
  ]).execute();
});
afterEach(async () => db.destroy());

const GROUPED = {
  param: 'by', default: 'board', orderBy: 'total',
  by: { board: { field: 'boardId', title: 'boardName', none: '无版块' }, kind: { field: 'kind' } },
  counts: { total: {}, done: { done: 1 } }, sums: { replies: 'replies' }, hours: { avgHours: { from: 'createTime', to: 'replyTime' } },
} as const;

describe('a grouped read (server/crud/reads/grouped.ts)', () => {
  it('groups by a number field named by a stored title (the first record\'s), with none for a blank key, counts, sums and average hours', async () => {
    const rows = await groupedRows(post, GROUPED, db.selectFrom('post'), {});
    expect(rows).toEqual([
      { key: 1, name: '甲', total: 2, done: 1, replies: 3, avgHours: 1.5 },
      { key: 0, name: '无版块', total: 1, done: 1, replies: 0, avgHours: null },
      { key: 2, name: '乙', total: 1, done: 0, replies: 0, avgHours: null },
    ]);
  });
  it('groups by an enum field named by its option label when the search names that grouping; an unknown one takes the default', async () => {
    expect(await groupedRows(post, GROUPED, db.selectFrom('post'), { by: 'kind' })).toEqual([
      { key: 'q', name: '提问', total: 3, done: 2, replies: 2, avgHours: 2 },
      { key: 'a', name: '建议', total: 1, done: 0, replies: 1, avgHours: 1 },
    ]);
    expect((await groupedRows(post, GROUPED, db.selectFrom('post').where('kind', '=', 'q'), { by: 'nope' })).map((r) => r.key)).toEqual([0, 1, 2]);
  });
});

describe('countedIn (server/crud/countedIn.ts)', () => {
  it('recounts the named record after a create, a move (both records) and a delete', async () => {
    const hooks = countedInHooks(post, declOf);
    const count = async (id: number) => Number((await db.selectFrom('board').select('postCount').where('id', '=', id).executeTakeFirstOrThrow()).postCount);
    await hooks.afterChange![0]!({ operation: 'create', record: { id: 1, boardId: 1 }, ctx: ctx() });
    expect(await count(1)).toBe(2); // 9 was off: recounted
    await db.updateTable('post').set({ boardId: 2 }).where('id', '=', 2).execute();
    await hooks.afterChange![0]!({ operation: 'update', record: { id: 2, boardId: 2 }, previous: { id: 2, boardId: 1 }, ctx: ctx() });
    expect([await count(1), await count(2)]).toEqual([1, 2]);
    await db.deleteFrom('post').where('id', '=', 4).execute();
    await hooks.afterDelete![0]!({ records: [{ id: 4, boardId: 2 }], ctx: ctx() });
    expect(await count(2)).toBe(1);
  });
});

describe('a one read\'s bump (server/crud/reads/bump.ts)', () => {
  it('adds one to the field (a blank counts 0) and answers the count as it stands', async () => {
    const read = { shape: 'one', bump: 'views', fields: ['id'] } as unknown as ExtraReadDecl;
    expect((await bumped(db, post, read, { id: 2, views: null })).views).toBe(1);
    expect((await bumped(db, post, read, { id: 1, views: 4 })).views).toBe(5);
    expect(await bumped(db, post, { fields: ['id'] } as unknown as ExtraReadDecl, { id: 1, views: 5 })).toEqual({ id: 1, views: 5 });
  });
});

describe('a link\'s stamp and answered: false (server/crud/links.ts)', () => {
  it('stamps new link rows with the write time and leaves the ids out of the get', async () => {
    await writeLinkingIds(db, post.links![0]!, 7, [1, 2]);
    const rows = await db.selectFrom('post_tag').selectAll().orderBy('postId').execute();
    expect(rows.map((r) => [r.postId, r.tagId])).toEqual([[1, 7], [2, 7]]);
    for (const r of rows) expect(String(r.createTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const hooks = linkHooks(post, declOf);
    expect(await hooks.afterGet![0]!({ record: { id: 1 }, ctx: ctx() })).toEqual({ id: 1 });
  });
});

describe('a reverse link step\'s keyMissing, absentIsEmpty and answer: count (server/crud/linkReverse.ts)', () => {
  const step = { link: 'tagIds', op: 'set', reverse: true, keys: ['tagId'], ids: ['postIds'], missing: '帖子不存在', keyMissing: '请选择标签', absentIsEmpty: true, answer: 'count' } as LinkStepDecl;
  const run = reverseLinkStep(post, post.links![0]!, step);
  const api = { asSystem: () => ({ findById: async (_: string, id: number) => (id === 7 ? { id } : null) }), find: async (_: string, o: { where: unknown }) => {
    void o;
    return (await db.selectFrom('post').select('id').where('id', 'in', [1, 2, 3, 4]).execute()).slice(0, 2);
  } };
  const go = (body: Record<string, unknown>) => run({ body, ctx: { trx: db, api } } as never);
  it('refuses a blank key with keyMissing, answers how many it set, and clears for a body without the list', async () => {
    await expect(go({ tagId: '' })).rejects.toMatchObject({ message: '请选择标签' });
    await expect(go({ postIds: [1] })).rejects.toMatchObject({ message: '请选择标签' });
    await expect(go({ tagId: 8, postIds: [1] })).rejects.toMatchObject({ message: '标签不存在' });
    expect(await go({ tagId: 7, postIds: [1, 2, 2] })).toBe(2);
    expect((await db.selectFrom('post_tag').select('postId').where('tagId', '=', 7).execute()).map((r) => r.postId)).toEqual([1, 2]);
    expect(await go({ tagId: 7 })).toBe(0);
    expect(await db.selectFrom('post_tag').selectAll().execute()).toEqual([]);
  });
});
