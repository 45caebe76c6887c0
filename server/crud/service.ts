import type { ListPage } from '../../resources/behaviour.js';
import { isVirtualField } from '../../resources/shape/fields.js';
import type { ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import { alreadyExists, notFoundRecord } from '../http/errors.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { applyCondition, applyListWhere, applyWhere, enriched, hookContext, readOut, recordsWhere, runChangeHooks } from './behaviour.js';
import { applyReach, reachOf } from './reach.js';
import { applyFilters, readPaging, readSort, selectListed, withJoins } from './listQuery.js';
import { checkDictValues } from './dictValues.js';
import { OWNER_FIELDS, validateRecord } from './validate.js';
import { committing } from './entity/commit.js';
import { pageOf } from '../shared/paging.js';
import type { WhereData } from '../../resources/behaviour.js';
import type { ListCondition } from './entity/types.js';

/** A condition server code adds to a list: equalities, or a query-builder condition (a subquery, `or`). */
export type ListNarrowing = WhereData | ListCondition;

/**
 * Runs `fn` in a transaction: the caller's when `db` already is one (the local API inside a hook), else a
 * new one, whose `ctx.afterCommit` tasks run once it committed (entity/commit.ts).
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : committing(db, fn);
}

export interface Page<T = Row> {
  list: T[];
  currPage: number;
  totalRow: number;
  totalPage: number;
}

const has = (decl: ResourceDecl, name: string) => decl.fields.some((f) => f.name === name && !isVirtualField(f));

/** The rows of the declaration the caller reaches for an operation: fixed values, access answer, data scope and grants (reach.ts). */
const reachable = reachOf;

/**
 * Every column, or with `list.leaveOut` the declared stored fields but those (an article's body stays out of
 * its list); with the declared joins.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function listColumns(db: Db, base: any, decl: ResourceDecl): any {
  const out = decl.list.leaveOut;
  if (!out?.length) return withJoins(base.selectAll(), decl);
  let names = listedNames.get(decl);
  if (!names) listedNames.set(decl, (names = decl.fields.filter((f) => !isVirtualField(f) && !f.writeOnly && !out.includes(f.name)).map((f) => `${decl.table}.${f.name}`)));
  return selectListed(db, base, decl, names);
}
const listedNames = new WeakMap<ResourceDecl, string[]>();

/** One page of a declared table, with filters, joins, sort and the caller's data scope. */
export async function listRecords(db: Db, decl: ResourceDecl, user: PortalUser, search: Record<string, unknown>, narrow?: ListNarrowing): Promise<Page> {
  const { pageNum, pageSize } = readPaging(search);
  const sort = readSort(decl, search);
  const reach = await reachable(db, decl, user, 'list', search);
  // One hook context for the whole call (its local API is not cheap to build).
  let ctx: ReturnType<typeof hookContext> | undefined;
  const context = () => (ctx ??= hookContext(db, decl, user));
  // `narrow`: server code's own condition (the local API's list), ANDed with the filters and the reach.
  let base = applyCondition(applyReach(applyFilters(db.selectFrom(decl.table), decl, search), reach), narrow);
  if (decl.hooks?.listWhere) base = await applyListWhere(base, decl, search, context());
  let query = listColumns(db, base, decl).orderBy(sort.field, sort.order);
  const upper = sort.order === 'asc' ? 'ASC' : 'DESC';
  for (const then of decl.list.thenBy?.({ field: sort.field, order: upper }) ?? []) query = query.orderBy(then.field, then.order === 'ASC' ? 'asc' : 'desc');
  // The count and the page at once: on PostgreSQL two connections answer them side by side.
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst() as Promise<{ n: number | string } | undefined>,
    query
      .orderBy(decl.idField, 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute() as Promise<Row[]>,
  ]);
  const totalRow = Number(countRow?.n ?? 0);
  const records = rows.map((r) => readOut(decl, user, r));
  let page: Page = pageOf(decl.hooks?.enrich ? await enriched(decl, context(), records) : records, { pageNum, pageSize }, totalRow);
  // `afterList`: per-caller values of the page's records and values beside the page.
  for (const hook of decl.hooks?.afterList ?? []) page = (await hook({ page: page as unknown as ListPage, search, ctx: context() })) as unknown as Page;
  return page;
}

async function findOne(db: Db, decl: ResourceDecl, user: PortalUser, id: number, operation: 'get' | 'update' | 'delete'): Promise<Row | undefined> {
  const reach = await reachable(db, decl, user, operation);
  return (await applyReach(db.selectFrom(decl.table).selectAll().where(decl.idField, '=', id), reach).executeTakeFirst()) as Row | undefined;
}

export async function getRecord(db: Db, decl: ResourceDecl, user: PortalUser, id: number): Promise<Row> {
  const row = await findOne(db, decl, user, id, 'get');
  if (!row) throw notFoundRecord();
  let record = readOut(decl, user, row);
  const hooks = decl.hooks?.afterGet ?? [];
  if (decl.hooks?.enrich) [record = record] = await enriched(decl, hookContext(db, decl, user), [record]);
  if (hooks.length) {
    const ctx = hookContext(db, decl, user);
    for (const hook of hooks) record = (await hook({ record, ctx })) ?? record;
  }
  return record;
}

/** Whether a record of the entity (other than `exceptId`) holds `value` in `name` (unique checks, `existsAt`). */
export async function valueTaken(db: Db, decl: ResourceDecl, name: string, value: unknown, exceptId: number | null = null): Promise<boolean> {
  let q = applyWhere(db.selectFrom(decl.table).select(decl.idField).where(name, '=', value), decl.where);
  if (exceptId !== null) q = q.where(decl.idField, '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** 1004 when another record already holds a unique value. */
async function checkUnique(db: Db, decl: ResourceDecl, values: Row, exceptId: number | null) {
  for (const field of decl.fields) {
    if (!field.unique || values[field.name] === undefined || values[field.name] === null) continue;
    if (await valueTaken(db, decl, field.name, values[field.name], exceptId)) throw alreadyExists(field.label, values[field.name]);
  }
}

/** The stored columns of a hook's answer (virtual and unknown names are not written). */
function columnsOf(decl: ResourceDecl, data: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(data)) if (k !== decl.idField && has(decl, k)) out[k] = v;
  // A write-only field is stored in its column (what the behaviour made of it: a hash).
  for (const f of decl.fields) {
    if (!f.writeOnly || !(f.name in out)) continue;
    if (out[f.name] !== null && out[f.name] !== undefined) out[f.writeOnly.column] = out[f.name];
    delete out[f.name];
  }
  return out;
}

/** `trusted`: server code (the local API) writing, which may set read-only fields. */
export interface WriteOptions {
  readonly trusted?: boolean;
  /**
   * Demo data of the first start (the local API's `seed`): the row's own stamps (a past createTime, its
   * creator) are kept, and the hooks see `ctx.seed` (they may keep the row's given states).
   */
  readonly seed?: boolean;
}

export async function createRecord(db: Db, decl: ResourceDecl, user: PortalUser, body: Record<string, unknown>, options: WriteOptions = {}): Promise<Row> {
  await recordsWhere(decl, 'create', user, db);
  return inTransaction(db, async (trx) => {
    const ctx = hookContext(trx, decl, user, options.seed === true);
    const raw = await runChangeHooks(decl.hooks?.beforeValidate, { operation: 'create', data: body, ctx });
    let values: Row = validateRecord(decl, raw, 'create', options.trusted);
    const filled: Row = { deptId: user.deptId, deptName: user.deptName, creatorId: user.userId, creatorName: user.name, createTime: ctx.now, updateTime: ctx.now };
    // A seed's stamps are its own: a creator it does not name stays empty, as a direct insert left it.
    const stamp = (k: string, v: unknown) => (!options.seed ? v : body[k] !== undefined ? body[k] : k.endsWith('Time') ? v : null);
    // The department the server's own code named (trusted, validate.ts OWNER_FIELDS) stays.
    for (const [k, v] of Object.entries(filled)) if (has(decl, k) && !(options.trusted && !options.seed && OWNER_FIELDS.has(k) && k in values)) values[k] = stamp(k, v);
    values = columnsOf(decl, { ...(await runChangeHooks(decl.hooks?.beforeChange, { operation: 'create', data: values, ctx })), ...(decl.where ?? {}) });
    await checkUnique(trx, decl, values, null);
    await checkDictValues(trx, decl, values);
    const inserted = (await trx.insertInto(decl.table).values(values).returning(decl.idField).executeTakeFirstOrThrow()) as Row;
    const record = (await trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', inserted[decl.idField]).executeTakeFirstOrThrow()) as Row;
    for (const hook of decl.hooks?.afterChange ?? []) await hook({ operation: 'create', record, ctx });
    const [answer = readOut(decl, user, record)] = await enriched(decl, ctx, [readOut(decl, user, record)]);
    return answer;
  });
}

/** Changes only the fields present in the body, inside the caller's scope. */
export async function updateRecord(db: Db, decl: ResourceDecl, user: PortalUser, id: number, body: Record<string, unknown>, options: WriteOptions = {}): Promise<Row> {
  const reach = await reachable(db, decl, user, 'update');
  return inTransaction(db, async (trx) => {
    const original = (await applyReach(trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', id), reach).executeTakeFirst()) as Row | undefined;
    if (!original) throw notFoundRecord();
    const ctx = hookContext(trx, decl, user);
    const raw = await runChangeHooks(decl.hooks?.beforeValidate, { operation: 'update', data: body, original, ctx });
    let values: Row = validateRecord(decl, raw, 'update', options.trusted);
    if (has(decl, 'updateTime')) values.updateTime = ctx.now;
    values = columnsOf(decl, await runChangeHooks(decl.hooks?.beforeChange, { operation: 'update', data: values, original, ctx }));
    await checkUnique(trx, decl, values, id);
    await checkDictValues(trx, decl, values);
    if (Object.keys(values).length > 0) await trx.updateTable(decl.table).set(values).where(decl.idField, '=', id).execute();
    const record = (await trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', id).executeTakeFirstOrThrow()) as Row;
    for (const hook of decl.hooks?.afterChange ?? []) await hook({ operation: 'update', record, previous: original, ctx });
    const [answer = readOut(decl, user, record)] = await enriched(decl, ctx, [readOut(decl, user, record)]);
    return answer;
  });
}

/** All or nothing: when one id is unknown or outside the scope, nothing is deleted. */
export async function deleteRecords(db: Db, decl: ResourceDecl, user: PortalUser, ids: number[]): Promise<number> {
  const reach = await reachable(db, decl, user, 'delete');
  return inTransaction(db, async (trx) => {
    const found = (await applyReach(trx.selectFrom(decl.table).selectAll().where(decl.idField, 'in', ids), reach).execute()) as Row[];
    if (found.length !== ids.length) throw notFoundRecord();
    const ctx = hookContext(trx, decl, user);
    for (const hook of decl.hooks?.beforeDelete ?? []) await hook({ records: found, ctx });
    const result = await trx.deleteFrom(decl.table).where(decl.idField, 'in', ids).executeTakeFirst();
    for (const hook of decl.hooks?.afterDelete ?? []) await hook({ records: found, ctx });
    return Number(result.numDeletedRows);
  });
}

/** The records an action applies to, inside the caller's scope and the action's grants (1003 when one is not reachable). */
export async function actionRecords(db: Db, decl: ResourceDecl, user: PortalUser, ids: number[], action?: string): Promise<Row[]> {
  if (ids.length === 0) return [];
  const reach = await reachable(db, decl, user, action ? `action:${action}` : 'update');
  const found = (await applyReach(db.selectFrom(decl.table).selectAll().where(decl.idField, 'in', ids), reach).execute()) as Row[];
  if (found.length !== new Set(ids).size) throw notFoundRecord();
  return found;
}
