import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { RecordsPanelDecl } from '../../../resources/shape/recordsPanel';
import type { ResourceDecl } from '../../../resources/types';
import { recordValues, registerRecordTables } from '../../../server/crud/recordTables';
import { dynamic } from '../../../server/db/types';
import type { Database } from '../../../server/db/database.generated';
import { installErrorHandling } from '../../../server/http/errorHandler';

// Session 27 (issue 19): a `listRecords` table served from the declaration (server/crud/recordTables.ts).
const panel: RecordsPanelDecl = {
  label: '字符类', list: 'classList',
  fields: [
    { name: 'name', label: '名称', type: 'text', required: true, maxLength: 4 },
    { name: 'pattern', label: '规则', type: 'text', required: true, maxLength: 12, pattern: { source: '^\\[[^\\]]{1,8}\\]$', message: '规则须为一个字符类' } },
    { name: 'remark', label: '备注', type: 'text', maxLength: 5 },
  ],
  columns: [{ field: 'name', label: '名称' }],
  save: { action: 'classSave', add: '新增', max: 3, maxText: '字符类最多3个' },
  reset: { action: 'classReset', label: '恢复默认' },
  serve: { table: 'klass', get: 'classGet', stamp: 'updateTime', regex: ['pattern'], defaults: { rows: [{ name: '数字', pattern: '[0-9]' }, { name: '字母', pattern: '[a-z]' }], values: { remark: '默认' } } },
};
const decl = {
  name: 'thing', label: '东西', table: 'thing', idField: 'id', titleField: 'name', fields: [],
  permissions: { list: 'thing:list', get: 'thing:get' },
  api: { extra: { classList: { path: '/klass/list', label: '字符类' }, classGet: { path: '/klass/get', label: '字符类详情' } } },
  actions: [
    { name: 'classSave', label: '保存', path: '/klass/save', permission: 'klass:update', scope: 'none', success: '已保存' },
    { name: 'classReset', label: '恢复', path: '/klass/reset', permission: 'klass:update', scope: 'none', success: '已恢复' },
  ],
  listRecords: [panel],
} as unknown as ResourceDecl;
const served = panel as RecordsPanelDecl & { serve: NonNullable<RecordsPanelDecl['serve']> };

async function app() {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  await dynamic(db).schema.createTable('klass').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()).addColumn('name', 'text').addColumn('pattern', 'text').addColumn('remark', 'text').addColumn('updateTime', 'text').execute();
  const fastify = Fastify();
  fastify.decorate('db', db);
  installErrorHandling(fastify);
  registerRecordTables(fastify, decl);
  await fastify.ready();
  const post = async (url: string, body: unknown = {}, query?: Record<string, string>) => (await fastify.inject({ method: 'POST', url, payload: body as object, query })).json();
  return { fastify, post };
}

describe('a served listRecords table: the save\'s checks', () => {
  it('names a missing required field first, then each field\'s format before its length, in the declared order', () => {
    expect(() => recordValues(served, { name: '很长很长的名', pattern: '' })).toThrow('缺少必填参数：pattern');
    expect(() => recordValues(served, { name: 42, pattern: '[0-9]' })).toThrow('缺少必填参数：name');
    expect(() => recordValues(served, { name: '很长很长的名', pattern: 'x' })).toThrow('名称长度不能超过4个字符');
    expect(() => recordValues(served, { name: '数字', pattern: '[abcdefghijk]' })).toThrow('规则须为一个字符类');
    expect(() => recordValues(served, { name: '数字', pattern: '[z-a]' })).toThrow('规则不是有效的正则表达式');
  });

  it('trims required text, cuts an optional one to its length, and takes a value that is not text as blank', () => {
    expect(recordValues(served, { name: ' 数字 ', pattern: ' [0-9] ', remark: '一二三四五六' })).toEqual({ name: '数字', pattern: '[0-9]', remark: '一二三四五' });
    expect(recordValues(served, { name: '数字', pattern: '[0-9]', remark: 7 }).remark).toBeNull();
  });
});

describe('a served listRecords table: its calls', () => {
  it('fills an empty table with the defaults at the start, lists, gets, saves and resets', async () => {
    const { fastify, post } = await app();
    const list = await post('/klass/list');
    expect(list.data.map((r: { name: string; remark: string }) => [r.name, r.remark])).toEqual([['数字', '默认'], ['字母', '默认']]);
    const first = list.data[0];
    expect((await post('/klass/get', {}, { id: String(first.id) })).data.pattern).toBe('[0-9]');
    expect((await post('/klass/get', {}, { id: '999' })).errorCode).toBe('1003');
    const added = await post('/klass/save', { name: '大写', pattern: '[A-Z]' });
    expect([added.errorCode, added.errorMsg, added.data.name]).toEqual(['0', '已保存', '大写']);
    expect(added.data.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await post('/klass/save', { name: '符号', pattern: '[!]' })).toMatchObject({ errorCode: '1005', errorMsg: '字符类最多3个' });
    const changed = await post('/klass/save', { id: first.id, name: '数位', pattern: '[1-9]' });
    expect([changed.data.id, changed.data.name, changed.data.remark]).toEqual([first.id, '数位', null]);
    expect((await post('/klass/save', { id: 999, name: '数位', pattern: '[1-9]' })).errorCode).toBe('1003');
    const reset = await post('/klass/reset');
    expect([reset.errorMsg, reset.data.map((r: { name: string }) => r.name)]).toEqual(['已恢复', ['数字', '字母']]);
    await fastify.close();
  });
});
