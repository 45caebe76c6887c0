import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordData } from '../../../resources/behaviour';
import type { ResourceDecl } from '../../../resources/types';
import { editThenRun, savedVia } from '../../../server/crud/actionSaves';
import { attachBehaviours } from '../../../server/crud/entity/attach';
import { defineBehaviour } from '../../../server/crud/entity/define';
import { systemUser } from '../../../server/crud/entity/runtime';
import { seedApi } from '../../../server/crud/entity/seed';
import type { ActionRun } from '../../../server/crud/entity/types';
import { dynamic, type Db } from '../../../server/db/types';

// Session 27 (issue 19): an action's `edits` (server/crud/actionSaves.ts): the record's values, then the action.
const doc = {
  name: 'doc', table: 'doc', label: '稿件', idField: 'id', titleField: 'title',
  api: { list: { path: '/doc/list' }, get: { path: '/doc/get' }, create: { path: '/doc/add' }, update: { path: '/doc/update' }, delete: { path: '/doc/dels' } },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 20 },
    { name: 'status', label: '状态', type: 'number', readOnly: true },
    { name: 'note', label: '意见', type: 'text', readOnly: true },
  ],
  list: { columns: ['title'] },
  actions: [
    { name: 'pass', label: '通过', path: '/doc/pass', permission: 'doc:pass', scope: 'both', when: { status: 1 }, run: true,
      input: [{ name: 'note', label: '意见', type: 'text', maxLength: 5, required: true }],
      edits: { path: '/doc/updateAndPass', name: 'updateAndPass', label: '修改并通过' } },
    { name: 'stamp', label: '盖章', path: '/doc/stamp', permission: 'doc:stamp', scope: 'row', run: true,
      edits: { path: '/doc/updateAndStamp', name: 'updateAndStamp', label: '修改并盖章', writes: 'run' } },
  ],
  permissions: { list: 'doc:list', get: 'doc:get', create: 'doc:add', update: 'doc:update', delete: 'doc:delete' },
  menu: { group: 'system', path: '/main/system/doc' },
} as unknown as ResourceDecl;

// What the hooks and the runs saw, in order.
const seen: string[] = [];
const pass: ActionRun = async ({ records, body, ctx }) => {
  seen.push(`pass:${String(records[0]?.title)}`);
  await ctx.api.update('doc', Number(records[0]?.id), { status: 2, note: body.note });
};
const stamp: ActionRun = async ({ records, ctx, edit }) => {
  seen.push(`stamp:${edit ? edit.via.label : '-'}`);
  await ctx.api.update('doc', Number(records[0]?.id), { ...edit?.values, status: 3 });
};
const behaviour = defineBehaviour({
  name: 'doc',
  hooks: { beforeValidate: [({ operation, data }) => { if (operation === 'update') seen.push(`update:${savedVia(data) ?? '-'}`); return data; }] },
  actions: { pass, stamp },
});

let db: Db;
let decls: ResourceDecl[];
beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
  const raw = db as unknown as Kysely<Record<string, never>>;
  await raw.schema.createTable('doc').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('title', 'text').addColumn('status', 'integer').addColumn('note', 'text').execute();
  decls = attachBehaviours([doc], [behaviour]);
  seen.length = 0;
});
afterEach(async () => db.destroy());

const edit = (name: string, query: RecordData, body: RecordData) => {
  const decl = decls[0] as ResourceDecl;
  const action = decl.actions?.find((a) => a.name === name);
  return editThenRun(dynamic(db), decl, action!, action!.edits!, systemUser, query, body);
};

describe("an action's edits", () => {
  it('updates the record (its hooks told by savedVia), then runs the action on it as it stands, and answers it', async () => {
    const id = Number((await seedApi(db, decls).create('doc', { title: '原稿', status: 1 })).id);
    const { record, values } = await edit('pass', { id: String(id) }, { title: '改稿', note: '同意' });
    expect(values).toEqual({ title: '改稿', note: '同意' });
    expect(record).toMatchObject({ id, title: '改稿', status: 2, note: '同意' });
    expect(seen).toEqual(['update:updateAndPass', 'pass:改稿', 'update:-']);
  });

  it("checks the action's inputs and states first, and changes nothing when refused", async () => {
    const id = Number((await seedApi(db, decls).create('doc', { title: '原稿', status: 1 })).id);
    await expect(edit('pass', {}, { id, title: '改稿' })).rejects.toThrow('意见');
    await expect(edit('pass', {}, { id, title: '改稿', note: '太长的意见啊' })).rejects.toThrow('意见长度不能超过5个字符');
    await expect(edit('pass', {}, { title: '改稿', note: '好' })).rejects.toThrow('缺少必填参数：id');
    await expect(edit('pass', {}, { id: 99, title: '改稿', note: '好' })).rejects.toThrow('记录不存在');
    await dynamic(db).updateTable('doc').set({ status: 9 }).execute();
    await expect(edit('pass', {}, { id, title: '改稿', note: '好' })).rejects.toThrow('该记录当前状态不允许此操作');
    expect(await dynamic(db).selectFrom('doc').select(['title', 'status']).execute()).toEqual([{ title: '原稿', status: 9 }]);
    expect(seen).toEqual([]);
  });

  it("with writes: 'run' the run gets the values and the call as `edit`, and writes them itself", async () => {
    const id = Number((await seedApi(db, decls).create('doc', { title: '原稿', status: 1 })).id);
    const { record } = await edit('stamp', {}, { id, title: '盖章稿' });
    expect(record).toMatchObject({ title: '盖章稿', status: 3 });
    expect(seen).toEqual(['stamp:修改并盖章', 'update:-']);
  });
});
