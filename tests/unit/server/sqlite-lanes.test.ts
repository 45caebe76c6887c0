import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/connect.js';
import { laneOf } from '../../../server/db/lanes.js';

/** The laned SQLite driver (server/db/sqliteLanes.ts): two connections, same answers as one. */
const dir = mkdtempSync(join(tmpdir(), 'lanes-'));
const { db } = openDatabase({ dataDir: dir });
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('request lanes', () => {
  it('reads by method and last path segment', () => {
    expect(laneOf('GET', '/api/article/queryEsArticle?keyword=x')).toBe('read');
    expect(laneOf('POST', '/api/article/list')).toBe('read');
    expect(laneOf('POST', '/api/article/listByDept')).toBe('read');
    expect(laneOf('POST', '/api/article/update')).toBe('write');
    expect(laneOf('POST', '/api/article/save/admin')).toBe('write');
  });

  it('a write is read back at once; a transaction sees its own rows, others only after commit; rollback leaves nothing', async () => {
    await sql`create table t (id integer primary key, v text)`.execute(db);
    await db.insertInto('t' as never).values({ id: 1, v: 'a' } as never).execute();
    expect((await sql<{ v: string }>`select v from t where id = 1`.execute(db)).rows[0]?.v).toBe('a');
    let outside: unknown[] = [];
    await db.transaction().execute(async (trx) => {
      await sql`insert into t (id, v) values (2, 'b')`.execute(trx);
      expect((await sql`select id from t`.execute(trx)).rows).toHaveLength(2);
      outside = (await sql`select id from t`.execute(db)).rows;
    });
    expect(outside).toHaveLength(1);
    expect((await sql`select id from t`.execute(db)).rows).toHaveLength(2);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t (id, v) values (3, 'c')`.execute(trx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await sql`select id from t`.execute(db)).rows).toHaveLength(2);
  });

  it('writes queue one at a time and insert … returning answers its row', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => db.transaction().execute(async (trx) => (await sql<{ id: number }>`insert into t (v) values (${`x${i}`}) returning id`.execute(trx)).rows[0]?.id)),
    );
    expect(new Set(results).size).toBe(20);
    expect(Number((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]?.n)).toBe(22);
  });
});
