import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MarkedDelete, MarkedList, MarksDecl } from '../../resources/shape/marks.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, missingParam, PortalError } from '../http/errors.js';
import { currentUser, type PortalUser } from '../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../http/params.js';
import { describeInput } from '../http/routeInput.js';
import type { ListCondition } from './entity/types.js';
import { PAGE_SIZE_MAX } from './listQuery.js';
import { applyReach, reachOf } from './reach.js';
import { crudRouteSchemas } from './schema/routeSchemas.js';
import { safeSerializerCompiler } from './schema/serializer.js';

/**
 * A declaration's `marks` (resources/shape/marks.ts; docs/extending.md "Session 27: 报送 and 栏目"): its list
 * calls and its delete answered from the marked entity's records, through the local API as the caller.
 */

const searchOf = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });

/** The page values as sent: a malformed one is refused (1002), not read as the default; the size capped. */
export function strictPaging(s: Row): { pageNum: number; pageSize: number } {
  const num = Number(s.pageNum ?? s.pageNumber ?? 1);
  const size = Number(s.pageSize ?? 10);
  if (!Number.isInteger(num) || num < 1) throw invalidValue('参数格式不正确：pageNum');
  if (!Number.isInteger(size) || size < 1) throw invalidValue('参数格式不正确：pageSize');
  return { pageNum: num, pageSize: Math.min(size, PAGE_SIZE_MAX) };
}

/** Only the marked records: their id is in the marking table. */
const markedOnly = (decl: ResourceDecl, marked: ResourceDecl): ListCondition => (eb) => eb(`${marked.table}.${marked.idField}`, 'in', eb.selectFrom(decl.table).select(decl.idField));

/** One list: the marked entity's list page for the caller's search (less `ignore`), over the marked records. */
function markedPage(app: FastifyInstance, decl: ResourceDecl, marked: ResourceDecl, list: MarkedList | null, user: PortalUser, s: Row) {
  const marks = decl.marks as MarksDecl;
  const search = Object.fromEntries(Object.entries(s).filter(([k]) => !marks.ignore?.includes(k)));
  const values = { ...search, ...strictPaging(s), sortField: s.sortField ?? marks.sortField, ...list?.search };
  const api = app.entities.api(user);
  const only = markedOnly(decl, marked);
  // `mine`: the caller's own, whatever his data scope (the creator column is the condition).
  if (!list?.mine) return api.list(marks.entity, values, only);
  const creator = marked.ownership?.creator ?? 'creatorId';
  return api.asSystem().list(marks.entity, values, (eb) => eb.and([only(eb), eb(`${marked.table}.${creator}`, '=', user.userId)]));
}

/** The ids under the first of the declared names given (body, then query), each once. */
export function markedIds(request: FastifyRequest, del: MarkedDelete): number[] {
  const [query, body] = [queryOf(request), bodyOf(request)];
  const name = del.ids[0] ?? 'ids';
  const raw = del.ids.map((n) => body[n] ?? query[n]).find((v) => v !== undefined && v !== null);
  if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) throw missingParam(name);
  const ids = (Array.isArray(raw) ? raw : String(raw).split(',')).filter((p) => p !== '' && p !== null).map((p) => Number(p));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue(`参数格式不正确：${name}`);
  if (ids.length === 0) throw missingParam(name);
  if (ids.length > del.max.count) throw invalidValue(del.max.message);
  return [...new Set(ids)];
}

/** The delete: each id marked and in the caller's reach to delete the marked record, then that entity's delete. */
async function deleteMarked(app: FastifyInstance, decl: ResourceDecl, marked: ResourceDecl, del: MarkedDelete, request: FastifyRequest): Promise<number> {
  const user = currentUser(request);
  const ids = markedIds(request, del);
  const id = `${marked.table}.${marked.idField}`;
  const db = dynamic(app.db);
  const q = db.selectFrom(marked.table).select(id).where(id, 'in', ids).where(id, 'in', db.selectFrom(decl.table).select(decl.idField));
  const found = await applyReach(q, await reachOf(db, marked, user, 'delete')).execute();
  if (found.length !== ids.length) throw new PortalError(1003, del.missing);
  if (del.needs && !user.permissions.has(del.needs.key)) throw new PortalError(1005, del.needs.refusal);
  await app.entities.api(user).delete(marked.name, ids);
  return ids.length;
}

/**
 * The routes of a declaration with `marks`: its list (with the declaration's page answer schema), the lists
 * of `marks.lists`, and its delete. The get is the marked entity's own call (checked here: the same path).
 */
export function registerMarkRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  const marks = decl.marks;
  if (!marks) return;
  const marked = app.portal.declarations.find((d) => d.name === marks.entity);
  if (!marked) return;
  if (decl.api.get.path !== marked.api.get.path) throw new Error(`${decl.name}: marks ${marks.entity}, so its get is ${marked.api.get.path}`);
  const own = crudRouteSchemas(decl);
  // The lists take the marked entity's list search (described by its list schema; checked by its list itself).
  const { response: _theirs, ...search } = crudRouteSchemas(marked).list;
  const lists: [string, string, string | undefined, MarkedList | null][] = [[decl.api.list.path, decl.permissions.list, own.list.summary, null]];
  for (const [name, list] of Object.entries(marks.lists ?? {})) lists.push([decl.api.extra?.[name]?.path ?? name, list.permission, decl.api.extra?.[name]?.label, list]);
  for (const [url, permission, summary, list] of lists) {
    const schema = { ...search, summary, tags: [decl.label], 'x-permission': permission, ...(list ? {} : { response: own.list.response }) };
    app.post(url, { config: { permission }, schema, serializerCompiler: safeSerializerCompiler, attachValidation: true }, async (request) => ok(await markedPage(app, decl, marked, list, currentUser(request), searchOf(request))));
  }
  const del = marks.delete;
  if (!del || !decl.api.delete) return;
  const idsInput = describeInput({ either: Object.fromEntries(del.ids.map((n) => [n, ['ids', `${decl.label}（${marked.label}）ID的数组，或以逗号分隔的字符串`] as const])) });
  const schema = { ...own.delete, ...idsInput };
  app.post(decl.api.delete.path, { config: { permission: decl.permissions.delete }, schema, serializerCompiler: safeSerializerCompiler, attachValidation: true }, async (request) =>
    ok(await deleteMarked(app, decl, marked, del, request), '删除成功'),
  );
}
