import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import { missingParam } from '../../http/errors.js';
import { isBlank } from '../../http/params.js';
import { TIME_RANGE, type InputFields } from '../../http/routeInput.js';
import { applyWhere } from '../behaviour.js';
import { rangeBound } from '../listQuery.js';
import type { Query } from './records.js';

/**
 * A declared read's `required`, `range` and `nested` (resources/shape/reads.ts; session 26): the parameters a
 * call must carry, the time bounds of one date-time field, and the rows of another table under each record.
 */

/** 1001 缺少必填参数：<name> for the first required parameter the search leaves blank. */
export function checkRequired(read: ExtraReadDecl, search: Row): void {
  for (const name of read.required ?? []) if (isBlank(search[name])) throw missingParam(name);
}

/** `startTime` / `endTime` on the `range` field, read as every declared range reads them (1002 naming 时间). */
export function applyRange(q: Query, read: ExtraReadDecl, search: Row): Query {
  if (!read.range) return q;
  let out = q;
  if (!isBlank(search.startTime)) out = out.where(read.range, '>=', rangeBound(undefined, search.startTime, false));
  if (!isBlank(search.endTime)) out = out.where(read.range, '<=', rangeBound(undefined, search.endTime, true));
  return out;
}

/** The answered records (`out`, as read from `rows`) with their `nested` rows under its name, in one query. */
export async function withNested(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, rows: readonly Row[], out: Row[]): Promise<Row[]> {
  const n = read.nested;
  if (!n || rows.length === 0) return out;
  const ids = rows.map((r) => r[decl.idField]);
  let q: Query = applyWhere(db.selectFrom(n.table), n.where).where(n.key, 'in', ids).select([...new Set([...n.fields, n.key])]);
  for (const s of n.sort ?? []) q = q.orderBy(s.field, s.order === 'DESC' ? 'desc' : 'asc');
  const found = (await q.execute()) as Row[];
  const pick = (row: Row) => Object.fromEntries(n.fields.map((f) => [f, row[f] ?? null]));
  return out.map((o, i) => ({ ...o, [n.name]: found.filter((c) => String(c[n.key]) === String(ids[i])).map(pick) }));
}

/** What `range` and `required` add to the read's request schema (routes.ts). */
export function optionInput(read: ExtraReadDecl, fields: Record<string, InputFields[string]>): void {
  if (read.range) Object.assign(fields, TIME_RANGE);
  for (const name of read.required ?? []) {
    // The label without its default (页码，默认1 → 页码（必填）).
    const [type, label] = fields[name] ?? ['string', name];
    fields[name] = [type, `${String(label).split('，')[0]}（必填）`];
  }
}
