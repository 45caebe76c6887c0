import type { ResourceDecl } from '../../resources/types.js';
import { envelope, pageOf, recordSchema, saveBodySchema, searchSchema, type JsonSchema } from './schemas.js';

export const OPENAPI_PATH = '/api/openapi.json';

type Operation = { tags: string[]; summary: string; 'x-permission'?: string; requestBody?: unknown; parameters?: unknown[]; responses: unknown };
type Paths = Record<string, Record<string, Operation>>;

const ref = (decl: ResourceDecl) => ({ $ref: `#/components/schemas/${decl.name}` });
const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
const answer = (data: JsonSchema) => ({ 200: { description: '信封：errorCode "0" 为成功，否则 errorMsg 为中文原因', ...json(envelope(data)) } });

/** `{id}` in a declared path is OpenAPI's path parameter already; a query key becomes a parameter. */
function keyParams(location: string, name: string) {
  if (location === 'query') return [{ name, in: 'query', required: true, schema: { type: 'string' } }];
  if (location === 'path') return [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }];
  return undefined;
}

function add(paths: Paths, path: string, method: string | undefined, op: Operation) {
  const at = (paths[path] ??= {});
  at[(method ?? 'POST').toLowerCase()] = op;
}

/** The calls of one declaration: CRUD, extra calls and declared actions, with their permission keys. */
function declPaths(paths: Paths, decl: ResourceDecl) {
  const tags = [decl.label];
  const { api, permissions } = decl;
  const list = api.list.shape === 'array' ? { type: 'array', items: ref(decl) } : pageOf(ref(decl));
  add(paths, api.list.path, api.list.method, { tags, summary: `${decl.label}列表`, 'x-permission': permissions.list, requestBody: json(searchSchema(decl)), responses: answer(list) });
  const idName = api.get.idParam ?? decl.idField;
  add(paths, api.get.path, api.get.method, {
    tags,
    summary: `${decl.label}详情`,
    'x-permission': permissions.get,
    parameters: keyParams(api.get.id, idName),
    ...(api.get.id === 'body' && { requestBody: json({ type: 'object', required: [idName], properties: { [idName]: { type: 'integer' } } }) }),
    responses: answer(ref(decl)),
  });
  if (api.create) add(paths, api.create.path, api.create.method, { tags, summary: api.update?.path === api.create.path ? `新增或修改${decl.label}（带ID为修改）` : `新增${decl.label}`, 'x-permission': permissions.create, requestBody: json(saveBodySchema(decl, false)), responses: answer(ref(decl)) });
  if (api.update && api.update.path !== api.create?.path) add(paths, api.update.path, api.update.method, { tags, summary: `修改${decl.label}`, 'x-permission': permissions.update, requestBody: json(saveBodySchema(decl, true)), responses: answer(ref(decl)) });
  if (api.delete) {
    const name = api.delete.idsParam ?? (api.delete.perRecord ? 'id' : 'ids');
    add(paths, api.delete.path, api.delete.method, {
      tags,
      summary: `删除${decl.label}`,
      'x-permission': permissions.delete,
      parameters: keyParams(api.delete.ids, name),
      ...(api.delete.ids === 'body' && { requestBody: json({ type: 'object', required: [name], properties: { [name]: api.delete.perRecord ? { type: 'integer' } : { type: 'array', items: { type: 'integer' } } } }) }),
      responses: answer({ type: 'integer', description: '删除的条数' }),
    });
  }
  for (const [name, call] of Object.entries(api.extra ?? {})) add(paths, call.path, call.method, { tags, summary: `${decl.label}：${call.label}（${name}）`, 'x-permission': permissions.list, responses: answer({}) });
  for (const a of decl.actions ?? []) {
    const target = a.scope === 'bulk' ? { ids: { type: 'array', items: { type: 'integer' } } } : a.scope === 'none' ? {} : { id: { type: 'integer' } };
    add(paths, a.path, a.method, {
      tags,
      summary: `${decl.label}：${a.label}${a.confirm ? `（需确认：${a.confirm}）` : ''}`,
      'x-permission': a.permission,
      requestBody: json({ type: 'object', properties: target }),
      responses: a.download ? { 200: { description: `文件 ${a.download}`, content: { 'application/octet-stream': {} } } } : answer({}),
    });
  }
}

/**
 * The OpenAPI 3.1 document of the API: every declaration's calls with request and record schemas from
 * its fields, then every other registered route (modules) with the envelope only.
 */
export function openApiDocument(decls: readonly ResourceDecl[], routes: readonly { method: string; url: string }[]): JsonSchema {
  const paths: Paths = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const decl of decls) {
    schemas[decl.name] = recordSchema(decl);
    declPaths(paths, decl);
  }
  for (const r of routes) {
    const method = r.method.toLowerCase();
    if (method === 'head' || method === 'options' || r.url.includes('*')) continue;
    const url = r.url.replace(/:(\w+)/g, '{$1}');
    if (paths[url]?.[method]) continue;
    (paths[url] ??= {})[method] = { tags: ['模块接口'], summary: url, responses: answer({}) };
  }
  return {
    openapi: '3.1.0',
    info: { title: '县政府门户网站后台接口', version: '1.0.0', description: '请求头：Authorization（登录令牌）、appKey、clientId、version。所有JSON应答为信封 { errorCode, errorMsg, data }。' },
    components: { schemas, securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    security: [{ token: [] }],
    paths,
  };
}
