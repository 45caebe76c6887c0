import type { ResourceDecl } from '../../resources/types.js';
import { wordColumnsRead } from '../crud/wordCheck.js';
import type { Db, DialectName } from '../db/types.js';
import { VERSION_ROWS } from './cacheVersions.js';
import { ensureCounterTrigger, type CounterTrigger } from './counterTriggers.js';

/** The tables of the columns and words counters: `category`, and each declared word check's words (the columns it reads). */
export function saveCounterTables(declarations: readonly ResourceDecl[]): CounterTrigger[] {
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

/**
 * The columns and words counters (rows 5 and 6, cacheVersions.ts; issue 26, session 32): their rows and the
 * triggers raising them, made at every start once the declared tables exist (the words table is a declared
 * one), unchanged ones left alone (no DDL). Instances starting together each replace a trigger in one
 * transaction: the last one wins, with the same definition.
 */
export async function watchSaveCounters(db: Db, dialect: DialectName, declarations: readonly ResourceDecl[]): Promise<void> {
  await db.insertInto('perm_version').values([VERSION_ROWS.columns, VERSION_ROWS.words].map((id) => ({ id, v: 1 }))).onConflict((oc) => oc.column('id').doNothing()).execute();
  for (const w of saveCounterTables(declarations)) await ensureCounterTrigger(db, dialect, w);
}
