import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChildPageDecl, ChildPageFilterDecl } from '../../resources/shape/childPages.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { bodyOf, isBlank, queryOf } from '../http/params.js';
import { describeInput, PAGING, type InputFields } from '../http/routeInput.js';
import { maskPage } from '../shared/mask.js';
import { pageOf } from '../shared/paging.js';
import { asInt } from '../shared/routeHelpers.js';
import { rangeBound, readPaging } from './listQuery.js';

/**
 * Declared child pages (`childPages`, resources/shape/childPages.ts; docs/extending.md): one record's rows of
 * another table, paged, after the record itself is read in the caller's reach through the local API.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Query = any;

const searchOf = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });
const rangeParams = (f: ChildPageFilterDecl) => f.params ?? ['startTime', 'endTime'];

/** The record's id: the first of the declared parameters given (1001 naming the first when none is, 1002 when not an integer). */
function parentId(page: ChildPageDecl, search: Row): number {
  const names = page.params ?? [page.key];
  const name = names.find((n) => !isBlank(search[n]));
  if (name === undefined) throw missingParam(names[0]!);
  return asInt(search[name], name);
}

/** One declared filter onto the rows' query. */
function filtered(q: Query, f: ChildPageFilterDecl, search: Row): Query {
  if (f.op === 'range') {
    const [from, to] = rangeParams(f);
    const field = { name: f.field, label: f.label, type: 'datetime' } as const;
    if (!isBlank(search[from!])) q = q.where(f.field, '>=', rangeBound(field, search[from!], false));
    if (!isBlank(search[to!])) q = q.where(f.field, '<=', rangeBound(field, search[to!], true));
    return q;
  }
  const value = search[f.params?.[0] ?? f.field];
  if (isBlank(value)) return q;
  if (typeof value !== 'string' && typeof value !== 'number') throw invalidValue(`${f.label}格式不正确`);
  return q.where(f.field, '=', String(value).trim());
}

async function answer(app: FastifyInstance, decl: ResourceDecl, page: ChildPageDecl, request: FastifyRequest) {
  const search = searchOf(request);
  const id = parentId(page, search);
  if (!(await app.entities.api(currentUser(request)).findById(decl.name, id))) throw notFoundRecord();
  let q: Query = dynamic(app.db).selectFrom(page.table).where(page.key, '=', id);
  for (const f of page.filters ?? []) q = filtered(q, f, search);
  const paging = readPaging(search);
  const n = (await q.select((eb: Query) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  const ordered = page.sort.reduce((acc: Query, s) => acc.orderBy(s.field, s.order === 'DESC' ? 'desc' : 'asc'), q.select([...page.fields]));
  const rows = (await ordered.limit(paging.pageSize).offset((paging.pageNum - 1) * paging.pageSize).execute()) as Row[];
  const result = pageOf(rows, paging, Number(n.n));
  return page.masked ? maskPage(result) : result;
}

/** What a child page takes, for its request schema. */
function pageInput(decl: ResourceDecl, page: ChildPageDecl) {
  const fields: Record<string, InputFields[string]> = {};
  for (const name of page.params ?? [page.key]) fields[name] = ['integer', `${decl.label}ID`];
  for (const f of page.filters ?? []) {
    if (f.op === 'eq') fields[f.params?.[0] ?? f.field] = ['string', f.label];
    else for (const [i, name] of rangeParams(f).entries()) fields[name] = ['datetime', `${f.label}${i ? '截止' : '起始'}（yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss）`];
  }
  return describeInput({ either: { ...fields, ...PAGING } });
}

/** The routes of the declaration's `childPages`, behind their key (default the list's). */
export function registerChildPages(app: FastifyInstance, decl: ResourceDecl): void {
  for (const page of decl.childPages ?? []) {
    app.post(page.path, { config: { permission: page.permission ?? decl.permissions.list }, schema: pageInput(decl, page), attachValidation: true }, async (request) =>
      ok(await answer(app, decl, page, request)),
    );
  }
}
