import { sql } from 'kysely';
import type { Db } from '../db/types.js';

/**
 * Atomic counters: one `UPDATE … SET n = coalesce(n, 0) + by`, so two visitors reading at once both
 * count (a read-then-write loses one of them). `keys` is one id or several.
 */
export async function increment(db: Db, table: string, column: string, where: { column: string; keys: number | readonly number[] }, by = 1): Promise<void> {
  const keys = typeof where.keys === 'number' ? [where.keys] : [...where.keys];
  if (keys.length === 0) return;
  await db
    .updateTable(table)
    .set({ [column]: sql`coalesce(${sql.ref(column)}, 0) + ${sql.lit(by)}` })
    .where(where.column, keys.length === 1 ? '=' : 'in', keys.length === 1 ? keys[0] : keys)
    .execute();
}
