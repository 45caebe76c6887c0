import { isVirtualField } from '../../../resources/shape/fields.js';
import type { FastifySchema } from 'fastify';
import type { FieldDecl, ResourceDecl } from '../../../resources/types.js';
import { SERVER_FIELDS } from '../validate.js';
import { fieldInput, fieldOutput, type JsonSchema } from './fields.js';
import { listSearchSchema } from './searchSchema.js';

/**
 * The Fastify schema of each generic route of a declaration: what the route validates (body or query)
 * and serializes (the envelope around the record, the page or the count), plus the OpenAPI annotations
 * (summary, tags, permission key). server/openapi/document.ts publishes these very objects.
 */
export interface RouteSchema extends FastifySchema {
  summary: string;
  tags: string[];
  'x-permission'?: string;
}

export type CrudOperation = 'list' | 'get' | 'create' | 'update' | 'save' | 'delete';

/** Fields a save writes: validate.ts skips the key, read-only, computed and server-filled ones. */
const writable = (decl: ResourceDecl, f: FieldDecl) => f.name !== decl.idField && !f.readOnly && !isVirtualField(f) && !SERVER_FIELDS.has(f.name);
const needed = (f: FieldDecl) => !!f.required && (f.default === undefined || f.default === null);

/** A record as answered: every declared field (virtual ones read-only), the joins, and whatever else the row holds. */
export function recordSchema(decl: ResourceDecl): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  if (!decl.fields.some((f) => f.name === decl.idField)) properties[decl.idField] = { type: 'integer', readOnly: true };
  for (const f of decl.fields) if (!f.writeOnly) properties[f.name] = fieldOutput(f);
  for (const j of decl.list.joins ?? []) properties[j.name] = { readOnly: true, title: `${j.table}.${j.column}` };
  // Rows may carry columns a module added and hooks may add values: never dropped.
  return { type: 'object', title: decl.label, additionalProperties: true, properties };
}

/** The envelope every JSON answer has (docs/api-conventions.md); `data` is null when errorCode is not "0". */
export function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    additionalProperties: true,
    required: ['errorCode', 'errorMsg'],
    properties: { errorCode: { type: 'string', description: '"0" 为成功' }, errorMsg: { type: 'string', description: '中文提示' }, data },
  };
}

const orNull = (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema.type, 'null'] });

export function pageSchema(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    additionalProperties: true,
    properties: { list: { type: 'array', items: item }, currPage: { type: 'integer' }, totalRow: { type: 'integer' }, totalPage: { type: 'integer' } },
  };
}

const answer = (data: JsonSchema) => ({ 200: envelope(data) });

/**
 * A save body. `mode`: create (required fields named), update (only what is present changes), or
 * save (one path for both: a body with the id updates). With `beforeValidate` hooks the body is only
 * known to be an object: the hooks may fill or convert fields, validate.ts checks after them.
 */
export function saveBodySchema(decl: ResourceDecl, mode: 'create' | 'update' | 'save'): JsonSchema {
  const keyDoc: JsonSchema = { title: '记录ID', description: mode === 'create' ? '不传' : mode === 'save' ? '带ID为修改，不带为新增' : '要修改的记录' };
  const fields = decl.fields.filter((f) => writable(decl, f));
  if (decl.hooks?.beforeValidate?.length) {
    // Named for the reader (OpenAPI) but not typed: the hooks come first and may take other shapes.
    const named: Record<string, JsonSchema> = Object.fromEntries(fields.map((f) => [f.name, { title: f.label }]));
    return { type: ['object', 'null'], additionalProperties: true, properties: { [decl.idField]: keyDoc, ...named } };
  }
  const properties: Record<string, JsonSchema> = { [decl.idField]: keyDoc };
  for (const f of fields) properties[f.name] = fieldInput(f, !!f.required);
  const required = fields.filter(needed).map((f) => f.name);
  const body: JsonSchema = { type: ['object', 'null'], additionalProperties: true, properties };
  if (!required.length || mode === 'update') return body;
  if (mode === 'create') return { ...body, required };
  // No id (absent, null or ''): a create, whose required fields must be there.
  return { ...body, if: { required: [decl.idField], properties: { [decl.idField]: { not: { enum: [null, ''] } } } }, else: { required } };
}

const idInput = { type: ['integer', 'string', 'null'], description: '记录ID（查询参数或请求体）' };
const idsInput = {
  type: ['array', 'integer', 'string', 'null'],
  items: { type: ['integer', 'string', 'null'] },
  description: '记录ID的数组，或以逗号分隔的字符串（查询参数或请求体）',
};
const inQuery = (name: string, schema: JsonSchema): JsonSchema => ({ type: 'object', properties: { [name]: { ...schema, type: ['string', 'array'], items: { type: 'string' } } } });
// No `type` at the root: the key may come from the query, and then the body is not read at all.
const inBody = (name: string, schema: JsonSchema): JsonSchema => ({ properties: { [name]: schema } });

/** Where a request's values go: the query string of a GET, the JSON body otherwise. */
const request = (method: string | undefined, schema: JsonSchema): Pick<FastifySchema, 'body' | 'querystring'> => ((method ?? 'POST') === 'GET' ? { querystring: schema } : { body: schema });

/** The schema of each generic route of the declaration (create/update/save by the paths it declares). */
export function crudRouteSchemas(decl: ResourceDecl): Record<CrudOperation, RouteSchema> {
  const { api, permissions, label } = decl;
  const tags = [label];
  const record = recordSchema(decl);
  // A tree answers its roots, each record with its `children` (records again).
  const node: JsonSchema = { ...record, properties: { ...(record.properties as Record<string, JsonSchema>), children: { type: ['array', 'null'], items: { type: 'object', additionalProperties: true } } } };
  const list = api.list.shape === 'tree' ? { type: ['array', 'null'], items: node } : api.list.shape === 'array' ? { type: ['array', 'null'], items: record } : orNull(pageSchema(record));
  const keyed = (method: string | undefined, name: string, schema: JsonSchema) => ((method ?? 'POST') === 'GET' ? { querystring: inQuery(name, schema) } : { body: inBody(name, schema) });
  return {
    list: { summary: `${label}列表`, tags, 'x-permission': permissions.list, ...request(api.list.method, listSearchSchema(decl)), response: answer(list) },
    get: { summary: `${label}详情`, tags, 'x-permission': permissions.get, ...keyed(api.get?.method, decl.idField, idInput), response: answer(orNull(record)) },
    create: { summary: `新增${label}`, tags, 'x-permission': permissions.create, ...request(api.create?.method, saveBodySchema(decl, 'create')), response: answer(orNull(record)) },
    update: { summary: `修改${label}`, tags, 'x-permission': permissions.update, ...request(api.update?.method, saveBodySchema(decl, 'update')), response: answer(orNull(record)) },
    save: { summary: `新增或修改${label}（带ID为修改）`, tags, 'x-permission': `${permissions.create} / ${permissions.update}`, ...request(api.create?.method, saveBodySchema(decl, 'save')), response: answer(orNull(record)) },
    delete: { summary: `删除${label}`, tags, 'x-permission': permissions.delete, ...keyed(api.delete?.method, api.delete?.perRecord ? (api.delete.idsParam ?? decl.idField) : (api.delete?.idsParam ?? 'ids'), api.delete?.perRecord ? idInput : idsInput), response: answer({ type: ['integer', 'null'], description: '删除的条数' }) },
  };
}
