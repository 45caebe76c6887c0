import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessFn } from '../../resources/behaviour.js';
import type { Db } from '../db/types.js';
import type { ApiCall, CallAlias, ResourceApi, ResourceDecl } from '../../resources/types.js';
import { ok } from '../http/envelope.js';
import { missingParam, notFoundRecord } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { dynamic } from '../db/types.js';
import { bodyOf, param, queryOf, readId, readIds } from '../http/params.js';
import { settleSchemaRefusal } from '../http/validation.js';
import { registerActionRoutes } from './actions.js';
import { ownDepartmentsWhere, withAliasOptions } from './aliasOptions.js';
import { registerExportRoutes } from './listExport.js';
import { registerChildPages } from './childPages.js';
import { registerRelatedRoutes } from './related.js';
import { registerOrderingRoutes } from './ordering.js';
import { registerCounterCalls } from './counterCalls.js';
import { registerReadRoutes } from './reads/routes.js';
import { registerGroupCountRoutes } from './groupCounts.js';
import { registerMarkRoutes } from './marks.js';
import { registerFilesCalls } from './filesCall.js';
import { registerTallyRoutes } from './tallies.js';
import { registerKeySettings } from './keySettings.js';
import { registerRecordSettings } from './recordSettings.js';
import { registerUserMarks } from './userMarks.js';
import { registerRecordWords } from './recordWord.js';
import { registerRecordTables } from './recordTables.js';
import { registerChildCalls } from './childCalls.js';
import { registerResponseCalls } from './responses/routes.js';
import { registerWordCheck } from './wordCheck.js';
import { registerChildRowCalls } from './childRowCalls.js';
import { registerExistsCalls } from './nameChecks.js';
import { registerActionSaves } from './actionSaves.js';
import { readKey, requirePaging, routeUrl } from './pathKeys.js';
import { listTree } from './treeList.js';
import { createListCache } from './listCache.js';
import { maskPersonalPage, revealPersonal, withoutMasked } from './personal.js';
import { publicOpOnUpdatePath, registerPublicOps, runPublicOp } from './publicOps.js';
import { requireStaff } from '../shared/routeHelpers.js';
import { applyFilters, readPaging } from './listQuery.js';
import { crudRouteSchemas, type RouteSchema } from './schema/routeSchemas.js';
import { safeSerializerCompiler } from './schema/serializer.js';
import { registerSingletonRoutes, saveAnswer, type RouteFn } from './singleton.js';
import { createRecord, deleteRecords, getRecord, listRecords, updateRecord } from './service.js';
import { findRecords } from './entity/localApi.js';
import { validateRecord } from './validate.js';

const methodOf = (call: ApiCall) => call.method ?? 'POST';

/** Search parameters: the JSON body, with query values as a fallback. */
export function searchOf(request: FastifyRequest): Record<string, unknown> {
  return { ...queryOf(request), ...bodyOf(request) };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A list call's search: the caller's values, and the call's `defaults` for those left blank. */
export function listSearchOf(request: FastifyRequest, defaults: Readonly<Record<string, unknown>> | undefined, ignore?: readonly string[]): Record<string, unknown> {
  const search = searchOf(request);
  for (const [k, v] of Object.entries(defaults ?? {})) if (isBlank(search[k])) search[k] = v;
  for (const k of ignore ?? []) delete search[k];
  return search;
}

function bodyId(decl: ResourceDecl, body: Record<string, unknown>): number | null {
  const raw = body[decl.idField];
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : -1;
}

type SaveMode = 'create' | 'update' | 'either';

/** The site pages a successful write renders again (`decl.republish`; generation/sitePageHooks.ts). */
const republishOf = (decl: ResourceDecl): { republish?: readonly string[] } => (decl.republish?.length ? { republish: decl.republish } : {});

/** The update's permission key: `onlyFields`' own key when the body sets nothing else (api.update.onlyFields). */
function updateKey(decl: ResourceDecl, request: FastifyRequest): string {
  const only = decl.api.update?.onlyFields;
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (only && Object.keys(body).every((k) => k === decl.idField || only.fields.includes(k))) return only.permission;
  return decl.permissions.update;
}

/** What a save would be: a create, an update of `target`, or (a malformed id) 1003. */
function saveTarget(decl: ResourceDecl, request: FastifyRequest, body: Record<string, unknown>, mode: SaveMode): number | null {
  const id = bodyId(decl, body);
  if (mode === 'create' || (mode === 'either' && id === null)) return null;
  const target = id ?? readId(request, decl.idField);
  if (target < 0) throw notFoundRecord();
  return target;
}

/** The five calls of a plain entity, each behind the declaration's permission key, each with its schema. */
export function registerCrudRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  // Declared actions with `run` are served here for module resources too.
  registerActionRoutes(app, decl);
  registerPublicOps(app, decl);
  registerExportRoutes(app, decl);
  registerRelatedRoutes(app, decl);
  registerOrderingRoutes(app, decl);
  registerCounterCalls(app, decl);
  registerReadRoutes(app, decl);
  registerFilesCalls(app, decl);
  registerGroupCountRoutes(app, decl);
  registerTallyRoutes(app, decl);
  registerKeySettings(app, decl);
  registerRecordSettings(app, decl);
  registerUserMarks(app, decl);
  registerRecordWords(app, decl);
  registerRecordTables(app, decl);
  registerChildCalls(app, decl);
  registerChildRowCalls(app, decl);
  registerExistsCalls(app, decl);
  registerChildPages(app, decl);
  registerResponseCalls(app, decl);
  registerWordCheck(app, decl);
  registerActionSaves(app, decl);
  // A domain module serves the declared paths of a `module` resource itself.
  if (decl.routes === 'module') return;
  // `marks`: the list, get and delete are the marked entity's records (server/crud/marks.ts).
  if (decl.marks) return registerMarkRoutes(app, decl);
  const { api, permissions } = decl;
  const schemas = crudRouteSchemas(decl);
  const requireBody = (request: FastifyRequest) => {
    const name = api.list.bodyRequired;
    if (name && (request.body === undefined || request.body === null)) throw missingParam(name);
    const needed = api.list.requires;
    if (needed && isBlank(searchOf(request)[needed])) throw missingParam(needed);
    requirePaging(decl, searchOf(request));
  };
  // The schema checks first; when it refuses, `invalidInput` (the handler's own checks) gives the answer.
  const route = (call: ApiCall, schema: RouteSchema, options: { config: FastifyContextConfig; handler: (request: FastifyRequest) => Promise<unknown> }) =>
    app.route({
      method: methodOf(call),
      url: routeUrl(call),
      schema,
      attachValidation: true,
      serializerCompiler: safeSerializerCompiler,
      config: options.config,
      handler: async (request) => {
        settleSchemaRefusal(request);
        return options.handler(request);
      },
    });

  if (decl.singleton) return registerSingletonRoutes(app, decl, route);

  const cachedList = api.list.cachedBy ? createListCache<Awaited<ReturnType<typeof listRecords>>>(api.list.cachedBy) : undefined;
  const keyBy = api.list.keyBy;
  if (api.list.servedBy !== 'module') route(api.list, schemas.list, {
    config: {
      permission: keyBy ? (request) => keyBy.values[String(searchOf(request)[keyBy.param] ?? '')] ?? keyBy.otherwise : permissions.list,
      invalidInput: (request) => {
        requireBody(request);
        const search = listSearchOf(request, api.list.defaults, api.list.ignore);
        readPaging(search);
        applyFilters(dynamic(app.db).selectFrom(decl.table), decl, search);
      },
    },
    handler: async (request) => {
      requireBody(request);
      if (api.list.shape === 'tree') return ok(await listTree(app.db, decl, currentUser(request), listSearchOf(request, api.list.defaults, api.list.ignore)));
      // Every record the caller reaches, in the default sort (the client pages it).
      const search = listSearchOf(request, api.list.defaults, api.list.ignore);
      if (api.list.shape === 'array') return ok(await findRecords(app.db, decl, currentUser(request), { search, sort: [decl.list.defaultSort] }));
      const load = async () => maskPersonalPage(decl, await listRecords(app.db, decl, currentUser(request), search));
      return ok(await (cachedList ? cachedList(request, search, load) : load()));
    },
  });

  if (api.get && api.get.servedBy !== 'module') route(api.get, schemas.get, {
    config: { permission: permissions.get, invalidInput: (request) => readKey(request, api.get, decl.idField) },
    handler: async (request) => ok(await revealPersonal(app.db, request, decl, await getRecord(app.db, decl, currentUser(request), readKey(request, api.get, decl.idField)))),
  });

  registerSaveRoutes(app, decl, route, schemas);
  registerDeleteRoute(app, decl, route, schemas);
  for (const alias of api.alsoAt ?? []) registerCrudRoutes(app, aliasDecl(app.db, decl, alias));
}

/**
 * The declaration as one `api.alsoAt` entry serves it: only its list, get and delete paths, over the records
 * matching its `where` too; no save, action, public operation, public read or export of its own.
 */
function aliasDecl(db: Db, decl: ResourceDecl, alias: CallAlias): ResourceDecl {
  const { api } = decl;
  const at = <C extends ApiCall>(call: C | undefined, path: string | undefined) => (call && path ? { ...call, path } : undefined);
  // The alias's condition ANDed with the declaration's own access answer (which may also narrow or deny).
  const narrowed = (op: 'list' | 'get' | 'delete'): AccessFn => async (args) => {
    const own = decl.access?.[op];
    const base = own ? await own(args) : true;
    // `whereCaller`: the caller's own values (a caller without one reaches nothing: an empty list matches no row).
    const mine = Object.fromEntries(Object.entries(alias.whereCaller ?? {}).map(([column, key]) => [column, args.user[key] ?? []]));
    if (base === false) return false;
    return { ...(base === true ? {} : base), ...alias.where, ...mine, ...(await ownDepartmentsWhere(db, decl, alias, args.user)) };
  };
  const list = alias.ignoreBlankMeans ? { ...decl.list, filters: decl.list.filters.map(({ blankMeans: _blank, ...filter }) => filter) } : decl.list;
  return withAliasOptions(decl, alias, {
    ...decl,
    list,
    access: { ...decl.access, list: narrowed('list'), get: narrowed('get'), delete: narrowed('delete') },
    actions: [],
    publicOps: [],
    related: undefined,
    ordering: undefined,
    counters: undefined,
    reads: [],
    groupCounts: [],
    tallies: [],
    children: decl.children?.map(({ calls: _calls, ...child }) => child),
    childPages: [],
    api: {
      list: alias.list
        ? { ...api.list, path: alias.list, ...(alias.defaults ? { defaults: alias.defaults } : {}), ...(alias.requires ? { requires: alias.requires } : {}), ...(alias.ignore ? { ignore: alias.ignore } : {}) }
        : { ...api.list, servedBy: 'module' },
      get: at(api.get, alias.get) as ResourceApi['get'],
      delete: at(api.delete, alias.delete),
    },
  });
}

type CrudSchemas = ReturnType<typeof crudRouteSchemas>;

/** The create and update calls: one path for both, or each its own (a citizen's op may share the update path). */
function registerSaveRoutes(app: FastifyInstance, decl: ResourceDecl, route: RouteFn, schemas: CrudSchemas): void {
  const { api, permissions } = decl;
  // Saves declared with `params: 'query'` (栏目's, as the spec says) take the query's fields over the body's.
  const fieldsOf = (request: FastifyRequest) => (api.create?.params === 'query' || api.update?.params === 'query' ? { ...bodyOf(request), ...queryOf(request) } : bodyOf(request));
  const pages = republishOf(decl);
  const save = async (request: FastifyRequest, mode: SaveMode) => {
    const body = withoutMasked(decl, fieldsOf(request));
    const target = saveTarget(decl, request, body, mode);
    const user = currentUser(request);
    if (target === null) return saveAnswer(app.db, decl, user, 'create', body, await createRecord(app.db, decl, user, body), api.create?.success ?? '新增成功');
    return saveAnswer(app.db, decl, user, 'update', body, await updateRecord(app.db, decl, user, target, body), api.update?.success ?? '修改成功');
  };
  const saveChecks = (mode: SaveMode) => (request: FastifyRequest) => {
    const body = fieldsOf(request);
    validateRecord(decl, body, saveTarget(decl, request, body, mode) === null ? 'create' : 'update');
  };

  if (api.create && api.update && (api.create.path === api.update.path || api.create.withId === 'update')) {
    // One path for both: the id in the body decides, and with it the permission key.
    route(api.create, schemas.save, {
      config: {
        permission: (request) => (bodyId(decl, (request.body ?? {}) as Record<string, unknown>) === null ? permissions.create : updateKey(decl, request)),
        invalidInput: saveChecks('either'),
        ...pages,
      },
      handler: (request) => save(request, 'either'),
    });
    // `withId: 'update'` beside its own update path (which then only updates).
    if (api.update.path !== api.create.path) route(api.update, schemas.update, { config: { permission: permissions.update, invalidInput: saveChecks('update'), ...pages }, handler: (r) => save(r, 'update') });
  } else {
    // A read-only resource (logs, public submissions) declares no create or update call.
    if (api.create) route(api.create, schemas.create, { config: { permission: permissions.create, invalidInput: saveChecks('create'), ...pages }, handler: (r) => save(r, 'create') });
    const citizen = publicOpOnUpdatePath(decl);
    if (api.update && citizen) {
      // A citizen's call on the update path (no id; public) and the staff update (an id; login and key checked here).
      const hasId = (request: FastifyRequest) => bodyId(decl, bodyOf(request)) !== null;
      route(api.update, schemas.update, {
        // The schema describes the staff update; a citizen's body is checked by the op's own `check`.
        config: { public: true, invalidInput: (request) => (hasId(request) ? saveChecks('update')(request) : undefined) },
        handler: async (request) => {
          if (!hasId(request)) return runPublicOp(app, decl, citizen, request);
          await requireStaff(app, request, permissions.update);
          return save(request, 'update');
        },
      });
    } else if (api.update) route(api.update, schemas.update, { config: { permission: permissions.update, invalidInput: saveChecks('update'), ...pages }, handler: (r) => save(r, 'update') });
  }
}

/** The delete call. */
function registerDeleteRoute(app: FastifyInstance, decl: ResourceDecl, route: RouteFn, schemas: CrudSchemas): void {
  const { api, permissions } = decl;
  // The key parameter: `ids` (or `idsParam`); one `id` for a per-record delete or, with `orId`, when no ids come.
  const deleteIds = (request: FastifyRequest) => {
    const del = api.delete;
    if (del?.perRecord) return [readKey(request, del, del.idsParam ?? decl.idField)];
    const name = del?.idsParam ?? 'ids';
    if (del?.orId && param(request, name) === undefined && param(request, decl.idField) !== undefined) return [readId(request, decl.idField)];
    return readIds(request, name);
  };
  if (api.delete && api.delete.servedBy !== 'module') route(api.delete, schemas.delete, {
    config: { permission: permissions.delete, invalidInput: deleteIds, ...republishOf(decl) },
    handler: async (request) => {
      const count = await deleteRecords(app.db, decl, currentUser(request), deleteIds(request));
      return ok(api.delete?.answer === 'none' ? null : count, '删除成功');
    },
  });
}
