import { isVirtualField } from '../../resources/shape/fields.js';
import type { ExpressionBuilder } from 'kysely';
import type { AccessResult, CallerInfo, HookContext, HookStore, RecordData, WhereBuilder, WhereData } from '../../resources/behaviour.js';
import { localApi } from './entity/localApi.js';
import { afterCommit } from './entity/commit.js';
import { runtimeOf, systemUser } from './entity/runtime.js';
import type { EntityContext } from './entity/types.js';
import type { FieldDecl, ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import { forbidden } from '../http/errors.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { formatDateTime } from '../util/time.js';

/** Column names a hook may name: plain identifiers only, so a WhereData never becomes SQL text. */
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`not a column or table name: ${name}`);
  return name;
}

/** True for a field the table stores (virtual fields have no column). */
export const isStored = (field: FieldDecl) => !isVirtualField(field);

export function callerInfo(user: PortalUser): CallerInfo {
  return {
    userId: user.userId,
    username: user.username,
    name: user.name,
    deptId: user.deptId,
    deptName: user.deptName,
    roleNames: user.roleNames,
    dataScope: user.dataScope,
    has: (permission) => user.permissions.has(permission),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Whereable = { where: (...args: any[]) => any };

/** Adds `column = value` (or `in` for an array, `is null` for null) for each entry. */
export function applyWhere<Q extends Whereable>(query: Q, where: WhereData | undefined): Q {
  if (!where) return query;
  let q = query;
  for (const [column, value] of Object.entries(where)) {
    const ref = ident(column);
    if (value === null) q = q.where((eb: AnyEb) => eb(eb.ref(ref), 'is', null));
    else if (Array.isArray(value)) q = value.length ? q.where(ref, 'in', value) : q.where((eb: AnyEb) => eb.lit(1), '=', 0);
    else q = q.where(ref, '=', value);
  }
  return q;
}

/** A listWhere hook's answer: equality conditions (WhereData) or a query-builder condition (a function). */
export function applyCondition<Q extends Whereable>(query: Q, condition: WhereData | WhereBuilder | void | undefined): Q {
  if (typeof condition === 'function') return query.where(condition as (eb: AnyEb) => unknown);
  return applyWhere(query, condition ?? undefined);
}

/** The declaration's listWhere hooks over a search, ANDed onto the query (the list call, exports, the local API's find). */
export async function applyListWhere<Q extends Whereable>(query: Q, decl: ResourceDecl, search: RecordData, ctx: HookContext): Promise<Q> {
  let q = query;
  for (const hook of decl.hooks?.listWhere ?? []) q = applyCondition(q, await hook({ search, ctx }));
  return q;
}

/**
 * The declaration's fixed values and the access function's answer for an operation, as one WhereData;
 * an access function answering false refuses with 403 没有访问权限.
 */
export async function recordsWhere(decl: ResourceDecl, operation: keyof NonNullable<ResourceDecl['access']>, user: PortalUser, db?: Db): Promise<WhereData> {
  const fn = decl.access?.[operation];
  // A behaviour file's access function also gets the server's caller and the local API (as the system).
  let answer: AccessResult = true;
  if (fn) {
    const runtime = runtimeOf(decl, db as Db);
    answer = await fn({ user: callerInfo(user), caller: user, api: localApi(runtime, db ?? runtime.db, systemUser) } as Parameters<typeof fn>[0]);
  }
  if (answer === false) throw forbidden();
  return { ...(decl.where ?? {}), ...(answer === true ? {} : answer) };
}

/** The HookStore over one transaction; the declaration's own table unless a hook names another. */
export function hookStore(trx: Db, decl: ResourceDecl): HookStore {
  const table = (name?: string) => ident(name ?? decl.table);
  return {
    find: async (where, t) => (await applyWhere(trx.selectFrom(table(t)).selectAll(), where).execute()) as RecordData[],
    insert: async (values, t) => {
      const row = (await trx.insertInto(table(t)).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
      return Number(row.id ?? 0);
    },
    update: async (where, values, t) => Number((await applyWhere(trx.updateTable(table(t)).set(values), where).executeTakeFirst()).numUpdatedRows),
    remove: async (where, t) => Number((await applyWhere(trx.deleteFrom(table(t)), where).executeTakeFirst()).numDeletedRows),
  };
}

/**
 * What hooks and actions get: the caller, the transaction, its store, the local API over it, the services;
 * `seed` when the operation writes the first start's demo data (the local API's `seed`).
 */
export function hookContext(trx: Db, decl: ResourceDecl, user: PortalUser, seed = false): EntityContext {
  const runtime = runtimeOf(decl, trx);
  const report = (error: unknown) => {
    try {
      runtime.services.log.error({ err: error, entity: decl.name }, 'after-commit task failed');
    } catch {
      // A declaration used alone (unit tests) has no log.
    }
  };
  // The store and the local API built on first use: a list call builds a context for its hooks and most never
  // touch either (session 31: 2 % of the uncached list's request thread).
  let store: HookStore | undefined;
  let api: EntityContext['api'] | undefined;
  return {
    user: callerInfo(user),
    get store() {
      return (store ??= hookStore(trx, decl));
    },
    now: formatDateTime(),
    trx,
    caller: user,
    get api() {
      return (api ??= localApi(runtime, trx, user));
    },
    services: runtime.services,
    afterCommit: (task) => afterCommit(trx, task, report),
    seed,
  };
}

const computedOf = new WeakMap<ResourceDecl, { virtual: FieldDecl[]; secret: FieldDecl[] }>();
/** The declaration's virtual and write-only fields, listed once per declaration (readOut runs for every row). */
function computedFields(decl: ResourceDecl): { virtual: FieldDecl[]; secret: FieldDecl[] } {
  let kept = computedOf.get(decl);
  if (!kept) computedOf.set(decl, (kept = { virtual: decl.fields.filter((f) => f.compute), secret: decl.fields.filter((f) => f.writeOnly) }));
  return kept;
}

/** A record as answered: virtual fields computed, then each afterRead hook. */
export function readOut(decl: ResourceDecl, user: PortalUser, row: Row): Row {
  let record: Row = row;
  const { virtual, secret } = computedFields(decl);
  if (virtual.length || secret.length) {
    record = { ...row };
    for (const f of virtual) record[f.name] = f.compute?.(row);
    // A write-only field (a password) is never answered, nor the column that stores it.
    for (const f of secret) {
      delete record[f.name];
      if (f.writeOnly) delete record[f.writeOnly.column];
    }
  }
  const hooks = decl.hooks?.afterRead ?? [];
  if (hooks.length === 0) return record;
  const caller = callerInfo(user);
  for (const hook of hooks) record = hook({ record, user: caller }) ?? record;
  return record;
}

/** The records with the `enrich` hooks' values of other tables (one call per page). */
export async function enriched(decl: ResourceDecl, ctx: HookContext, records: readonly Row[]): Promise<Row[]> {
  let out: readonly Row[] = records;
  for (const hook of decl.hooks?.enrich ?? []) out = await hook({ records: out, ctx });
  return [...out];
}

/** Runs a list of change hooks in order, each seeing the data the previous one answered. */
export async function runChangeHooks(
  hooks: NonNullable<ResourceDecl['hooks']>['beforeChange'],
  args: { operation: 'create' | 'update'; data: RecordData; original?: RecordData; ctx: HookContext },
): Promise<RecordData> {
  let data = args.data;
  for (const hook of hooks ?? []) data = (await hook({ ...args, data })) ?? data;
  return data;
}
