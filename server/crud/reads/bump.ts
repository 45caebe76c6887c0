import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import { increment } from '../../shared/counters.js';

/**
 * A `one` read's `bump` (resources/shape/readMore.ts): one more view of the record found, counted in one
 * atomic UPDATE, then the count as it stands answered with the record.
 */
export async function bumped(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, row: Row): Promise<Row> {
  const field = read.bump;
  if (!field) return row;
  const id = Number(row[decl.idField]);
  await increment(db, decl.table, field, { column: decl.idField, keys: id });
  const after = (await db.selectFrom(decl.table).select(field).where(decl.idField, '=', id).executeTakeFirst()) as Row | undefined;
  return { ...row, [field]: Number(after?.[field] ?? 0) };
}
