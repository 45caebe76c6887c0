import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ExtraReadDecl, ReadFilterDecl } from '../../../resources/shape/reads.js';
import type { FieldDecl, ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import { invalidValue } from '../../http/errors.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { bodyOf, isBlank, queryOf } from '../../http/params.js';
import { applyWhere, enriched, hookContext, readOut } from '../behaviour.js';
import { FILTER_TEXT_MAX, onlyOptions, withJoins } from '../listQuery.js';
import { applyReach, reachOf } from '../reach.js';

/** The records a declared read finds (resources/shape/reads.ts): the query, then the rows as the list answers them. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Query = any;

/** The call's search values: the query, then the body. */
export const searchOf = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });

const numeric = (f: FieldDecl | undefined) => f?.type === 'number' || f?.type === 'reference' || (f?.type === 'enum' && f.options?.every((o) => typeof o.value === 'number'));

/** One search value onto the query: an `eq` as the field stores it, a `like` escaped. */
function filtered(q: Query, decl: ResourceDecl, filter: ReadFilterDecl, search: Row): Query {
  const param = filter.param ?? filter.field;
  const value = search[param];
  if (isBlank(value)) return q;
  if (typeof value !== 'string' && typeof value !== 'number') throw invalidValue(`参数格式不正确：${param}`);
  if (filter.op === 'like') {
    if (String(value).length > FILTER_TEXT_MAX) throw invalidValue(`参数过长：${param}，最多${FILTER_TEXT_MAX}个字符`);
    const pattern = `%${String(value).trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return q.where(sql`${sql.ref(filter.field)} like ${pattern} escape '\\'`);
  }
  if (filter.onlyOptions) onlyOptions(decl.fields.find((f) => f.name === filter.field), value);
  if (!numeric(decl.fields.find((f) => f.name === filter.field))) return q.where(filter.field, '=', String(value));
  const n = Number(value);
  if (!Number.isInteger(n)) throw invalidValue(`参数格式不正确：${param}`);
  return q.where(filter.field, '=', n);
}

/**
 * The records the read may answer: its `where`, the caller's reach (access, data scope, grants; the system's
 * for a public read) unless `scoped: false`, and the search values of its `filters`.
 */
export async function readQuery(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, search: Row): Promise<Query> {
  let q: Query = applyWhere(db.selectFrom(decl.table), read.where);
  if (read.scoped !== false) q = applyReach(q, await reachOf(db, decl, user, 'list'));
  for (const f of read.filters ?? []) q = filtered(q, decl, f, search);
  return q;
}

/** The read's order: its own, else the list's default sort and `thenBy`. */
export function readSort(decl: ResourceDecl, read: ExtraReadDecl): { field: string; order: 'ASC' | 'DESC' }[] {
  if (read.sort) return [...read.sort];
  const first = decl.list.defaultSort;
  return [first, ...(decl.list.thenBy?.(first) ?? [])];
}

/** The query's records as the list answers them (joins, virtual fields, `enrich` hooks), in the read's order, then by id. */
export async function readRows(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, q: Query, limit: number, offset = 0): Promise<Row[]> {
  let rows: Query = withJoins(q.selectAll(), decl);
  for (const s of readSort(decl, read)) rows = rows.orderBy(s.field, s.order === 'DESC' ? 'desc' : 'asc');
  const found = (await rows.orderBy(`${decl.table}.${decl.idField}`, 'asc').limit(limit).offset(offset).execute()) as Row[];
  const records = found.map((r) => readOut(decl, user, r));
  return decl.hooks?.enrich ? enriched(decl, hookContext(db, decl, user), records) : records;
}
