import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import { attachBehaviours } from '../../../server/crud/entity/attach';
import { defineBehaviour } from '../../../server/crud/entity/define';
import { seedApi } from '../../../server/crud/entity/seed';
import { runSchedule } from '../../../server/crud/schedule';
import { dynamic, type Db } from '../../../server/db/types';

// Session 26 (issue 19): an action's `sets` (server/crud/setSteps.ts) and a declared `schedule` (server/crud/schedule.ts).
const topic = {
  name: 'topic', table: 'topic', label: '主题', idField: 'id', titleField: 'title',
  api: { list: { path: '/topic/list' }, get: { path: '/topic/get' }, create: { path: '/topic/add' }, update: { path: '/topic/update' }, delete: { path: '/topic/dels' } },
  fields: [
    { name: 'id', label: 'ID', type: 'number', readOnly: true },
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 20 },
    { name: 'status', label: '状态', type: 'number', readOnly: true },
    { name: 'pinned', label: '置顶', type: 'number', readOnly: true },
    { name: 'stopTime', label: '结束于', type: 'datetime', readOnly: true },
    { name: 'startTime', label: '开始时间', type: 'datetime' },
    { name: 'endTime', label: '结束时间', type: 'datetime' },
    { name: 'updateTime', label: '更新时间', type: 'datetime', readOnly: true },
  ],
  list: { columns: ['title'] },
  actions: [
    { name: 'stop', label: '停止', path: '/topic/stop', permission: 'topic:stop', scope: 'row', when: { status: [0, 1] }, sets: { status: 2, stopTime: '$now' } },
    { name: 'pin', label: '置顶', path: '/topic/pin', permission: 'topic:pin', scope: 'both', sets: { pinned: { input: 'pinned' } },
      input: [{ name: 'pinned', label: '置顶', type: 'enum', default: 1, options: [{ value: 1, label: '是' }, { value: 0, label: '否' }] }] },
  ],
  schedule: {
    name: 'openClose', everyMs: 60_000,
    steps: [
      { name: 'closed', where: { status: [0, 1] }, due: [['endTime', '<']], set: { status: 2, stopTime: '$now' } },
      { name: 'opened', where: { status: 0 }, due: [['startTime', '<='], ['endTime', '>=']], set: { status: 1 } },
    ],
  },
  permissions: { list: 'topic:list', get: 'topic:get', create: 'topic:add', update: 'topic:update', delete: 'topic:delete' },
  menu: { group: 'system', path: '/main/system/topic' },
} as unknown as ResourceDecl;

// Every update through the local API passes the entity's hooks: counted here.
let updates = 0;
const behaviour = defineBehaviour({ name: 'topic', hooks: { beforeChange: [({ operation, data }) => { if (operation === 'update') updates += 1; return data; }] } });

let db: Db;
let decls: ResourceDecl[];
beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
  const raw = db as unknown as Kysely<Record<string, never>>;
  let t = raw.schema.createTable('topic').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  for (const c of ['title', 'stopTime', 'startTime', 'endTime', 'updateTime', 'createTime']) t = t.addColumn(c, 'text');
  await t.addColumn('status', 'integer').addColumn('pinned', 'integer').execute();
  decls = attachBehaviours([topic], [behaviour]);
  updates = 0;
});
afterEach(async () => db.destroy());

const rows = async () => (await db.selectFrom('topic' as never).selectAll().orderBy('id' as never).execute()) as Record<string, unknown>[];

describe("an action's sets", () => {
  it('a row action sets its values (the run time for $now) through the hooks and answers the record', async () => {
    const api = seedApi(db, decls);
    const a = await api.create('topic', { title: '甲', status: 1 });
    const answer = (await api.runAction('topic', 'stop', { ids: [Number(a.id)] })) as Record<string, unknown>;
    expect(answer.status).toBe(2);
    expect(String(answer.stopTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(updates).toBe(1);
    // The declared state check still refuses a stopped one.
    await expect(api.runAction('topic', 'stop', { ids: [Number(a.id)] })).rejects.toThrow('该记录当前状态不允许此操作');
  });

  it("a bulk action takes an input's value (its default when blank), skips records that hold it, and answers how many", async () => {
    const api = seedApi(db, decls);
    const ids = [];
    for (const title of ['甲', '乙', '丙']) ids.push(Number((await api.create('topic', { title, status: 0, pinned: title === '乙' ? 1 : 0 })).id));
    expect(await api.runAction('topic', 'pin', { ids })).toBe(3);
    expect((await rows()).map((r) => r.pinned)).toEqual([1, 1, 1]);
    expect(updates).toBe(2); // 乙 was pinned already
    expect(await api.runAction('topic', 'pin', { ids: [ids[0]!], body: { pinned: 0 } })).toBe(1);
    expect((await rows()).map((r) => r.pinned)).toEqual([0, 1, 1]);
  });
});

describe('a declared schedule', () => {
  it('closes ended records and opens due ones, in order, as of the given time, and says how many', async () => {
    const api = seedApi(db, decls);
    await api.create('topic', { title: '已过期', status: 1, startTime: '2026-01-01 00:00:00', endTime: '2026-01-05 00:00:00' });
    await api.create('topic', { title: '该开始', status: 0, startTime: '2026-01-09 00:00:00', endTime: '2026-02-01 00:00:00' });
    await api.create('topic', { title: '未开始', status: 0, startTime: '2026-01-20 00:00:00', endTime: '2026-02-01 00:00:00' });
    const now = '2026-01-10 08:00:00';
    expect(await runSchedule(dynamic(db), decls[0]!, now)).toEqual({ closed: 1, opened: 1 });
    const after = await rows();
    expect(after.map((r) => r.status)).toEqual([2, 1, 0]);
    expect(after[0]).toMatchObject({ stopTime: now, updateTime: now });
    expect(await runSchedule(dynamic(db), decls[0]!, now)).toEqual({ closed: 0, opened: 0 });
  });
});
