import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { RecordData } from '../../../resources/behaviour';
import type { CallAlias, ResourceDecl } from '../../../resources/types';
import type { Db } from '../../../server/db/types';
import { afterHooks } from '../../../server/crud/afterCheck';
import { callerDepartments, withAliasOptions } from '../../../server/crud/aliasOptions';

// A field's declared `after` (server/crud/afterCheck.ts) and the alias options of session 27 (server/crud/aliasOptions.ts).
const event = {
  name: 'event', table: 'event', idField: 'id', titleField: 'title',
  fields: [
    { name: 'startTime', label: '开始时间', type: 'datetime' },
    { name: 'endTime', label: '结束时间', type: 'datetime', after: 'startTime' },
    { name: 'low', label: '下限', type: 'number' },
    { name: 'high', label: '上限', type: 'number', after: 'low' },
    { name: 'kind', label: '类型', type: 'enum', options: [{ value: 1, label: '会议' }, { value: 2, label: '培训' }] },
  ],
} as unknown as ResourceDecl;

function check(data: RecordData, original?: RecordData): RecordData {
  const [hook] = afterHooks(event).beforeChange ?? [];
  return hook!({ operation: original ? 'update' : 'create', data, original, ctx: {} as never }) as RecordData;
}
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { code: (e as { code: number }).code, message: (e as Error).message };
  }
  return null;
};

describe('a field\'s `after`', () => {
  it('refuses an end not after its start, naming both fields (dates: 晚于, numbers: 大于)', () => {
    expect(refusal(() => check({ startTime: '2026-01-02 00:00:00', endTime: '2026-01-01 00:00:00' }))).toEqual({ code: 1002, message: '结束时间必须晚于开始时间' });
    expect(refusal(() => check({ startTime: '2026-01-02 00:00:00', endTime: '2026-01-02 00:00:00' }))).toEqual({ code: 1002, message: '结束时间必须晚于开始时间' });
    expect(refusal(() => check({ low: 10, high: 9 }))).toEqual({ code: 1002, message: '上限必须大于下限' });
    // Numbers compare as numbers, not as text ('10' < '9').
    expect(check({ low: 9, high: 10 })).toEqual({ low: 9, high: 10 });
    expect(check({ startTime: '2026-01-01 00:00:00', endTime: '2026-01-02 00:00:00' })).toEqual({ startTime: '2026-01-01 00:00:00', endTime: '2026-01-02 00:00:00' });
  });

  it('compares a partial update with the stored value; a save setting neither, or a blank one, is not checked', () => {
    const stored = { startTime: '2026-03-01 00:00:00', endTime: '2026-03-10 00:00:00', low: 1, high: 5 };
    expect(refusal(() => check({ endTime: '2026-02-01 00:00:00' }, stored))?.message).toBe('结束时间必须晚于开始时间');
    expect(refusal(() => check({ startTime: '2026-04-01 00:00:00' }, stored))?.message).toBe('结束时间必须晚于开始时间');
    expect(check({ endTime: '2026-03-20 00:00:00' }, stored)).toEqual({ endTime: '2026-03-20 00:00:00' });
    expect(check({ title: 'x' }, { ...stored, endTime: '2020-01-01 00:00:00' })).toEqual({ title: 'x' });
    expect(check({ startTime: '2026-01-01 00:00:00', endTime: null })).toEqual({ startTime: '2026-01-01 00:00:00', endTime: null });
  });

  it('stops the start when it names no field', () => {
    const bad = { ...event, fields: [{ name: 'endTime', label: '结束时间', type: 'datetime', after: 'begin' }] } as unknown as ResourceDecl;
    expect(() => afterHooks(bad)).toThrow(/after 没有字段 begin/);
    expect(afterHooks({ ...event, fields: [] } as unknown as ResourceDecl)).toEqual({});
  });
});

describe('alias options', () => {
  const served = { ...event, permissions: { list: 'event:list', get: 'event:get', create: 'c', update: 'u', delete: 'd' }, ownership: { department: 'deptId', creator: 'creatorId' }, hooks: {} } as unknown as ResourceDecl;
  const alias: CallAlias = { where: {}, list: '/event/mine', permission: 'event:mine', scoped: false, labels: ['kind'], flags: { due: { label: '到期', where: { kind: 1 }, compare: [['endTime', '<', '$now']] } } };

  it('gives the path its own key, drops the data scope, labels enum values and adds a listWhere for each flag set to 1', async () => {
    const out = withAliasOptions(served, alias, served);
    expect(out.permissions.list).toBe('event:mine');
    expect(out.permissions.get).toBe('event:get');
    expect(out.ownership).toBeUndefined();
    expect(withAliasOptions(served, { where: {}, list: '/x' }, served).ownership).toEqual(served.ownership);
    const [enrich] = out.hooks?.enrich ?? [];
    expect(await enrich!({ records: [{ id: 1, kind: 2 }, { id: 2, kind: null }], ctx: {} as never })).toEqual([{ id: 1, kind: 2, kindName: '培训' }, { id: 2, kind: null, kindName: '' }]);
    const [flagged] = out.hooks?.listWhere ?? [];
    expect(await flagged!({ search: {}, ctx: {} as never })).toBeUndefined();
    expect(await flagged!({ search: { due: '0' }, ctx: {} as never })).toBeUndefined();
    expect(typeof (await flagged!({ search: { due: 1 }, ctx: {} as never }))).toBe('function');
  });

  it('callerDepartments: below always, or by the data scope (DEPARTS, ALL); none without a department', async () => {
    const db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
    await db.schema.createTable('departments').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('parentId', 'integer').execute();
    await db.insertInto('departments').values([{ id: 1, parentId: 0 }, { id: 2, parentId: 1 }, { id: 3, parentId: 2 }, { id: 4, parentId: 0 }] as never).execute();
    expect((await callerDepartments(db, { deptId: 1, dataScope: 'DEPART' }, 'byScope')).sort()).toEqual([1]);
    expect((await callerDepartments(db, { deptId: 1, dataScope: 'SELF' }, 'byScope')).sort()).toEqual([1]);
    expect((await callerDepartments(db, { deptId: 1, dataScope: 'DEPARTS' }, 'byScope')).sort()).toEqual([1, 2, 3]);
    expect((await callerDepartments(db, { deptId: 2, dataScope: 'ALL' }, 'byScope')).sort()).toEqual([2, 3]);
    expect((await callerDepartments(db, { deptId: 2, dataScope: 'DEPART' }, true)).sort()).toEqual([2, 3]);
    expect(await callerDepartments(db, { deptId: null, dataScope: 'ALL' }, 'byScope')).toEqual([]);
  });
});
