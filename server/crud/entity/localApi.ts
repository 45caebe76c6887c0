import type { RecordData } from '../../../resources/behaviour.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { ActionAnswer, runDeclaredAction } from '../actions.js';
import { applyCondition, applyListWhere, enriched, hookContext, readOut } from '../behaviour.js';
import { applyReach, reachOf } from '../reach.js';
import { applyFilters, withJoins } from '../listQuery.js';
import { createRecord, deleteRecords, inTransaction, listRecords, updateRecord } from '../service.js';
import { systemUser, type EntityRuntime } from './runtime.js';
import { countRecords } from './countRecords.js';
import type { FindOptions, LocalApi, SeedOptions } from './types.js';

/** Most records one `find` (or a declared read without a length) answers when it names no limit. */
export const FIND_LIMIT = 10_000;

function declOf(runtime: EntityRuntime, entity: string): ResourceDecl {
  const decl = runtime.decls.get(entity);
  if (!decl) throw new Error(`no declared entity named ${entity}`);
  return decl;
}

/** The query of the records `find` and `count` read: the caller's reach (fixed values, access, data scope), `where`, the search. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function reachedQuery(db: DynamicDb, decl: ResourceDecl, user: PortalUser, options: Pick<FindOptions, 'where' | 'search'>): Promise<any> {
  const reach = await reachOf(db, decl, user, 'list');
  const base = applyReach(applyCondition(applyFilters(db.selectFrom(decl.table), decl, options.search ?? {}), options.where), reach);
  // A search runs the list's listWhere hooks too (an export finds what the list shows).
  return options.search && decl.hooks?.listWhere ? applyListWhere(base, decl, options.search, hookContext(db, decl, user)) : base;
}

/** Records of a declaration in the caller's reach (fixed values, access, data scope), filtered, ordered, limited. */
export async function findRecords(db: DynamicDb, decl: ResourceDecl, user: PortalUser, options: FindOptions = {}): Promise<Row[]> {
  const base = await reachedQuery(db, decl, user, options);
  // `columns`: only these, without the joins or the enrich hooks (a count over many records need not read their bodies).
  let q = options.columns ? base.select(options.columns.map((c) => `${decl.table}.${c}`)) : withJoins(base.selectAll(), decl);
  for (const s of options.sort ?? []) q = q.orderBy(s.field, s.order === 'DESC' ? 'desc' : 'asc');
  const rows = (await q.orderBy(`${decl.table}.${decl.idField}`, 'asc').limit(options.limit ?? FIND_LIMIT).execute()) as Row[];
  const records = rows.map((r) => readOut(decl, user, r));
  // Chosen columns are raw values (a count's): the enrich hooks expect whole records.
  return decl.hooks?.enrich && !options.columns ? enriched(decl, hookContext(db, decl, user), records) : records;
}

/** The local API's `seed`: every row through the entity's create, with its child rows, in one transaction. */
async function seedRecords(db: DynamicDb, decl: ResourceDecl, user: PortalUser, rows: readonly RecordData[], options: SeedOptions = {}): Promise<RecordData[]> {
  // A declared child collection's rows may come with the record, under its name (意见征集's opinions); one
  // named in `inputs` is the behaviour's to write (问卷调查's questions → options, saved by its hooks).
  const children = new Map((decl.children ?? []).filter((c) => !options.inputs?.includes(c.name)).map((c) => [c.name, c]));
  const names = new Set([...decl.fields.map((f) => f.name), ...(decl.links ?? []).map((l) => l.name), ...children.keys(), ...(options.inputs ?? [])]);
  for (const row of rows) {
    const unknown = Object.keys(row).filter((k) => !names.has(k));
    if (unknown.length) throw new Error(`seed of ${decl.name}: ${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not declared`);
  }
  return inTransaction(db, async (trx) => {
    const out: RecordData[] = [];
    for (const row of rows) {
      // A copy (its symbol keys too: 文章's write note) without the child rows.
      const body: Record<string | symbol, unknown> = { ...row };
      for (const name of children.keys()) delete body[name];
      const record = await createRecord(trx, decl, user, body, { trusted: true, seed: true });
      for (const [name, child] of children) {
        for (const c of (row[name] as readonly RecordData[] | undefined) ?? []) await trx.insertInto(child.table).values({ ...c, [child.key]: record[decl.idField] }).execute();
      }
      out.push(record);
    }
    return out;
  });
}

/**
 * The local API over one handle (the operation's transaction, or the database), acting as `user`: each
 * call runs the named entity's own hooks, access and data scope, as its HTTP route would.
 */
export function localApi(runtime: EntityRuntime, db: DynamicDb, user: PortalUser): LocalApi {
  return {
    find: (entity, options) => findRecords(db, declOf(runtime, entity), user, options),
    count: (entity, options) => countRecords(db, declOf(runtime, entity), user, options),
    findById: async (entity, id) => (await findRecords(db, declOf(runtime, entity), user, { where: { [declOf(runtime, entity).idField]: id }, limit: 1 }))[0],
    list: (entity, search, narrow) => listRecords(db, declOf(runtime, entity), user, { ...search }, narrow),
    create: (entity, data) => createRecord(db, declOf(runtime, entity), user, { ...data }, { trusted: true }),
    update: (entity, id, data) => updateRecord(db, declOf(runtime, entity), user, id, { ...data }, { trusted: true }),
    seed: (entity, rows, options) => seedRecords(db, declOf(runtime, entity), user, rows, options),
    delete: (entity, ids) => deleteRecords(db, declOf(runtime, entity), user, [...ids]),
    runAction: (entity, name, input = {}) => {
      const decl = declOf(runtime, entity);
      const action = decl.actions?.find((a) => a.name === name);
      if (!action?.run) throw new Error(`entity ${entity} has no action ${name} that runs on the server`);
      return runDeclaredAction(db, decl, action, user, [...(input.ids ?? [])], { ...(input.body ?? {}) } as RecordData).then((r) => (r instanceof ActionAnswer ? r.data : r));
    },
    asSystem: () => localApi(runtime, db, systemUser),
  };
}
