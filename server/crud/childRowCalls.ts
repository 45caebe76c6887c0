import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecordData } from '../../resources/behaviour.js';
import { childIdField, type ChildDecl } from '../../resources/relations/children.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type DynamicDb, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { alreadyExists, notFoundRecord } from '../http/errors.js';
import { keepCreateOnly } from './nameChecks.js';
import { currentUser, type PortalUser } from '../http/fastifyTypes.js';
import { bodyOf, firstId, queryOf, readIds } from '../http/params.js';
import { describeInput, IDS, type InputFields } from '../http/routeInput.js';
import { hookContext } from './behaviour.js';
import { deleteChildTree, readChildRow } from './childTree.js';
import { childRowHooksOf } from './entity/childRowHooks.js';
import type { EntityContext, LocalApi } from './entity/types.js';
import { readKey } from './pathKeys.js';

/**
 * The calls writing a child collection's rows one at a time (ChildDecl `rowCalls`,
 * resources/relations/childRowCalls.ts; docs/extending.md "Session 27: 内容模型"): the keys read, the
 * record reached through the local API (its access and data scope; 1003 otherwise), the behaviour's
 * `childRows` hooks, `unique` and `createOnly` checked, the row written in one transaction and answered.
 */
export function registerChildRowCalls(app: FastifyInstance, decl: ResourceDecl): void {
  for (const child of decl.children ?? []) if (child.rowCalls) registerOne(app, decl, child);
}

/** The record a row belongs to, in the caller's reach (1003 otherwise). */
async function parentOf(api: LocalApi, decl: ResourceDecl, id: unknown): Promise<RecordData> {
  const parent = await api.findById(decl.name, Number(id));
  if (!parent) throw notFoundRecord();
  return parent;
}

/** 1004 when another row of the record holds a `unique` value; 1005 when a `createOnly` one would change. */
async function checkRow(db: DynamicDb, child: ChildDecl, values: Row, parentId: unknown, original?: Row): Promise<void> {
  const idField = childIdField(child);
  keepCreateOnly(values, original, child.rowCalls?.createOnly ?? []);
  for (const { field, label } of child.rowCalls?.unique ?? []) {
    if (values[field] === undefined || values[field] === null) continue;
    let q = db.selectFrom(child.table).select(idField).where(child.key, '=', parentId).where(field, '=', values[field]);
    if (original) q = q.where(idField, '!=', original[idField]);
    if (await q.executeTakeFirst()) throw alreadyExists(label, values[field]);
  }
}

/**
 * One row written (`original`: an update of it): `unique` and `createOnly` checked, the behaviour's
 * beforeChange, the insert or update, its afterChange; answers the row as the get answers it.
 */
export async function writeChildRow(child: ChildDecl, args: { parent: RecordData; parentId: unknown; values: RecordData; original?: Row; ctx: EntityContext }): Promise<Row> {
  const { parent, parentId, original, ctx } = args;
  const trx = ctx.trx;
  const idField = childIdField(child);
  const hooks = childRowHooksOf(child);
  const values: Row = { ...args.values };
  await checkRow(trx, child, values, parentId, original);
  const base = { operation: original ? ('update' as const) : ('create' as const), parent, original, ctx };
  const data = (await hooks.beforeChange?.({ ...base, data: values, count: await countOf(trx, child, parentId) })) ?? values;
  let id = original?.[idField];
  if (!original) id = ((await trx.insertInto(child.table).values({ ...data, [child.key]: parentId }).returning(idField).executeTakeFirstOrThrow()) as Row)[idField];
  else if (Object.keys(data).length) await trx.updateTable(child.table).set(data).where(idField, '=', id).execute();
  const row = (await readChildRow(trx, child, id))!;
  await hooks.afterChange?.({ ...base, row });
  return row;
}

const countOf = async (db: DynamicDb, child: ChildDecl, parentId: unknown) =>
  Number(((await db.selectFrom(child.table).select((eb) => eb.fn.countAll().as('n')).where(child.key, '=', parentId).executeTakeFirst()) as { n: number | string }).n);

function registerOne(app: FastifyInstance, decl: ResourceDecl, child: ChildDecl): void {
  const calls = child.rowCalls!;
  const hooks = () => childRowHooksOf(child);
  const idField = childIdField(child);
  const idParams = calls.idParams ?? [idField];
  const rowLabel = `${child.label}ID`;
  const inputs = (calls.inputs ?? {}) as InputFields;
  const idInputs: InputFields = Object.fromEntries(idParams.map((p, i) => [p, ['integer', i === 0 ? rowLabel : `${rowLabel}（同 ${idParams[0]}）`]]));
  const parentInputs: InputFields = Object.fromEntries(calls.parentParams.map((p, i) => [p, ['integer', i === 0 ? `所属${decl.label}ID` : `所属${decl.label}ID（同 ${calls.parentParams[0]}）`]]));
  const write = { config: { permission: calls.permissions.write }, attachValidation: true };
  const within = <T>(user: PortalUser, fn: (api: LocalApi, trx: DynamicDb) => Promise<T>) => app.entities.transaction(user, fn);

  /** The row written in a transaction of its own, its record read in the caller's reach. */
  const save = async (request: FastifyRequest, operation: 'create' | 'update', key: number, sent: RecordData) => {
    const user = currentUser(request);
    return within(user, async (api, trx) => {
      const original = operation === 'update' ? ((await trx.selectFrom(child.table).selectAll().where(idField, '=', key).executeTakeFirst()) as Row | undefined) : undefined;
      if (operation === 'update' && !original) throw notFoundRecord();
      const parentId = original ? original[child.key] : key;
      return writeChildRow(child, { parent: await parentOf(api, decl, parentId), parentId, values: sent, original, ctx: hookContext(trx, decl, user) });
    });
  };
  const checked = async (operation: 'create' | 'update', body: RecordData) => (await hooks().beforeValidate?.({ operation, data: body })) ?? body;

  if (calls.get) {
    const call = { path: calls.get };
    const name = /\{(\w+)\}/.exec(calls.get)?.[1] ?? idField;
    app.get(calls.get.replace(/\{(\w+)\}/g, ':$1'), { config: { permission: calls.permissions.read }, attachValidation: true, schema: describeInput({ path: { [name]: ['integer', rowLabel] } }) }, async (request) => {
      const id = readKey(request, call, name);
      const row = (await dynamic(app.db).selectFrom(child.table).select(child.key).where(idField, '=', id).executeTakeFirst()) as Row | undefined;
      if (!row) throw notFoundRecord();
      await parentOf(app.entities.api(currentUser(request)), decl, row[child.key]);
      return ok(await readChildRow(dynamic(app.db), child, id));
    });
  }
  if (calls.add) app.post(calls.add, { ...write, schema: describeInput({ body: { ...parentInputs, ...inputs } }) }, async (request) => {
    const body = bodyOf(request);
    const parentId = firstId(queryOf(request), body, calls.parentParams);
    return ok(await save(request, 'create', parentId, await checked('create', body)), calls.messages?.added ?? '新增成功');
  });
  if (calls.update) app.post(calls.update, { ...write, schema: describeInput({ body: { ...idInputs, ...inputs } }) }, async (request) => {
    const body = bodyOf(request);
    const id = firstId(queryOf(request), body, idParams);
    return ok(await save(request, 'update', id, await checked('update', body)), calls.messages?.updated ?? '修改成功');
  });
  if (calls.remove) app.post(calls.remove, { ...write, schema: describeInput({ body: { [idParams[0]!]: ['integer', `${rowLabel}（单个）`] }, either: { ids: IDS } }) }, async (request) => {
    const body = bodyOf(request);
    const one = body[idParams[0]!] !== undefined && body.ids === undefined;
    const ids = one ? [firstId({}, body, idParams.slice(0, 1))] : readIds(request, 'ids');
    const n = await within(currentUser(request), async (api, trx) => {
      const found = (await trx.selectFrom(child.table).select([idField, child.key]).where(idField, 'in', ids).execute()) as Row[];
      if (found.length !== ids.length) throw notFoundRecord();
      for (const parentId of new Set(found.map((r) => r[child.key]))) await parentOf(api, decl, parentId);
      for (const sub of child.children ?? []) await deleteChildTree(trx, sub, ids);
      return Number((await trx.deleteFrom(child.table).where(idField, 'in', ids).executeTakeFirst()).numDeletedRows);
    });
    return ok(n, calls.messages?.removed ?? '删除成功');
  });
}
