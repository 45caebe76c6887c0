import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import type { ApiCall, KeyLocation, ResourceDecl } from '../resources/types';
import { findAction, findExtraCall } from '../resources/declaredCalls';
import { searchValues } from '../resources/calls/filterValues';
import { changedFields, withoutUndefined } from './diff';
import { missingParameterMessage, PortalError } from './errors';
import { downloadExcel } from './excel';
import { isCreatePath, newIdempotencyKey } from './idempotency';
import { withPageCalls } from './pageCalls';
import { emitErrorToast, emitWarningToast } from './notices';
import type { ExtraCallParams, HttpClient, Page, PortalDataProviderExtras } from './types';

/** react-admin's data provider speaking the portal's calls, driven by the resource declarations. */

export type PortalDataProvider = DataProvider & PortalDataProviderExtras;

const NOTHING_CHANGED = '未修改任何内容，不需要提交';
const INVALID_ID = '无效的id-key';
const DEFAULT_PAGE_SIZE = 10;

type AnyRecord = Record<string, unknown>;

export function createDataProvider(http: HttpClient, resources: readonly ResourceDecl[]): PortalDataProvider {
  const byName = new Map(resources.map((decl) => [decl.name, decl]));

  function declFor(resource: string): ResourceDecl {
    const decl = byName.get(resource);
    if (!decl) throw new PortalError(`Unknown resource: ${resource}`);
    return decl;
  }

  function callDeclared<T = unknown>(call: ApiCall, params: ExtraCallParams = {}): Promise<T> {
    const idempotencyKey = params.idempotencyKey ?? (isCreatePath(call.path, call.method) ? newIdempotencyKey() : undefined);
    return http.request<T>({ path: fillPath(call.path, params.path), method: call.method, query: params.query, body: params.body, required: params.required, silent: params.silent, idempotencyKey });
  }

  function extraCall(resource: string, name: string): ApiCall {
    const call = findExtraCall(declFor(resource), name);
    if (!call) throw new PortalError(`Unknown call ${name} of resource ${resource}`);
    return call;
  }

  /** react-admin needs `id`; the declaration names the real key field. */
  function withId(decl: ResourceDecl, record: AnyRecord): RaRecord {
    return { ...record, id: record[decl.idField] as RaRecord['id'] };
  }

  async function getList(resource: string, params: GetListParams) {
    const decl = declFor(resource);
    const page = params.pagination?.page ?? 1;
    const perPage = params.pagination?.perPage ?? DEFAULT_PAGE_SIZE;
    const body: AnyRecord = { [decl.api.pageParam ?? 'pageNum']: page, pageSize: perPage };
    // react-admin sorts by `id` when a list names no sort; send only what the declaration allows, so
    // the server's default order applies instead of a refused field.
    const sort = params.sort;
    if (sort?.field && decl.list.sortable.includes(sort.field)) {
      body.sortField = sort.field;
      body.sortOrder = sort.order === 'ASC' ? 'ASC' : 'DESC';
    }
    const { call, filter } = listSource(decl, params.filter);
    Object.assign(body, cleanFilters(searchValues(decl, filter)));
    const reply = await http.request<Page<AnyRecord> | AnyRecord[] | null>({ ...callTarget(call), ...fieldsIn(call, body) });
    if (Array.isArray(reply)) {
      // An unpaged list call (`shape: 'array'`) answers every record: page it here.
      const start = (page - 1) * perPage;
      return { data: reply.slice(start, start + perPage).map((record) => withId(decl, record)), total: reply.length };
    }
    // Columns answered by a call for the shown page's ids (FieldDecl.pageCall: 用户's 发文数).
    const list = await withPageCalls(http, decl, reply?.list ?? []);
    return { data: list.map((record) => withId(decl, record)), total: reply?.totalRow ?? list.length };
  }

  async function fetchOne(decl: ResourceDecl, id: unknown): Promise<RaRecord> {
    const call = decl.api.get;
    const key = isBlankId(id) ? undefined : (id as string | number);
    const name = call.idParam ?? 'id';
    const record = await http.request<AnyRecord | null>({
      ...keyIn(call, call.id, name, key),
      required: call.id === 'path' ? [] : [name],
    });
    if (!record) throw new PortalError(`${decl.label} ${String(id)} not found`, { errorCode: '1003' });
    return withId(decl, record);
  }

  async function deleteIds(decl: ResourceDecl, ids: readonly unknown[]): Promise<void> {
    const call = declaredCall(decl, 'delete');
    const keys = ids.filter((id) => !isBlankId(id)) as (string | number)[];
    if (call.perRecord) {
      // The call deletes one record: one call per id, one after the other so a refusal stops the rest.
      const name = call.idsParam ?? 'id';
      if (keys.length === 0) throw missingKey(name);
      for (const key of keys) await http.request({ ...keyIn(call, call.ids, name, key), required: call.ids === 'path' ? [] : [name] });
      return;
    }
    const name = call.idsParam ?? 'ids';
    await http.request({
      ...keyIn(call, call.ids, name, keys.length ? (call.ids === 'body' ? keys : keys.join(',')) : undefined),
      required: [name],
    });
  }

  /** Sends `{ [idField]: id, ...changed }`; refuses locally when there is no id or nothing changed. */
  async function updateOne(
    decl: ResourceDecl,
    id: unknown,
    data: AnyRecord,
    previousData: AnyRecord | undefined,
  ): Promise<RaRecord> {
    if (isBlankId(id)) throw warn(INVALID_ID);
    // `id` is our alias of the key field, never a field of its own when the key is named otherwise.
    const ignore = decl.idField === 'id' ? ['id'] : ['id', decl.idField];
    const changed = changedFields(data, previousData, ignore);
    if (Object.keys(changed).length === 0) throw warn(NOTHING_CHANGED);
    const call = declaredCall(decl, 'update');
    const reply = await http.request<unknown>({ ...callTarget(call), ...fieldsIn(call, { [decl.idField]: id, ...changed }) });
    const merged: AnyRecord = { ...previousData, ...data, [decl.idField]: id };
    if (isRecord(reply)) Object.assign(merged, reply);
    return withId(decl, merged);
  }

  const provider: PortalDataProvider = {
    getList,

    async getOne(resource: string, params: GetOneParams) {
      return { data: await fetchOne(declFor(resource), params.id) };
    },

    async getMany(resource: string, params: GetManyParams) {
      const decl = declFor(resource);
      // No batch get call exists in the contract; pages of references are small.
      return { data: await Promise.all(params.ids.map((id) => fetchOne(decl, id))) };
    },

    async getManyReference(resource: string, params: GetManyReferenceParams) {
      return getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async create(resource: string, params: CreateParams) {
      const decl = declFor(resource);
      const data = withoutUndefined(params.data as AnyRecord);
      const call = declaredCall(decl, 'create');
      // The form's key (react-admin passes `meta`), so a repeated submit of one form stores one record.
      const meta = params.meta as { idempotencyKey?: string } | undefined;
      const reply = await http.request<unknown>({ ...callTarget(call), ...fieldsIn(call, data), idempotencyKey: meta?.idempotencyKey ?? newIdempotencyKey() });
      // The add call may answer the saved record, only its id, or nothing.
      const saved: AnyRecord = isRecord(reply)
        ? { ...data, ...reply }
        : reply === null || reply === undefined
          ? data
          : { ...data, [decl.idField]: reply };
      return { data: withId(decl, saved) };
    },

    async update(resource: string, params: UpdateParams) {
      const decl = declFor(resource);
      const data = await updateOne(decl, params.id, params.data as AnyRecord, params.previousData as AnyRecord);
      return { data };
    },

    async updateMany(resource: string, params: UpdateManyParams) {
      const decl = declFor(resource);
      // No previous values here: every given field counts as changed.
      const data = withoutUndefined(params.data as AnyRecord);
      for (const id of params.ids) {
        await updateOne(decl, id, data, undefined);
      }
      return { data: params.ids };
    },

    async delete(resource: string, params: DeleteParams) {
      const decl = declFor(resource);
      await deleteIds(decl, [params.id]);
      const previous = (params.previousData ?? { [decl.idField]: params.id }) as AnyRecord;
      return { data: withId(decl, { [decl.idField]: params.id, ...previous }) };
    },

    async deleteMany(resource: string, params: DeleteManyParams) {
      // One call with every id: the dels calls take a list.
      await deleteIds(declFor(resource), params.ids);
      return { data: params.ids };
    },

    call: callDeclared,

    async callExtra<T = unknown>(resource: string, extraName: string, params: ExtraCallParams = {}) {
      return callDeclared<T>(extraCall(resource, extraName), params);
    },

    downloadExtra(resource: string, extraName: string, params: ExtraCallParams, fallbackName: string) {
      const call = extraCall(resource, extraName);
      return downloadExcel(http, fillPath(call.path, params.path), params.body, fallbackName, call.method);
    },


    async runAction<T = unknown>(resource: string, actionName: string, params: { id?: number | string; ids?: readonly (number | string)[]; body?: Record<string, unknown>; at?: string } = {}) {
      const decl = declFor(resource);
      const action = findAction(decl, actionName);
      if (!action) throw new PortalError(`Unknown action ${actionName} of resource ${resource}`);
      // The body as the action declares it: fixed values, the inputs, the key under its spec name.
      const values: Record<string, unknown> = { ...(action.call?.values ?? {}), ...(params.body ?? {}) };
      if (params.id !== undefined) values[action.call?.idParam ?? 'id'] = params.id;
      if (params.ids !== undefined) values.ids = params.ids;
      // `call.at`: one of the action's own copies (alsoAt), never a path of its own.
      // `params.at` (the record's route, `call.atFor`): a path of one of the declaration's actions or their copies.
      const declared = (at: string | undefined) => !!at && (decl.actions ?? []).some((a) => a.path === at || a.alsoAt?.some((c) => c.path === at));
      const path = declared(params.at) ? params.at! : action.alsoAt?.some((a) => a.path === action.call?.at) ? action.call!.at! : action.path;
      if (action.method === 'GET') {
        const query = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
        return http.request<T>({ path, method: 'GET', query });
      }
      return http.request<T>({ path, method: action.method, body: values });
    },

    exportExcel(path: string, body: unknown, fallbackName: string) {
      return downloadExcel(http, path, body, fallbackName);
    },
  } as PortalDataProvider;

  return provider;
}

/** The call of the list's chosen tab (`list.sources`), and the filter without the tab's value. */
function listSource(decl: ResourceDecl, filter: unknown): { call: ApiCall; filter: Record<string, unknown> | undefined } {
  const sources = decl.list.sources;
  if (!isRecord(filter)) return { call: decl.api.list, filter: undefined };
  if (!sources) return { call: decl.api.list, filter };
  const { [sources.param]: chosen, ...rest } = filter;
  const name = sources.tabs.find((t) => t.value === String(chosen ?? ''))?.call;
  if (!name) return { call: decl.api.list, filter: rest };
  const call = findExtraCall(decl, name);
  if (!call) throw new PortalError(`Unknown call ${name} of resource ${decl.name}`);
  return { call, filter: rest };
}

/** Search forms drop empty strings, empty arrays and unset values (spec part 1 §1 of the design). */
/** Puts path values into the `{name}` placeholders of a declared path; a missing value is a programming error. */
export function fillPath(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new PortalError(missingParameterMessage(name));
    return encodeURIComponent(String(value));
  });
}

export function cleanFilters(filter: unknown): AnyRecord {
  const out: AnyRecord = {};
  if (!isRecord(filter)) return out;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** The declared create/update/delete call; a read-only resource declares none, and nothing is sent. */
function declaredCall<K extends 'create' | 'update' | 'delete'>(decl: ResourceDecl, kind: K): NonNullable<ResourceDecl['api'][K]> {
  const call = decl.api[kind];
  if (!call) throw new PortalError(`${decl.label}不支持此操作`, { errorCode: 'unsupported' });
  return call as NonNullable<ResourceDecl['api'][K]>;
}

function callTarget(call: ApiCall): { path: string; method: 'GET' | 'POST' | undefined } {
  return { path: call.path, method: call.method };
}

type QueryValue = string | number | boolean | undefined | null;

/** A save's or search's values: as the JSON body (required), or as query values where declared. */
function fieldsIn(call: ApiCall, values: AnyRecord): { body?: AnyRecord; query?: Record<string, QueryValue>; required?: string[] } {
  if (call.params !== 'query') return { body: values, required: ['body'] };
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(values)) {
    query[key] = isRecord(value) || Array.isArray(value) ? JSON.stringify(value) : (value as QueryValue);
  }
  return { query };
}

/** Puts a key (or a key list) where the call takes it: query value, body field, or `{id}` in the path. */
function keyIn(call: ApiCall, where: KeyLocation, name: string, key: unknown) {
  if (where === 'path') {
    if (key === undefined) throw missingKey(name);
    return { path: call.path.replace('{id}', encodeURIComponent(String(key))), method: call.method };
  }
  if (where === 'query') return { ...callTarget(call), query: { [name]: key as QueryValue } };
  return { ...callTarget(call), body: { [name]: key } };
}

function missingKey(name: string): PortalError {
  emitErrorToast(missingParameterMessage(name));
  return new PortalError(missingParameterMessage(name), { notified: true });
}

function isBlankId(id: unknown): boolean {
  return id === undefined || id === null || id === '';
}

function isRecord(value: unknown): value is AnyRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function warn(message: string): PortalError {
  emitWarningToast(message);
  return new PortalError(message, { level: 'warning', notified: true });
}
