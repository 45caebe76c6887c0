import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import { keySettingDefaults, readKeySettings } from '../../../server/crud/keySettings';
import { fillWordTemplate, recordDocx, wordLines } from '../../../server/crud/recordWord';
import type { Db } from '../../../server/db/types';

// Session 26 (issue 19): an action's `word` (server/crud/recordWord.ts) and a declaration's `settings` (server/crud/keySettings.ts).
const decl = {
  name: 'request', table: 'request', label: '申请', idField: 'id', titleField: 'title',
  fields: [
    { name: 'kind', label: '类型', type: 'enum', options: [{ value: 1, label: '个人' }, { value: 2, label: '单位' }] },
    { name: 'name', label: '姓名', type: 'text' },
    { name: 'org', label: '单位名称', type: 'text' },
    { name: 'phone', label: '联系电话', type: 'text', personal: 'phone' },
    { name: 'deadline', label: '期限', type: 'date' },
    { name: 'extended', label: '延期', type: 'number' },
  ],
  settings: { table: 'request_setting', path: '/request/system', permission: 'request:system', label: '设置', fields: [{ name: 'days', label: '期限（天）', min: 1, max: 60, default: 20 }, { name: 'more', label: '延长（天）', min: 0, max: 9, default: 0 }] },
} as unknown as ResourceDecl;

describe("an action's Word file", () => {
  it('fills templates: a value, an enum label, a text only when the field is set and not 0', () => {
    expect(fillWordTemplate(decl, { kind: 2, deadline: '2026-12-01', extended: 1 }, '{kind}：{deadline}{extended?（已延期）}')).toBe('单位：2026-12-01（已延期）');
    expect(fillWordTemplate(decl, { kind: 9, extended: 0 }, '{kind}{extended?（已延期）}{name}')).toBe('9');
  });

  it('gives the lines of a record: field labels, rows of its state only, lines of their own', () => {
    const rows = ['kind', { when: { kind: 1 }, rows: ['name'] }, { when: { kind: 2 }, rows: ['org'] }, { label: '答复期限', value: '{deadline}' }] as const;
    expect(wordLines(decl, { kind: 1, name: '张三', org: '某单位', deadline: '2026-12-01' }, rows)).toEqual([['类型', '个人'], ['姓名', '张三'], ['答复期限', '2026-12-01']]);
    expect(wordLines(decl, { kind: 2, name: null, org: '某单位' }, rows)).toEqual([['类型', '单位'], ['单位名称', '某单位'], ['答复期限', '']]);
  });

  it('writes a .docx', async () => {
    const buf = await recordDocx(decl, { fileName: 'x', title: '{name}', sections: [{ heading: '申请表', rows: ['name', 'phone'] }, { heading: '答复', rows: ['deadline'] }] }, { name: '张三', phone: '13812341234' });
    expect(buf.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('declared key settings', () => {
  it('reads the stored values over the defaults, ignoring unknown keys and unreadable values', async () => {
    const db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
    const raw = db as unknown as Kysely<Record<string, never>>;
    await raw.schema.createTable('request_setting').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('value', 'text').addColumn('updateTime', 'text').execute();
    expect(keySettingDefaults(decl)).toEqual({ days: 20, more: 0 });
    expect(await readKeySettings(db, decl)).toEqual({ days: 20, more: 0 });
    await raw.insertInto('request_setting' as never).values([{ key: 'days', value: '15' }, { key: 'more', value: 'x' }, { key: 'other', value: '3' }] as never).execute();
    expect(await readKeySettings(db, decl)).toEqual({ days: 15, more: 0 });
    await db.destroy();
  });
});
