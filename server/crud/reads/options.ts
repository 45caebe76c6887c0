import { sql } from 'kysely';
import type { WhereData } from '../../../resources/behaviour.js';
import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { isBlank } from '../../http/params.js';
import { TIME_RANGE, type InputFields } from '../../http/routeInput.js';
import { applyWhere } from '../behaviour.js';
import { countBy } from '../countBy.js';
import { rangeBound } from '../listQuery.js';
import type { Query } from './records.js';

/**
 * A declared read's `required`, `range`, `through`, `nested` and the `options` and `stateCounts` shapes (resources/shape/reads.ts;
 * session 26): the parameters a call must carry, the time bounds of one date-time field, the records a link
 * table pairs with another, the rows of another table under each record, the records as a form's choices,
 * the numbers of records in named states.
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

/** What `range`, `through` and `required` add to the read's request schema (routes.ts). */
export function optionInput(read: ExtraReadDecl, fields: Record<string, InputFields[string]>): void {
  if (read.range) Object.assign(fields, TIME_RANGE);
  if (read.through?.param) fields[read.through.param] = ['integer', `${read.through.param}（必填）`];
  if (read.grouped) fields[read.grouped.param] = ['string', `分组：${Object.keys(read.grouped.by).join('、')}（默认${read.grouped.default}）`];
  for (const name of read.required ?? []) {
    // The label without its default (页码，默认1 → 页码（必填）).
    const [type, label] = fields[name] ?? ['string', name];
    fields[name] = [type, `${String(label).split('，')[0]}（必填）`];
  }
}

/** `through`: the records the link table pairs (or does not pair) with the searched record, or the caller's roles. */
export function applyThrough(db: DynamicDb, q: Query, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, search: Row): Query {
  const t = read.through;
  if (!t) return q;
  let others: number[];
  if (t.caller) {
    if (t.allScope && user.dataScope === 'ALL') return q;
    others = user[t.caller].length ? user[t.caller] : [0];
  } else {
    const n = Number(search[t.param ?? '']);
    if (isBlank(search[t.param ?? '']) || !Number.isSafeInteger(n) || n <= 0) throw invalidValue(t.missing ?? `参数格式不正确：${t.param}`);
    others = [n];
  }
  const paired = db.selectFrom(t.table).select(t.key).where(t.other, 'in', others);
  return q.where(`${decl.table}.${decl.idField}`, t.not ? 'not in' : 'in', paired);
}

/** The `options` shape: each record as `{ value, label }` (its id and its title field). */
export const asOptions = (decl: ResourceDecl, rows: readonly Row[]): Row[] => rows.map((r) => ({ value: r[decl.idField], label: r[decl.titleField] ?? '' }));

/** One state's values as an SQL condition (`{}`: every record; an empty array: none). */
function stateCondition(where: WhereData) {
  const parts = Object.entries(where).map(([column, v]) => {
    if (v === null) return sql`${sql.ref(column)} is null`;
    if (!Array.isArray(v)) return sql`${sql.ref(column)} = ${v}`;
    return v.length ? sql`${sql.ref(column)} in (${sql.join(v)})` : sql`1 = 0`;
  });
  return parts.length ? sql.join(parts, sql` and `) : sql`1 = 1`;
}

/** The `stateCounts` shape: for each named state the number of the query's records in it, in one query. */
export async function stateCounts(q: Query, states: Readonly<Record<string, WhereData>>): Promise<Row> {
  const [row] = await countBy(q, { sums: Object.fromEntries(Object.entries(states).map(([name, where]) => [name, () => stateCondition(where)])) });
  return Object.fromEntries(Object.keys(states).map((name) => [name, Number(row?.[name] ?? 0)]));
}
