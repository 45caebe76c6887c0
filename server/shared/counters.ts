import { sql } from 'kysely';
import type { DynamicDb, Row } from '../db/types.js';

/**
 * Atomic counters: one `UPDATE … SET n = coalesce(n, 0) + by`, so two visitors reading at once both
 * count (a read-then-write loses one of them). `keys` is one id or several; `also` sets other columns
 * in the same statement (an update time).
 */
export async function increment(
  db: DynamicDb,
  table: string,
  column: string,
  where: { column: string; keys: number | readonly number[] },
  options: { by?: number; also?: Row } = {},
): Promise<void> {
  const keys = typeof where.keys === 'number' ? [where.keys] : [...where.keys];
  if (keys.length === 0) return;
  await db
    .updateTable(table)
    .set({ ...options.also, [column]: sql`coalesce(${sql.ref(column)}, 0) + ${sql.lit(options.by ?? 1)}` })
    .where(where.column, keys.length === 1 ? '=' : 'in', keys.length === 1 ? keys[0] : keys)
    .execute();
}
