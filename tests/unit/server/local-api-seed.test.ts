import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordData } from '../../../resources/behaviour';
import type { ResourceDecl } from '../../../resources/types';
import { attachBehaviours } from '../../../server/crud/entity/attach';
import { defineBehaviour } from '../../../server/crud/entity/define';
import { behavioursFor } from '../../../server/crud/entity/loadBehaviours';
import { seedApi, seedOne } from '../../../server/crud/entity/seed';
import type { EntityContext } from '../../../server/crud/entity/types';
import type { Db } from '../../../server/db/types';

// The local API's seed (issue 19, session 24): ctx.seed for the hooks, `inputs`, declared links.
const gadget = {
  name: 'gadget', table: 'gadget', label: '器件', idField: 'id', titleField: 'title',
  api: { list: { path: '/gadget/list' }, get: { path: '/gadget/get' }, create: { path: '/gadget/add' }, update: { path: '/gadget/update' }, delete: { path: '/gadget/dels' } },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '名称', type: 'text', required: true, maxLength: 20 },
    { name: 'status', label: '状态', type: 'number', readOnly: true },
    { name: 'createTime', label: '创建时间', type: 'datetime', readOnly: true },
  ],
  links: [{ name: 'tagIds', label: '标签', table: 'gadget_tag', from: 'gadgetId', to: 'tagId', entity: 'tag', missing: '标签不存在' }],
  list: { columns: ['title'] },
  permissions: { list: 'gadget:list', get: 'gadget:get', create: 'gadget:add', update: 'gadget:update', delete: 'gadget:delete' },
  menu: { group: 'system', path: '/main/system/gadget' },
} as unknown as ResourceDecl;
const tag = { ...gadget, name: 'tag', table: 'tag', links: undefined, fields: gadget.fields.slice(0, 2) } as unknown as ResourceDecl;

const seen: { seed: boolean; parts?: unknown }[] = [];
const behaviour = defineBehaviour({
  name: 'gadget',
  hooks: {
    beforeValidate: [({ data, ctx }) => void seen.push({ seed: (ctx as EntityContext).seed, parts: data.parts })],
    // A new gadget starts as a draft (0); demo data may keep the status its row gives.
    beforeChange: [({ data, ctx }) => ({ ...data, status: ctx.seed && data.status != null ? data.status : 0 }) as RecordData],
  },
});

let db: Db;
let decls: ResourceDecl[];
beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
  const raw = db as unknown as Kysely<Record<string, never>>;
  await raw.schema.createTable('gadget').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('title', 'text').addColumn('status', 'integer').addColumn('createTime', 'text').execute();
  await raw.schema.createTable('tag').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('title', 'text').execute();
  await raw.schema.createTable('gadget_tag').addColumn('gadgetId', 'integer').addColumn('tagId', 'integer').execute();
  decls = attachBehaviours([gadget, tag], [behaviour]);
  seen.length = 0;
});
afterEach(async () => db.destroy());

describe('the local API seed', () => {
  it('tells the hooks it is seeding, so a demo row keeps its given state and stamps; a create does not', async () => {
    const api = seedApi(db, decls);
    const seeded = await seedOne(api, 'gadget', { title: '旧器件', status: 3, createTime: '2026-01-02 03:04:05' });
    expect(seeded).toMatchObject({ status: 3, createTime: '2026-01-02 03:04:05' });
    const created = await api.create('gadget', { title: '新器件', status: 3 });
    expect(created.status).toBe(0);
    expect(seen.map((s) => s.seed)).toEqual([true, false]);
  });

  it('accepts declared links and the inputs it is told of; any other unknown name stops the seed', async () => {
    const api = seedApi(db, decls);
    const t = await seedOne(api, 'tag', { title: '红' });
    const g = await seedOne(api, 'gadget', { title: '带标签', tagIds: [Number(t.id)], parts: ['a'] }, { inputs: ['parts'] });
    expect(await db.selectFrom('gadget_tag' as never).selectAll().execute()).toEqual([{ gadgetId: g.id, tagId: t.id }]);
    expect(seen.at(-1)?.parts).toEqual(['a']);
    await expect(api.seed('gadget', [{ title: '拼错', partz: ['a'] }])).rejects.toThrow('seed of gadget: partz is not declared');
    expect(await db.selectFrom('gadget' as never).selectAll().execute()).toHaveLength(1);
  });

  it('a start leaves out the behaviour of a shipped entity it does not declare, never one of no shipped entity', () => {
    const other = defineBehaviour({ name: 'gadgte' });
    expect(behavioursFor([behaviour, other], [tag], [gadget, tag]).map((b) => b.name)).toEqual(['gadgte']);
    expect(behavioursFor([behaviour], [gadget, tag], [gadget, tag]).map((b) => b.name)).toEqual(['gadget']);
  });
});
