import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import type { DynamicDb } from '../../../server/db/types';
import type { PortalUser } from '../../../server/http/fastifyTypes';
import type { EntityContext } from '../../../server/crud/entity/types';
import { createRecord, listRecords, updateRecord } from '../../../server/crud/service';
import { typesAgree } from '../../../server/crud/schema/serializer';
import { Refusal } from '../../../resources/behaviour';

// The generic pieces 文章 needed (issue 19, session 24), on an in-memory table: after-commit tasks, grants, the serializer's type check.
let db: DynamicDb;
const told: string[] = [];

const user = (userId: number, dataScope: PortalUser['dataScope']): PortalUser => ({
  userId, username: `u${userId}`, name: `用户${userId}`, deptId: 1, deptName: '办公室', appKey: 'admin', roleIds: [], roleNames: [],
  permissions: new Set(), dataScope, tokenHash: '',
});

function noteDecl(extra: Partial<ResourceDecl> = {}): ResourceDecl {
  return {
    name: 'note', table: 'note', label: '便签', idField: 'id', titleField: 'title',
    api: { list: { path: '/note/list' }, get: { path: '/note/get' } },
    fields: [
      { name: 'id', label: 'ID', type: 'number', readOnly: true },
      { name: 'title', label: '标题', type: 'text', required: true },
      { name: 'columnId', label: '栏目', type: 'number' },
      { name: 'creatorId', label: '创建人', type: 'number', readOnly: true },
      { name: 'deptId', label: '部门', type: 'number', readOnly: true },
    ],
    list: { columns: ['title'], filters: [], sortable: [], defaultSort: { field: 'id', order: 'ASC' } },
    permissions: { list: 'note:list', get: 'note:get', create: 'note:add', update: 'note:update', delete: 'note:delete' },
    ownership: { department: 'deptId', creator: 'creatorId' },
    ...extra,
  } as unknown as ResourceDecl;
}

beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as DynamicDb;
  await db.schema.createTable('note').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('title', 'text').addColumn('columnId', 'integer').addColumn('creatorId', 'integer').addColumn('deptId', 'integer').execute();
  told.length = 0;
});
afterEach(async () => db.destroy());

describe('ctx.afterCommit', () => {
  const decl = noteDecl({
    hooks: {
      afterChange: [
        async ({ record, ctx }) => {
          told.push(`in the transaction: ${String(record.title)}`);
          await (ctx as EntityContext).afterCommit(async () => {
            // After the commit the row is there for any other reader.
            const row = await db.selectFrom('note').select('title').where('id', '=', Number(record.id)).executeTakeFirst();
            told.push(`after the commit: ${String(row?.title)}`);
          });
          if (record.title === '退回') throw new Refusal(1005, '不能保存');
        },
      ],
    },
  });

  it('runs the task once the write committed, and never after a rollback', async () => {
    await createRecord(db, decl, user(1, 'ALL'), { title: '甲' });
    expect(told).toEqual(['in the transaction: 甲', 'after the commit: 甲']);
    told.length = 0;
    await expect(createRecord(db, decl, user(1, 'ALL'), { title: '退回' })).rejects.toThrow('不能保存');
    expect(told).toEqual(['in the transaction: 退回']);
    expect(await db.selectFrom('note').select('title').execute()).toEqual([{ title: '甲' }]);
  });
});

describe('grant hooks', () => {
  const decl = noteDecl({
    hooks: { grant: [({ operation }) => (operation === 'list' ? { columnId: [7] } : undefined)] },
  });

  it('widen the data scope for the operations they name, and only those', async () => {
    await createRecord(db, decl, user(1, 'SELF'), { title: '自己的', columnId: 3 });
    const other = await createRecord(db, decl, user(2, 'SELF'), { title: '别人的，授权栏目', columnId: 7 });
    await createRecord(db, decl, user(2, 'SELF'), { title: '别人的', columnId: 3 });
    const page = await listRecords(db, decl, user(1, 'SELF'), {});
    expect(page.list.map((r) => r.title)).toEqual(['自己的', '别人的，授权栏目']);
    // No grant for update: the scope alone.
    await expect(updateRecord(db, decl, user(1, 'SELF'), Number(other.id), { title: '改' })).rejects.toThrow();
    expect((await listRecords(db, noteDecl(), user(1, 'SELF'), {})).list.map((r) => r.title)).toEqual(['自己的']);
  });
});

describe('the generic serializer', () => {
  const schema = { type: 'object', properties: { data: { type: 'object', properties: { flags: { type: ['string', 'null'] }, n: { type: ['integer', 'null'] } } } } };

  it('sees a value of another type than the schema says (then answered as plain JSON, never converted)', () => {
    expect(typesAgree(schema, { data: { flags: ',1,3,', n: 2 } })).toBe(true);
    expect(typesAgree(schema, { data: { flags: null, n: null, extra: [1] } })).toBe(true);
    expect(typesAgree(schema, { data: { flags: [1, 3], n: 2 } })).toBe(false);
    expect(typesAgree(schema, { data: { flags: 'x', n: 1.5 } })).toBe(false);
  });
});
