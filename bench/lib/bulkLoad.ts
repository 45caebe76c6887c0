// A bulk load for the benches' seeding only (never the product's write path): the tables' secondary indexes
// are dropped before the load and created again after it from the statements the database itself stored, so
// the load appends rows instead of updating every index per row (linear in the rows; docs/performance.md,
// "Issue 26, session 29: seeding a million"). Unique indexes and constraints stay: they check the rows.
import { sql, SqliteAdapter, type Kysely } from 'kysely';

/** 'rebuild': drop the secondary indexes for the load and create them after; 'keep': load into the indexed table. */
export type SeedIndexes = 'rebuild' | 'keep';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
interface IndexDef {
  name: string;
  sql: string;
}

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The non-unique indexes of `tables` that a CREATE INDEX made, with that statement as stored. */
export async function secondaryIndexes(db: Db, tables: readonly string[]): Promise<IndexDef[]> {
  if (isSqlite(db)) {
    const r = await sql<IndexDef>`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)}) order by name`.execute(db);
    return r.rows.filter((i) => !/^create\s+unique/i.test(i.sql));
  }
  const r = await sql<IndexDef>`
    select i.indexname as name, i.indexdef as sql from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))
    order by i.indexname`.execute(db);
  return r.rows.filter((i) => !/^create\s+unique/i.test(i.sql));
}

/**
 * Runs `load` with the secondary indexes of `tables` dropped, then creates them again (also when `load`
 * fails, so a kept database is never left without its indexes). Creating them sorts the rows once: SQLite gets
 * a 64 MB page cache and PostgreSQL 256 MB of maintenance memory for it, on that transaction only.
 */
export async function bulkLoad<T>(db: Db, tables: readonly string[], load: () => Promise<T>): Promise<T> {
  const indexes = await secondaryIndexes(db, tables);
  await db.transaction().execute(async (trx) => {
    for (const i of indexes) await sql`drop index ${sql.id(i.name)}`.execute(trx);
  });
  try {
    return await load();
  } finally {
    await db.transaction().execute(async (trx) => {
      const sqlite = isSqlite(db);
      const cache = sqlite ? Number((await sql<{ cache_size: number }>`pragma cache_size`.execute(trx)).rows[0]?.cache_size ?? -2000) : 0;
      await (sqlite ? sql`pragma cache_size = -65536` : sql`set local maintenance_work_mem = '256MB'`).execute(trx);
      for (const i of indexes) await sql.raw(i.sql).execute(trx);
      if (sqlite) await sql.raw(`pragma cache_size = ${cache}`).execute(trx);
    });
  }
}
