import type { FastifyRequest } from 'fastify';
import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { Db, DynamicDb, Row } from '../../db/types.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { bodyOf, firstId, queryOf, readId } from '../../http/params.js';
import { ID, type InputFields } from '../../http/routeInput.js';
import { applyWhere, hookContext } from '../behaviour.js';
import { readQuery, readRows, readSort, type Query } from './records.js';

/**
 * A `one` read's id and detail (resources/shape/readDetail.ts; docs/extending.md "Session 27: 文章's public
 * reads"): the id under the read's `idParams`, and the values of other records added before `fields` pick.
 */

/** The id a `one` read names: the first of its `idParams` given (body, then query), else its idField. */
export function oneId(decl: ResourceDecl, read: ExtraReadDecl, request: FastifyRequest): number {
  return read.idParams?.length ? firstId(queryOf(request), bodyOf(request), read.idParams) : readId(request, decl.idField);
}

/** The request schema's entry for that id. */
export function oneIdInput(decl: ResourceDecl, read: ExtraReadDecl): InputFields {
  if (!read.idParams?.length) return { [decl.idField]: ID };
  const label = decl.fields.find((f) => f.name === decl.idField)?.label ?? 'ID';
  const [first, ...more] = read.idParams;
  return Object.fromEntries([[first, ['integer', label]], ...more.map((n) => [n, ['integer', `${label}（同 ${String(first)}）`]])]);
}

const pick = (row: Row | undefined, fields: readonly string[]): Row | null => (row ? Object.fromEntries(fields.map((f) => [f, row[f] ?? null])) : null);

/** The records the declared `related` relation points at from `id`, matching `where`, in the relation's order. */
async function relatedOf(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, id: number): Promise<Row[]> {
  const spec = read.detail?.related;
  const rel = decl.related;
  if (!spec || !rel) return [];
  const links = (await db.selectFrom(rel.table).select(rel.to).where(rel.from, '=', id).orderBy('id', 'asc').execute()) as Row[];
  const ids = links.map((l) => Number(l[rel.to]));
  if (!ids.length) return [];
  const q: Query = applyWhere(db.selectFrom(decl.table), spec.where).where(`${decl.table}.${decl.idField}`, 'in', ids);
  const byId = new Map((await readRows(db, decl, read, user, q, ids.length)).map((r) => [Number(r[decl.idField]), r]));
  return ids.filter((i) => byId.has(i)).map((i) => pick(byId.get(i), spec.fields) as Row);
}

/** The records just before and after `row` among those the read reaches with the same `within` value, in its order. */
async function neighboursOf(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, row: Row): Promise<Row> {
  const spec = read.detail?.neighbours;
  if (!spec) return {};
  let q: Query = (await readQuery(db, decl, read, user, {})).where(spec.within, '=', row[spec.within]).select([decl.idField, ...spec.fields]);
  for (const s of readSort(decl, read)) q = q.orderBy(s.field, s.order === 'DESC' ? 'desc' : 'asc');
  const rows = (await q.orderBy(decl.idField, 'asc').execute()) as Row[];
  const at = rows.findIndex((r) => Number(r[decl.idField]) === Number(row[decl.idField]));
  return { [spec.prev]: pick(rows[at - 1], spec.fields), [spec.next]: pick(rows[at + 1], spec.fields) };
}

/** The record with the values the read's `detail` adds: the behaviour's `readDetail` hooks, related records, neighbours. */
export async function withDetail(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, row: Row): Promise<Row> {
  const detail = read.detail;
  if (!detail) return row;
  let out: Row = { ...row };
  if (detail.hooks) {
    const ctx = hookContext(db as Db, decl, user);
    for (const hook of decl.hooks?.readDetail ?? []) out = { ...out, ...(await hook({ record: out, ctx })) };
  }
  if (detail.related) out[detail.related.name] = await relatedOf(db, decl, read, user, Number(row[decl.idField]));
  return { ...out, ...(await neighboursOf(db, decl, read, user, row)) };
}
