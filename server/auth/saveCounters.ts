import { sql } from 'kysely';
import type { ResourceDecl } from '../../resources/types.js';
import { wordColumnsRead } from '../crud/wordCheck.js';
import type { Db, DialectName } from '../db/types.js';
import { bumpOncePerTransaction, VERSION_ROWS } from './cacheVersions.js';

interface Watched {
  readonly id: number;
  readonly table: string;
  /** Only updates of these columns count (inserts and deletes always do); none: every update. */
  readonly columns?: readonly string[];
}

/** The tables of the columns and words counters: `category`, and each declared word check's words (the columns it reads). */
export function saveCounterTables(declarations: readonly ResourceDecl[]): Watched[] {
  const words = new Map<string, Set<string>>();
  for (const d of declarations) {
    const check = d.wordCheck;
    const list = check && declarations.find((w) => w.name === check.words.entity);
    if (!check || !list) continue;
    const seen = words.get(list.table) ?? new Set<string>();
    for (const c of wordColumnsRead(list, check)) seen.add(c);
    words.set(list.table, seen);
  }
  return [{ id: VERSION_ROWS.columns, table: 'category' }, ...[...words].map(([table, cols]) => ({ id: VERSION_ROWS.words, table, columns: [...cols].sort() }))];
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ');

async function watchSqlite(db: Db, w: Watched): Promise<void> {
  for (const ev of ['insert', 'update', 'delete'] as const) {
    const name = `cache_bump_${w.id}_${w.table}_${ev}`;
    const on = ev === 'update' && w.columns ? `update of ${quoted(w.columns)}` : ev;
    const text = `create trigger ${name} after ${on} on "${w.table}" begin update perm_version set v = v + 1 where id = ${w.id}; end`;
    const current = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = ${name}`.execute(db);
    if (current.rows[0]?.sql.replace(/^create trigger/i, 'create trigger') === text) continue;
    await db.transaction().execute(async (trx) => {
      await sql.raw(`drop trigger if exists ${name}`).execute(trx);
      await sql.raw(text).execute(trx);
    });
  }
}

async function watchPostgres(db: Db, w: Watched): Promise<void> {
  const name = `cache_bump_${w.id}_${w.table}`;
  const found = await sql<{ n: number }>`select count(*) as n from pg_trigger where tgname = ${name} and not tgisinternal`.execute(db);
  const cols = await sql<{ name: string }>`select event_object_column as name from information_schema.triggered_update_columns where trigger_schema = current_schema() and trigger_name = ${name}`.execute(db);
  if (Number(found.rows[0]?.n) > 0 && cols.rows.map((r) => r.name).sort().join('\u0000') === (w.columns ?? []).join('\u0000')) return;
  const update = w.columns ? `update of ${quoted(w.columns)}` : 'update';
  await db.transaction().execute(async (trx) => {
    await sql.raw(bumpOncePerTransaction(`cache_version_bump_${w.id}`, w.id)).execute(trx);
    await sql.raw(`drop trigger if exists ${name} on "${w.table}"`).execute(trx);
    await sql.raw(`create trigger ${name} after insert or ${update} or delete or truncate on "${w.table}" for each statement execute function cache_version_bump_${w.id}()`).execute(trx);
  });
}

/**
 * The columns and words counters (rows 5 and 6, cacheVersions.ts; issue 26, session 32): their rows and the
 * triggers raising them, made at every start once the declared tables exist (the words table is a declared
 * one), unchanged ones left alone (no DDL). Instances starting together each replace a trigger in one
 * transaction: the last one wins, with the same definition.
 */
export async function watchSaveCounters(db: Db, dialect: DialectName, declarations: readonly ResourceDecl[]): Promise<void> {
  await db.insertInto('perm_version').values([VERSION_ROWS.columns, VERSION_ROWS.words].map((id) => ({ id, v: 1 }))).onConflict((oc) => oc.column('id').doNothing()).execute();
  for (const w of saveCounterTables(declarations)) await (dialect === 'sqlite' ? watchSqlite(db, w) : watchPostgres(db, w));
}
