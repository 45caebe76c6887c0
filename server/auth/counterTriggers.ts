import { sql } from 'kysely';
import type { Db, DialectName } from '../db/types.js';
import { bumpOncePerTransaction } from './cacheVersions.js';

/** Writes to `table` that raise counter row `id` (cacheVersions.ts); with `columns`, updates of those columns only. */
export interface CounterTrigger {
  readonly id: number;
  readonly table: string;
  readonly columns?: readonly string[];
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ');

async function ensureSqlite(db: Db, w: CounterTrigger, ev: 'insert' | 'update' | 'delete'): Promise<void> {
  const name = `cache_bump_${w.id}_${w.table}_${ev}`;
  const on = ev === 'update' && w.columns ? `update of ${quoted(w.columns)}` : ev;
  const text = `create trigger ${name} after ${on} on "${w.table}" begin update perm_version set v = v + 1 where id = ${w.id}; end`;
  // SQLite keeps the statement as written, its first two words in capitals.
  const current = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = ${name}`.execute(db);
  if (current.rows[0]?.sql.replace(/^create trigger/i, 'create trigger') === text) return;
  await db.transaction().execute(async (trx) => {
    await sql.raw(`drop trigger if exists ${name}`).execute(trx);
    await sql.raw(text).execute(trx);
  });
}

async function ensurePostgres(db: Db, w: CounterTrigger): Promise<void> {
  const name = `cache_bump_${w.id}_${w.table}`;
  const found = await sql<{ n: number }>`select count(*) as n from pg_trigger where tgname = ${name} and not tgisinternal`.execute(db);
  const cols = await sql<{ name: string }>`select event_object_column as name from information_schema.triggered_update_columns where trigger_schema = current_schema() and trigger_name = ${name}`.execute(db);
  if (Number(found.rows[0]?.n) > 0 && cols.rows.map((r) => r.name).sort().join('\u0000') === [...(w.columns ?? [])].sort().join('\u0000')) return;
  const update = w.columns ? `update of ${quoted(w.columns)}` : 'update';
  await db.transaction().execute(async (trx) => {
    await sql.raw(bumpOncePerTransaction(`cache_version_bump_${w.id}`, w.id)).execute(trx);
    await sql.raw(`drop trigger if exists ${name} on "${w.table}"`).execute(trx);
    await sql.raw(`create trigger ${name} after insert or ${update} or delete or truncate on "${w.table}" for each statement execute function cache_version_bump_${w.id}()`).execute(trx);
  });
}

/**
 * Makes the trigger(s) raising a counter on writes to a table at start, or leaves them when they are as asked
 * (most starts: no DDL, which on SQLite would end every prepared statement and on PostgreSQL lock the table while
 * other instances serve). SQLite: one trigger per event of `sqliteEvents`; PostgreSQL: one statement-level trigger
 * for insert, update, delete and truncate. Instances starting together each replace a trigger in one transaction:
 * the last one wins, with the same definition.
 */
export async function ensureCounterTrigger(db: Db, dialect: DialectName, w: CounterTrigger, sqliteEvents: readonly ('insert' | 'update' | 'delete')[] = ['insert', 'update', 'delete']): Promise<void> {
  if (dialect === 'postgres') return ensurePostgres(db, w);
  for (const ev of sqliteEvents) await ensureSqlite(db, w, ev);
}
