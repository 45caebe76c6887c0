import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChildDecl } from '../../../resources/relations/children';
import type { ResourceDecl } from '../../../resources/types';
import type { DynamicDb } from '../../../server/db/types';
import { deleteChildTree, readChildRow, readChildTree, writeChildTree } from '../../../server/crud/childTree';
import { childHooks } from '../../../server/crud/children';
import { createOnlyHooks } from '../../../server/crud/nameChecks';

// Session 27 (内容模型): a child table keyed otherwise than `id` (`idField`), JSON list columns (`lists`), a
// collection answered on every read (`everyRead`), and the `createOnly` field option's hook.
let db: DynamicDb;
const ITEMS: ChildDecl = {
  name: 'items', label: '项', table: 'item', key: 'ownerId', idField: 'itemId', orderBy: ['sort'], lists: ['tags'],
  fields: ['itemId', 'ownerId', 'name', 'tags', 'sort'],
  children: [{ name: 'notes', label: '备注', table: 'note', key: 'itemId', idField: 'noteId' }],
};
const OWNER = { name: 'owner', label: '主记录', table: 'owner', idField: 'id', fields: [{ name: 'code', label: '编码', type: 'text', createOnly: true }], children: [{ ...ITEMS, everyRead: true }] } as unknown as ResourceDecl;

beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as DynamicDb;
  await db.schema.createTable('item').addColumn('itemId', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('ownerId', 'integer').addColumn('name', 'text').addColumn('tags', 'text').addColumn('sort', 'integer').addColumn('extra', 'text').execute();
  await db.schema.createTable('note').addColumn('noteId', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('itemId', 'integer').addColumn('text', 'text').execute();
  await db.insertInto('item').values([
    { ownerId: 1, name: '乙', tags: '["a","b"]', sort: 2, extra: 'x' },
    { ownerId: 1, name: '甲', tags: 'not json', sort: 1 },
    { ownerId: 2, name: '丙', tags: '{"a":1}', sort: 1 },
    { ownerId: 1, name: '丁', tags: null, sort: 1 },
  ]).execute();
  await db.insertInto('note').values([{ itemId: 1, text: 'n1' }, { itemId: 3, text: 'n3' }]).execute();
});
afterEach(async () => db.destroy());

describe('child collections keyed by their own idField, with list columns (server/crud/childTree.ts)', () => {
  it('reads in the declared order then by the idField, the lists parsed ([] for blank, bad JSON or no list), the rows under each by its key', async () => {
    const rows = await readChildTree(db, ITEMS, [1]);
    expect(rows.map((r) => r.name)).toEqual(['甲', '丁', '乙']);
    expect(rows.map((r) => r.tags)).toEqual([[], [], ['a', 'b']]);
    expect(Object.keys(rows[0]!)).toEqual(['itemId', 'ownerId', 'name', 'tags', 'sort', 'notes']);
    expect(rows[2]!.notes).toEqual([{ noteId: 1, itemId: 1, text: 'n1' }]);
    expect((await readChildTree(db, ITEMS, [2]))[0]!.tags).toEqual([]);
  });

  it('readChildRow answers one row by its own key, as the tree answers it; undefined for none', async () => {
    expect(await readChildRow(db, ITEMS, 1)).toEqual({ itemId: 1, ownerId: 1, name: '乙', tags: ['a', 'b'], sort: 2, notes: [{ noteId: 1, itemId: 1, text: 'n1' }] });
    expect(await readChildRow(db, ITEMS, 99)).toBeUndefined();
  });

  it('writes and deletes by the idField, the rows under it too', async () => {
    await writeChildTree(db, ITEMS, 2, [{ itemId: 77, name: '新', tags: '[]', sort: 1, notes: [{ text: 'x' }] }]);
    const [row] = await readChildTree(db, ITEMS, [2]);
    expect(row).toMatchObject({ ownerId: 2, name: '新', notes: [{ text: 'x' }] });
    expect(row!.itemId).not.toBe(77);
    await deleteChildTree(db, ITEMS, [2]);
    expect(await db.selectFrom('note').select('text').execute()).toEqual([{ text: 'n1' }]);
  });
});

describe('everyRead and createOnly hooks', () => {
  it('an everyRead collection is answered by an enrich hook for each record of a page, not by afterGet', async () => {
    const hooks = childHooks(OWNER);
    const ctx = { trx: db } as never;
    const [one, two, three] = await hooks.enrich![0]!({ records: [{ id: 1 }, { id: 2 }, { id: 3 }], ctx });
    expect((one!.items as { name: string }[]).map((r) => r.name)).toEqual(['甲', '丁', '乙']);
    expect((two!.items as { name: string }[]).map((r) => r.name)).toEqual(['丙']);
    expect(three!.items).toEqual([]);
    expect(await hooks.afterGet![0]!({ record: { id: 1 }, ctx })).toEqual({ id: 1 });
  });

  it('createOnly: an update sending another value is refused with 1005, the same value dropped, a create untouched', () => {
    const hook = createOnlyHooks(OWNER).beforeValidate![0]!;
    const ctx = {} as never;
    expect(() => hook({ operation: 'update', data: { code: 'b' }, original: { code: 'a' }, ctx })).toThrow('编码保存后不能修改');
    expect(hook({ operation: 'update', data: { code: 'a', other: 1 }, original: { code: 'a' }, ctx })).toEqual({ other: 1 });
    expect(hook({ operation: 'create', data: { code: 'b' }, ctx })).toBeUndefined();
    expect(createOnlyHooks({ ...OWNER, fields: [] })).toEqual({});
  });
});
