import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChildDecl } from '../../../resources/relations/children';
import type { DynamicDb } from '../../../server/db/types';
import { deleteChildTree, readChildTree, writeChildTree } from '../../../server/crud/childTree';

// Nested child collections (ChildDecl children / fields / labelOf / rootKey): a poll → its items → their choices.
let db: DynamicDb;
const CHOICES: ChildDecl = { name: 'choices', label: '选项', table: 'choice', key: 'itemId', rootKey: 'pollId', orderBy: ['sort'], fields: ['id', 'itemId', 'text'] };
const ITEMS: ChildDecl = {
  name: 'items', label: '题目', table: 'item', key: 'pollId', orderBy: ['sort'], fields: ['id', 'title', 'kind'],
  labelOf: { field: 'kind', as: 'kindName', options: { 0: '单选', 1: '多选' } }, children: [CHOICES],
};

beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as DynamicDb;
  await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('pollId', 'integer').addColumn('title', 'text').addColumn('kind', 'integer').addColumn('sort', 'integer').addColumn('note', 'text').execute();
  await db.schema.createTable('choice').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('pollId', 'integer').addColumn('itemId', 'integer').addColumn('text', 'text').addColumn('sort', 'integer').execute();
});
afterEach(async () => db.destroy());

const poll = (n: number) => [
  { title: `第${n}问乙`, kind: 1, sort: 2, choices: [{ text: 'B2', sort: 2 }, { text: 'B1', sort: 1 }] },
  { title: `第${n}问甲`, kind: 0, sort: 1, choices: [{ text: 'A1', sort: 1 }] },
];

describe('nested child collections (server/crud/childTree.ts)', () => {
  it('writes the rows with their keys and reads them back nested, ordered, with the declared fields and the label', async () => {
    await writeChildTree(db, ITEMS, 7, poll(7));
    const tree = await readChildTree(db, ITEMS, [7]);
    expect(tree.map((q) => q.title)).toEqual(['第7问甲', '第7问乙']);
    expect(Object.keys(tree[0]!).sort()).toEqual(['choices', 'id', 'kind', 'kindName', 'title']);
    expect(tree.map((q) => q.kindName)).toEqual(['单选', '多选']);
    expect((tree[1]!.choices as { text: string }[]).map((c) => c.text)).toEqual(['B1', 'B2']);
    const stored = await db.selectFrom('choice').selectAll().execute();
    expect(stored.every((c) => c.pollId === 7)).toBe(true); // rootKey
  });

  it('replaces one record\'s rows only and deletes every level', async () => {
    await writeChildTree(db, ITEMS, 7, poll(7));
    await writeChildTree(db, ITEMS, 8, poll(8));
    await writeChildTree(db, ITEMS, 7, [{ title: '新题', kind: 0, sort: 1, choices: [{ text: 'X', sort: 1 }] }]);
    expect((await readChildTree(db, ITEMS, [7])).map((q) => q.title)).toEqual(['新题']);
    expect(await db.selectFrom('choice').select('text').where('pollId', '=', 7).execute()).toEqual([{ text: 'X' }]);
    await deleteChildTree(db, ITEMS, [7]);
    expect(await readChildTree(db, ITEMS, [7])).toEqual([]);
    expect((await db.selectFrom('choice').selectAll().where('pollId', '=', 7).execute()).length).toBe(0);
    expect((await readChildTree(db, ITEMS, [8])).length).toBe(2);
    expect((await db.selectFrom('choice').selectAll().where('pollId', '=', 8).execute()).length).toBe(3);
  });
});
