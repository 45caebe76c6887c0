import { DummyDriver, Kysely, sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inLane, keepRequestCounters, noteWrite } from '../../../server/db/lanes.js';
import { tablesWritten, WrittenTablesPlugin } from '../../../server/db/writtenTables.js';
import { keptPerCounter } from '../../../server/db/keptPerCounter.js';
import type { Db } from '../../../server/db/types.js';

/** A value read once per value of the running request's cache counter (server/db/keptPerCounter.ts). */
describe('keptPerCounter', () => {
  // A database and its transaction share one adapter (the key of what is kept); the plugin notes writes.
  const adapter = {};
  const executor = { adapter, plugins: [new WrittenTablesPlugin()] };
  const root = { isTransaction: false, getExecutor: () => executor } as unknown as Db;
  const trx = { isTransaction: true, getExecutor: () => executor } as unknown as Db;
  let reads = 0;
  const kept = keptPerCounter('articleLists', async () => ++reads);
  const inRequest = (lane: 'read' | 'write', articleLists: number | undefined, db: Db) =>
    inLane(lane, () => {
      if (articleLists !== undefined) keepRequestCounters({ articleLists });
      return kept(db);
    });

  it('reads once per counter value in read-lane requests, again when the counter moves', async () => {
    reads = 0;
    expect(await inRequest('read', 7, root)).toBe(1);
    expect(await inRequest('read', 7, root)).toBe(1);
    expect(await inRequest('read', 8, root)).toBe(2);
    expect(reads).toBe(2);
  });

  it('reads afresh in a write-lane request, in a transaction, and without counters', async () => {
    reads = 0;
    await inRequest('read', 20, root);
    expect(await inRequest('write', 20, root)).toBe(2);
    expect(await inRequest('read', 20, trx)).toBe(3);
    expect(await inRequest('read', undefined, root)).toBe(4);
    expect(await kept(root)).toBe(5);
  });

  it('does not keep a failed read', async () => {
    let calls = 0;
    const flaky = keptPerCounter('articleLists', async () => {
      calls++;
      if (calls === 1) throw new Error('down');
      return calls;
    });
    const call = () => inLane('read', () => (keepRequestCounters({ articleLists: 1 }), flaky(root)));
    await expect(call()).rejects.toThrow('down');
    expect(await call()).toBe(2);
  });

  it('with tables: serves writes and transactions until the request writes one of them', async () => {
    let n = 0;
    const columns = keptPerCounter('columns', async () => ++n, { tables: ['category'] });
    const call = (lane: 'read' | 'write', version: number, db: Db, write?: string) =>
      inLane(lane, async () => {
        keepRequestCounters({ columns: version });
        if (write) noteWrite(write);
        const first = await columns(db);
        return [first, await columns(db)];
      });
    expect(await call('read', 3, root)).toEqual([1, 1]);
    expect(await call('write', 3, trx)).toEqual([1, 1]);
    expect(await call('write', 3, trx, 'article')).toEqual([1, 1]);
    expect(await call('write', 3, trx, 'category')).toEqual([2, 3]);
    expect(await call('write', 3, root, '*')).toEqual([4, 5]);
    expect(await call('read', 3, root)).toEqual([1, 1]);
    expect(await call('read', 4, root)).toEqual([6, 6]);
    expect(columns.ifKept(root)).toBeUndefined();
    expect(await inLane('read', () => (keepRequestCounters({ columns: 4 }), columns.ifKept(root)))).toBe(6);
  });

  it('with tables: reads afresh from a database that does not note writes', async () => {
    let n = 0;
    const columns = keptPerCounter('columns', async () => ++n, { tables: ['category'] });
    const bare = { isTransaction: false, getExecutor: () => ({ adapter: {}, plugins: [] }) } as unknown as Db;
    const call = () => inLane('write', () => (keepRequestCounters({ columns: 1 }), columns(bare)));
    expect([await call(), await call()]).toEqual([1, 2]);
  });
});

describe('tablesWritten', () => {
  it('names the table of an insert, update or delete; raw text that may write is every table', () => {
    const db = new Kysely<Record<string, Record<string, unknown>>>({ dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new SqliteIntrospector(k), createQueryCompiler: () => new SqliteQueryCompiler() } });
    expect(tablesWritten(db.insertInto('category').values({ a: 1 }).toOperationNode())).toEqual(['category']);
    expect(tablesWritten(db.updateTable('sensitive_word as w').set({ a: 1 }).toOperationNode())).toEqual(['sensitive_word']);
    expect(tablesWritten(db.deleteFrom('article').toOperationNode())).toEqual(['article']);
    expect(tablesWritten(db.selectFrom('category').selectAll().toOperationNode())).toEqual([]);
    expect(tablesWritten(sql`update category set a = 1`.toOperationNode())).toEqual(['*']);
    expect(tablesWritten(sql`select 1`.toOperationNode())).toEqual([]);
  });
});
