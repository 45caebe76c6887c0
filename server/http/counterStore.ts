import type { Migration } from 'kysely';
import type { Db } from '../db/types.js';

/**
 * Windowed counters in the database (`rate_counter`), so every server instance on one database sees the
 * same counts: the login and captcha rate limits, failed logins per address and per account+address.
 * One upsert per bump: two instances racing cannot lose a count.
 */
export function rateCounterMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('rate_counter')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('resetAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_counter_reset').on('rate_counter').column('resetAt').execute();
    },
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface Count {
  count: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
}

/** Adds one to `key`; a window that ended starts again at 1 and lasts `windowMs`. */
export async function bump(db: Db, key: string, windowMs: number, now = Date.now()): Promise<Count> {
  const stamp = iso(now);
  const next = iso(now + windowMs);
  const row = (await db
    .insertInto('rate_counter')
    .values({ key, count: 1, resetAt: next })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb.case().when('rate_counter.resetAt', '<=', stamp).then(1).else(eb('rate_counter.count', '+', 1)).end(),
        resetAt: eb.case().when('rate_counter.resetAt', '<=', stamp).then(next).else(eb.ref('rate_counter.resetAt')).end(),
      })),
    )
    .returning(['count', 'resetAt'])
    .executeTakeFirstOrThrow()) as { count: number | string; resetAt: string };
  // Housekeeping now and then: ended windows are worth nothing.
  if (Math.random() < 0.01) await db.deleteFrom('rate_counter').where('resetAt', '<=', stamp).execute();
  return { count: Number(row.count), resetAt: Date.parse(row.resetAt) };
}

/** The count of `key` in its current window (0 when none). */
export async function peek(db: Db, key: string, now = Date.now()): Promise<Count> {
  const row = (await db.selectFrom('rate_counter').select(['count', 'resetAt']).where('key', '=', key).where('resetAt', '>', iso(now)).executeTakeFirst()) as
    | { count: number | string; resetAt: string }
    | undefined;
  return row ? { count: Number(row.count), resetAt: Date.parse(row.resetAt) } : { count: 0, resetAt: now };
}

/** Makes the current window of `key` last until `untilMs` (a lock that starts at the last failure). */
export async function extend(db: Db, key: string, untilMs: number): Promise<void> {
  await db.updateTable('rate_counter').set({ resetAt: iso(untilMs) }).where('key', '=', key).execute();
}

/** Forgets counters: one key, or every key starting with `prefix` (an admin unlock). */
export async function clearCounters(db: Db, key: string, prefix = false): Promise<void> {
  const escaped = key.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (prefix) await db.deleteFrom('rate_counter').where((eb) => eb('key', 'like', `${escaped}%`)).execute();
  else await db.deleteFrom('rate_counter').where('key', '=', key).execute();
}
