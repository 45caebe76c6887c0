import type { FastifySchema } from 'fastify';
import type { ApiCall, ResourceDecl } from '../../resources/types.js';
import type { JsonSchema } from '../crud/schema/fields.js';
import { crudRouteSchemas, envelope, recordSchema, type RouteSchema } from '../crud/schema/routeSchemas.js';

export const OPENAPI_PATH = '/api/openapi.json';

type Operation = Record<string, unknown>;
type Paths = Record<string, Record<string, Operation>>;
interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ANSWER = '信封：errorCode "0" 为成功，否则 errorMsg 为中文原因';

/** An OpenAPI operation from a route's Fastify schema: the same object the route validates and serializes with. */
export function operationOf(schema: FastifySchema, fallbackTags: string[]): Operation {
  const { body, querystring, params, response, tags, ...annotations } = schema as Partial<RouteSchema> & { params?: JsonSchema };
  const query = (querystring as JsonSchema | undefined)?.properties as Record<string, JsonSchema> | undefined;
  const inPath = params?.properties as Record<string, JsonSchema> | undefined;
  const parameters = [
    ...Object.entries(inPath ?? {}).map(([name, s]) => ({ name, in: 'path', required: true, schema: s })),
    ...Object.entries(query ?? {}).map(([name, s]) => ({ name, in: 'query', schema: s })),
  ];
  const ok = (response as Record<string, unknown> | undefined)?.[200];
  return {
    tags: tags ?? fallbackTags,
    ...annotations,
    ...((query || inPath) && { parameters }),
    ...(body !== undefined && { requestBody: json(body) }),
    responses: { 200: { description: ANSWER, ...json(ok ?? envelope({})) } },
  };
}

function add(paths: Paths, path: string, method: string | undefined, op: Operation) {
  const at = (paths[path] ??= {});
  at[(method ?? 'POST').toLowerCase()] ??= op;
}

/** What the declaration says beyond the generic routes: a module resource's CRUD calls, extra calls, actions. */
function declaredPaths(paths: Paths, decl: ResourceDecl) {
  const tags = [decl.label];
  const { api, permissions } = decl;
  if (decl.routes === 'module') {
    const s = crudRouteSchemas(decl);
    const doc = (call: ApiCall | undefined, schema: RouteSchema) => call && add(paths, call.path, call.method, { ...operationOf(schema, tags), 'x-served-by': 'module' });
    doc(api.list, s.list);
    doc(api.get, s.get);
    if (api.create && api.create.path === api.update?.path) doc(api.create, s.save);
    else if (api.create?.withId === 'update') {
      doc(api.create, s.save);
      doc(api.update, s.update);
    } else {
      doc(api.create, s.create);
      doc(api.update, s.update);
    }
    doc(api.delete, s.delete);
  }
  for (const [name, call] of Object.entries(api.extra ?? {})) add(paths, call.path, call.method, { tags, summary: `${decl.label}：${call.label}（${name}）`, 'x-permission': permissions.list, responses: { 200: { description: ANSWER, ...json(envelope({})) } } });
  for (const a of decl.actions ?? []) {
    const target = a.scope === 'bulk' ? { ids: { type: 'array', items: { type: 'integer' } } } : a.scope === 'none' ? {} : { id: { type: 'integer' } };
    add(paths, a.path, a.method, {
      tags,
      summary: `${decl.label}：${a.label}${a.confirm ? `（需确认：${a.confirm}）` : ''}`,
      'x-permission': a.permission,
      requestBody: json({ type: 'object', properties: target }),
      responses: a.download ? { 200: { description: `文件 ${a.download}`, content: { 'application/octet-stream': {} } } } : { 200: { description: ANSWER, ...json(envelope({})) } },
    });
  }
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * The OpenAPI 3.1 document of the API. A route registered with a schema (the generic routes) is described
 * by that schema itself; then what the declarations say of the paths modules serve; then every other
 * registered route with the envelope only.
 */
export function openApiDocument(decls: readonly ResourceDecl[], routes: readonly RouteEntry[]): JsonSchema {
  const paths: Paths = {};
  const schemas: Record<string, JsonSchema> = {};
  const usable = routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*'));
  for (const r of usable) if (r.schema) add(paths, openApiPath(r.url), r.method, operationOf(r.schema, ['模块接口']));
  for (const decl of decls) {
    schemas[decl.name] = recordSchema(decl);
    declaredPaths(paths, decl);
  }
  for (const r of usable) add(paths, openApiPath(r.url), r.method, { tags: ['模块接口'], summary: r.url, responses: { 200: { description: ANSWER, ...json(envelope({})) } } });
  return {
    openapi: '3.1.0',
    info: {
      title: '县政府门户网站后台接口',
      version: '1.0.0',
      description:
        '请求头：Authorization（登录令牌）、appKey、clientId、version。所有JSON应答为信封 { errorCode, errorMsg, data }。' +
        '通用接口的请求与应答结构就是服务端校验与序列化所用的 JSON Schema（x-maxChars：去掉标签后的最多字符数）。',
    },
    components: { schemas, securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    security: [{ token: [] }],
    paths,
  };
}
