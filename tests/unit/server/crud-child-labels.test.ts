import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChildDecl } from '../../../resources/relations/children';
import type { DynamicDb } from '../../../server/db/types';
import { readChildTree } from '../../../server/crud/childTree';

// A child collection's several labelled enum columns (ChildDecl `labelsOf`: 文章's history, from and to state).
let db: DynamicDb;
const STATES = { 3: '编辑中', 4: '待审核', 5: '已发布' };
const FLOW: ChildDecl = {
  name: 'flow', label: '记录', table: 'flow', key: 'recordId',
  labelsOf: [{ field: 'fromState', as: 'fromStateName', options: STATES }, { field: 'toState', as: 'toStateName', options: STATES }],
};

beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as DynamicDb;
  await db.schema.createTable('flow').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('recordId', 'integer').addColumn('fromState', 'integer').addColumn('toState', 'integer').execute();
  await db.insertInto('flow').values([
    { recordId: 1, fromState: null, toState: 3 },
    { recordId: 1, fromState: 3, toState: 4 },
    { recordId: 2, fromState: 4, toState: 5 },
    { recordId: 1, fromState: 4, toState: 9 },
  ]).execute();
});
afterEach(async () => db.destroy());

describe('a child collection’s labelled columns (server/crud/childTree.ts labelsOf)', () => {
  it('answers each declared column’s label beside it, in id order, \'\' for no value or one without a label', async () => {
    const rows = await readChildTree(db, FLOW, [1]);
    expect(rows.map((r) => [r.fromStateName, r.toStateName])).toEqual([['', '编辑中'], ['编辑中', '待审核'], ['待审核', '']]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['fromState', 'fromStateName', 'id', 'recordId', 'toState', 'toStateName']);
  });
});
