import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WhereData } from '../../resources/behaviour.js';
import type { ChildDecl } from '../../resources/relations/children.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { notFoundRecord } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { bodyOf, firstId, queryOf, readId, readIds } from '../http/params.js';
import { describeInput, ID, IDS, PAGING } from '../http/routeInput.js';
import { pageOf } from '../shared/paging.js';
import { readPaging } from './listQuery.js';
import { applyWhere } from './behaviour.js';
import { applyReach, reachOf } from './reach.js';

/**
 * The declared calls of a child collection's rows (`children[].calls`, resources/relations/childCalls.ts;
 * docs/extending.md): reads and deletes of the rows whose record the caller reaches for `get`.
 */
export function registerChildCalls(app: FastifyInstance, decl: ResourceDecl): void {
  for (const child of decl.children ?? []) if (child.calls) registerOne(app, decl, child);
}

function registerOne(app: FastifyInstance, decl: ResourceDecl, child: ChildDecl): void {
  const calls = child.calls!;
  const db = dynamic(app.db);
  const parentLabel = `${decl.label}ID`;
  const parentFields = Object.fromEntries(calls.parentParams.map((p, i) => [p, ['integer', i === 0 ? parentLabel : `${parentLabel}（同 ${calls.parentParams[0]}）`] as const]));
  const byParent = describeInput({ either: parentFields });
  const paged = describeInput({ either: { ...parentFields, ...PAGING } });
  const one = describeInput({ either: { id: ID } });

  /** The record, when the caller reaches it for get (1003 otherwise). */
  const reached = async (request: FastifyRequest, id: unknown, where?: WhereData) => {
    const reach = await reachOf(db, decl, currentUser(request), 'get');
    const row = await applyReach(applyWhere(db.selectFrom(decl.table), where).select(decl.idField).where(decl.idField, '=', id), reach).executeTakeFirst();
    if (!row) throw notFoundRecord();
  };
  /** A row whose record the caller reaches. */
  const reachedRow = async (request: FastifyRequest, id: number, where?: WhereData) => {
    const row = (await db.selectFrom(child.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFoundRecord();
    await reached(request, row[child.key], where);
    return row;
  };
  const parentOf = async (request: FastifyRequest) => {
    const id = firstId(queryOf(request), bodyOf(request), calls.parentParams);
    await reached(request, id);
    return db.selectFrom(child.table).where(child.key, '=', id);
  };
  const order = child.order ?? 'asc';
  const ordered = <Q extends { orderBy: (c: string, o: 'asc' | 'desc') => Q }>(q: Q) => [...(child.orderBy ?? []), 'id'].reduce((acc, c) => acc.orderBy(c, order), q);
  const read = { config: { permission: calls.permissions.read }, attachValidation: true };

  if (calls.list) app.post(calls.list, { ...read, schema: paged }, async (request) => {
    const base = await parentOf(request);
    const { pageNum, pageSize } = readPaging({ ...queryOf(request), ...bodyOf(request) });
    const n = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
    const list = (await ordered(base.selectAll()).limit(pageSize).offset((pageNum - 1) * pageSize).execute()) as Row[];
    return ok(pageOf(list, { pageNum, pageSize }, Number(n.n)));
  });
  if (calls.all) app.post(calls.all, { ...read, schema: byParent }, async (request) => ok(await ordered((await parentOf(request)).selectAll()).execute()));
  if (calls.get) app.post(calls.get, { ...read, schema: one }, async (request) => ok(await reachedRow(request, readId(request))));
  for (const at of calls.getAt ?? []) app.post(at.path, { ...read, schema: one }, async (request) => ok(await reachedRow(request, readId(request), at.where)));

  const remove = async (request: FastifyRequest, ids: number[]) => {
    for (const id of ids) await reachedRow(request, id);
    await db.deleteFrom(child.table).where('id', 'in', ids).execute();
    return ok(null, '删除成功');
  };
  const del = { config: { permission: calls.permissions.delete }, attachValidation: true };
  if (calls.delete) app.post(calls.delete, { ...del, schema: one }, async (request) => remove(request, [readId(request)]));
  if (calls.deletes) app.post(calls.deletes, { ...del, schema: describeInput({ either: { ids: IDS } }) }, async (request) => remove(request, readIds(request)));
}
