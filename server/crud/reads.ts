import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ReadDecl, ReadFilterDecl } from '../../resources/shape/reads.js';
import type { FieldDecl, ResourceDecl } from '../../resources/types.js';
import { dynamic, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, notFoundRecord } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { bodyOf, isBlank, queryOf, readId } from '../http/params.js';
import { describeInput, ID, NO_INPUT, PAGING, type InputFields } from '../http/routeInput.js';
import { pageOf } from '../shared/paging.js';
import { applyWhere } from './behaviour.js';
import { FILTER_TEXT_MAX, readPaging } from './listQuery.js';
import { runPublicOp } from './publicOps.js';
import { applyReach, reachOf } from './reach.js';

/**
 * Declared reads (`reads`, resources/shape/reads.ts; docs/extending.md): the published records of the
 * portal and the staff's top lists, answered from the declaration. Only the declared fields leave the
 * server, with enum labels and masks as declared.
 */

const searchOf = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });
const opOf = (decl: ResourceDecl, name: string | undefined) => decl.publicOps?.find((o) => o.name === name);
const numeric = (f: FieldDecl | undefined) => f?.type === 'number' || f?.type === 'reference' || (f?.type === 'enum' && f.options?.every((o) => typeof o.value === 'number'));

/** `张三` → `张*`: the first character and one star per other (at least one). */
export function maskName(value: unknown): string {
  const chars = [...String(value ?? '')];
  return chars.length === 0 ? '' : chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** The labels of enum fields' values as `<field>Name` ('' for a value that is none of the options). */
export function enumLabels(decl: ResourceDecl, names: readonly string[], row: Row): Row {
  const out: Row = {};
  for (const name of names) out[`${name}Name`] = decl.fields.find((f) => f.name === name)?.options?.find((o) => String(o.value) === String(row[name]))?.label ?? '';
  return out;
}

/** A record as the read answers it: the declared fields (masks applied), then the declared labels. */
export function readOutput(decl: ResourceDecl, read: ReadDecl, row: Row): Row {
  const out: Row = {};
  for (const name of read.fields) out[name] = read.masks?.[name] === 'name' ? maskName(row[name]) : (row[name] ?? null);
  return { ...out, ...enumLabels(decl, read.labels ?? [], row) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Query = any;

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
  if (!numeric(decl.fields.find((f) => f.name === filter.field))) return q.where(filter.field, '=', String(value));
  const n = Number(value);
  if (!Number.isInteger(n)) throw invalidValue(`参数格式不正确：${param}`);
  return q.where(filter.field, '=', n);
}

/** The length of an `array` read: fixed, or the caller's (a positive integer, at most `max`). */
function limitOf(read: ReadDecl, search: Row): number {
  const size = read.size;
  if (!size) return read.limit ?? 10;
  const raw = search[size.param];
  if (isBlank(raw)) return size.default;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${size.param}`);
  return Math.min(n, size.max);
}

async function answer(app: FastifyInstance, decl: ResourceDecl, read: ReadDecl, request: FastifyRequest): Promise<unknown> {
  const search = searchOf(request);
  let q: Query = applyWhere(dynamic(app.db).selectFrom(decl.table), read.where);
  if (read.scoped) q = applyReach(q, await reachOf(dynamic(app.db), decl, currentUser(request), 'list'));
  for (const f of read.filters ?? []) q = filtered(q, decl, f, search);
  const out = (rows: Row[]) => rows.map((r) => readOutput(decl, read, r));
  if (read.shape === 'one') {
    const row = (await q.selectAll().where(decl.idField, '=', readId(request, decl.idField)).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFoundRecord();
    return out([row])[0];
  }
  const ordered = (query: Query) => read.sort.reduce((acc: Query, s) => acc.orderBy(s.field, s.order === 'DESC' ? 'desc' : 'asc'), query.selectAll());
  if (read.shape === 'array') return out(await ordered(q).limit(limitOf(read, search)).execute());
  const paging = readPaging(search);
  const n = (await q.select((eb: Query) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  const rows = await ordered(q).limit(paging.pageSize).offset((paging.pageNum - 1) * paging.pageSize).execute();
  return pageOf(out(rows), paging, Number(n.n));
}

/** What a read takes, for its request schema (descriptive: the handler's checks answer). */
function readInput(decl: ResourceDecl, read: ReadDecl) {
  const fields: Record<string, InputFields[string]> = {};
  for (const f of read.filters ?? []) {
    const label = decl.fields.find((d) => d.name === f.field)?.label ?? f.field;
    fields[f.param ?? f.field] = [f.op === 'like' ? 'string' : 'text', f.op === 'like' ? `${label}（包含）` : label];
  }
  if (read.shape === 'one') fields[decl.idField] = ID;
  if (read.shape === 'array' && read.size) fields[read.size.param] = ['integer', `条数，默认${read.size.default}，最多${read.size.max}`];
  if ((read.shape ?? 'page') === 'page') Object.assign(fields, PAGING);
  if (read.lookup) {
    for (const f of opOf(decl, read.lookup.op)?.input ?? []) fields[f.name] = ['string', f.label];
  }
  return Object.keys(fields).length ? describeInput({ either: fields }) : NO_INPUT;
}

/** The routes of the declaration's `reads`. */
export function registerReadRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  for (const read of decl.reads ?? []) {
    const lookup = read.lookup ? opOf(decl, read.lookup.op) : undefined;
    if (read.lookup && !lookup) throw new Error(`${decl.name}: 读取 ${read.name} 的 lookup 没有公众操作 ${read.lookup.op}`);
    app.post(read.path, { config: read.permission ? { permission: read.permission } : { public: true }, schema: readInput(decl, read), attachValidation: true }, async (request) => {
      if (lookup && !isBlank(searchOf(request)[read.lookup!.param])) return runPublicOp(app, decl, lookup, request);
      return ok(await answer(app, decl, read, request));
    });
  }
}
