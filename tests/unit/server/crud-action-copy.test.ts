import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordData } from '../../../resources/behaviour';
import type { ResourceDecl } from '../../../resources/types';
import { copiedFrom } from '../../../server/crud/actionCopy';
import { attachBehaviours } from '../../../server/crud/entity/attach';
import { defineBehaviour } from '../../../server/crud/entity/define';
import { seedApi } from '../../../server/crud/entity/seed';
import type { Db } from '../../../server/db/types';
import { firstIds } from '../../../server/http/params';

// Session 27 (issue 19): an action's generic `copy` (server/crud/actionCopy.ts) and the shared `firstIds`.
const note = {
  name: 'note', table: 'note', label: '笔记', idField: 'id', titleField: 'title',
  api: { list: { path: '/note/list' }, get: { path: '/note/get' }, create: { path: '/note/add' }, update: { path: '/note/update' }, delete: { path: '/note/dels' } },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 20 },
    { name: 'body', label: '内容', type: 'text' },
    { name: 'folderId', label: '文件夹', type: 'number' },
    { name: 'sort', label: '排序', type: 'number' },
    { name: 'secret', label: '备注', type: 'text' },
  ],
  list: { columns: ['title'] },
  actions: [
    { name: 'copy', label: '复制', path: '/note/copy', permission: 'note:copy', scope: 'bulk',
      copy: { fields: ['title', 'body'], values: { sort: 0 }, target: { field: 'folderId', params: ['folderId', 'parentId'] } } },
  ],
  permissions: { list: 'note:list', get: 'note:get', create: 'note:add', update: 'note:update', delete: 'note:delete' },
  menu: { group: 'system', path: '/main/system/note' },
} as unknown as ResourceDecl;

// The hooks see the source of each copy.
const sources: RecordData[] = [];
const behaviour = defineBehaviour({ name: 'note', hooks: { beforeValidate: [({ data }) => { const s = copiedFrom(data); if (s) sources.push(s); return data; }] } });

let db: Db;
let decls: ResourceDecl[];
beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
  const raw = db as unknown as Kysely<Record<string, never>>;
  await raw.schema.createTable('note').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('title', 'text').addColumn('body', 'text')
    .addColumn('folderId', 'integer').addColumn('sort', 'integer').addColumn('secret', 'text').execute();
  decls = attachBehaviours([note], [behaviour]);
  sources.length = 0;
});
afterEach(async () => db.destroy());

const rows = async () => (await db.selectFrom('note' as never).selectAll().orderBy('id' as never).execute()) as Record<string, unknown>[];

describe("an action's copy", () => {
  it('creates each named record anew through the hooks: its fields, the values, the target given or its own', async () => {
    const api = seedApi(db, decls);
    const a = Number((await api.create('note', { title: '甲', body: '一', folderId: 1, sort: 9, secret: '不复制' })).id);
    const b = Number((await api.create('note', { title: '乙', body: '二', folderId: 2, sort: 5 })).id);
    // In the order the call names them; the target under its second name.
    const made = (await api.runAction('note', 'copy', { ids: [b, a], body: { ids: [b, a], parentId: 7 } })) as number[];
    expect(made).toHaveLength(2);
    const after = await rows();
    expect(after.find((r) => r.id === made[0])).toMatchObject({ title: '乙', body: '二', folderId: 7, sort: 0, secret: null });
    expect(after.find((r) => r.id === made[1])).toMatchObject({ title: '甲', body: '一', folderId: 7, sort: 0, secret: null });
    expect(sources.map((s) => s.id)).toEqual([b, a]);
    // No target: each keeps its own.
    const own = (await api.runAction('note', 'copy', { ids: [a] })) as number[];
    expect((await rows()).find((r) => r.id === own[0])).toMatchObject({ title: '甲', folderId: 1 });
  });

  it('refuses a target that is not a positive integer, and copies nothing then', async () => {
    const api = seedApi(db, decls);
    const a = Number((await api.create('note', { title: '甲', folderId: 1 })).id);
    await expect(api.runAction('note', 'copy', { ids: [a], body: { folderId: 'x' } })).rejects.toThrow('参数格式不正确：folderId');
    expect(await rows()).toHaveLength(1);
  });
});

describe('firstIds', () => {
  const most = { count: 3, message: '一次最多处理3条' };
  it('reads the first name given, the body before the query, an array or a comma list, each once', () => {
    expect(firstIds({ ids: '9' }, { articleId: 4 }, ['ids', 'articleId'])).toEqual([9]);
    expect(firstIds({ ids: '9' }, { ids: [1, '2', 2] }, ['ids', 'articleId'])).toEqual([1, 2]);
    expect(firstIds({}, { ids: '', articleId: '5,6' }, ['ids', 'articleId'])).toEqual([5, 6]);
  });
  it('names the first name when none or a bad one is given, and caps the count', () => {
    expect(() => firstIds({}, {}, ['ids', 'id'])).toThrow('缺少必填参数：ids');
    expect(() => firstIds({}, { id: 'x' }, ['ids', 'id'])).toThrow('参数格式不正确：ids');
    expect(() => firstIds({}, { ids: [1, 2, 3, 4] }, ['ids'], most)).toThrow('一次最多处理3条');
    expect(firstIds({}, { ids: [1, 2, 3] }, ['ids'], most)).toEqual([1, 2, 3]);
  });
});
