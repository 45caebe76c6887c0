import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RAW_ROWS, withStatementCache } from '../../../server/db/statementCache';
import { PAGE_FIELDS, pageRowOf } from '../../../server/modules/content/search/hits';

const names = PAGE_FIELDS.map((f) => f.slice(f.indexOf('.') + 1));

describe('search page rows read as arrays (session 30)', () => {
  it('an array in PAGE_FIELDS order becomes the row object the driver would give', () => {
    const row = pageRowOf(names.map((n, i) => `${n}-${i}`));
    expect(Object.keys(row)).toEqual(names);
    names.forEach((n, i) => expect(row[n]).toBe(`${n}-${i}`));
  });

  it('an object (a connection without raw mode) passes as it is', () => {
    const row = { docKey: 7, title: 't' };
    expect(pageRowOf(row)).toBe(row);
  });

  it('the statement cache answers arrays only for SELECTs marked RAW_ROWS', () => {
    const file = new SQLite(':memory:');
    const db = withStatementCache(file);
    expect(db.prepare(`${RAW_ROWS}select 1 as a, 'x' as b`).all([])).toEqual([[1, 'x']]);
    expect(db.prepare(`select 1 as a, 'x' as b`).all([])).toEqual([{ a: 1, b: 'x' }]);
    db.close();
  });
});
