import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import type { DynamicDb } from '../../../server/db/types';
import type { PortalUser } from '../../../server/http/fastifyTypes';
import { createRecord, listRecords } from '../../../server/crud/service';

// The list options 文章's list needed (issue 19, session 24): a filter the listWhere answers (`byHook`), columns left out of rows.
let db: DynamicDb;
const admin: PortalUser = {
  userId: 1, username: 'u1', name: '用户1', deptId: 1, deptName: '办公室', appKey: 'admin', roleIds: [], roleNames: [],
  permissions: new Set(), dataScope: 'ALL', tokenHash: '',
};

function noteDecl(list: Partial<ResourceDecl['list']>, hooks?: ResourceDecl['hooks']): ResourceDecl {
  return {
    name: 'note', table: 'note', label: '便签', idField: 'id', titleField: 'title',
    api: { list: { path: '/note/list' } },
    fields: [
      { name: 'id', label: 'ID', type: 'number', readOnly: true },
      { name: 'title', label: '标题', type: 'text', required: true },
      { name: 'body', label: '正文', type: 'textarea' },
      { name: 'status', label: '状态', type: 'enum', options: [{ value: 1, label: '一' }, { value: 2, label: '二' }, { value: 3, label: '三' }] },
    ],
    list: { columns: ['title'], filters: [], sortable: [], defaultSort: { field: 'id', order: 'ASC' }, ...list },
    permissions: { list: 'note:list', get: 'note:get', create: 'note:add', update: 'note:update', delete: 'note:delete' },
    hooks,
  } as unknown as ResourceDecl;
}

beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as DynamicDb;
  await db.schema.createTable('note').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('title', 'text').addColumn('body', 'text').addColumn('status', 'integer').execute();
  const plain = noteDecl({});
  for (const status of [1, 2, 3]) await createRecord(db, plain, admin, { title: `第${status}篇`, body: `正文${status}`, status });
});
afterEach(async () => db.destroy());

describe('list filters answered by the listWhere (byHook)', () => {
  const statusList = { field: 'status', op: 'eq', byHook: true } as const;

  it('are skipped by the generic filters: a list of states is no refusal, and without a hook filters nothing', async () => {
    const page = await listRecords(db, noteDecl({ filters: [statusList] }), admin, { status: '1,3' });
    expect(page.list.map((r) => r.status)).toEqual([1, 2, 3]);
    // The same value on a plain eq filter is refused as no number.
    await expect(listRecords(db, noteDecl({ filters: [{ field: 'status', op: 'eq' }] }), admin, { status: '1,3' })).rejects.toThrow('状态必须是数字');
  });

  it('are what the listWhere makes of them', async () => {
    const decl = noteDecl({ filters: [statusList] }, {
      listWhere: [({ search }) => (search.status ? { status: String(search.status).split(',').map(Number) } : undefined)],
    });
    const page = await listRecords(db, decl, admin, { status: '1,3' });
    expect(page.list.map((r) => r.title)).toEqual(['第1篇', '第3篇']);
    expect(page.totalRow).toBe(2);
  });
});

describe('list.leaveOut', () => {
  it('leaves the named columns out of the rows and keeps the others', async () => {
    const page = await listRecords(db, noteDecl({ leaveOut: ['body'] }), admin, {});
    expect(page.list[0]).toEqual({ id: 1, title: '第1篇', status: 1 });
    const full = await listRecords(db, noteDecl({}), admin, {});
    expect(full.list[0]?.body).toBe('正文1');
  });
});

describe('list.chosenOrder', () => {
  it('is the direction of a chosen sort field named without sortOrder', async () => {
    const titles = async (list: Partial<ResourceDecl['list']>) => (await listRecords(db, noteDecl({ sortable: ['status'], ...list }), admin, { sortField: 'status' })).list.map((r) => r.status);
    expect(await titles({})).toEqual([1, 2, 3]);
    expect(await titles({ chosenOrder: 'DESC' })).toEqual([3, 2, 1]);
  });
});

describe('commaList', () => {
  it('takes `1,3` as one of them, each checked with onlyOptions', async () => {
    const decl = noteDecl({ filters: [{ field: 'status', op: 'eq', commaList: true, onlyOptions: true }] });
    expect((await listRecords(db, decl, admin, { status: '1,3' })).list.map((r) => r.status)).toEqual([1, 3]);
    await expect(listRecords(db, decl, admin, { status: '1,9' })).rejects.toThrow('状态的值无效，可选值：1（一）、2（二）、3（三）');
  });
});
