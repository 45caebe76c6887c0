import type { FastifySchema } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import type { JsonSchema } from '../crud/schema/fields.js';
import { saveBodySchema } from '../crud/schema/routeSchemas.js';
import { listSearchSchema } from '../crud/schema/searchSchema.js';

/**
 * Request schemas of the module routes (issue 19): descriptive, for /api/openapi.json. A module route is
 * registered with `schema: …, attachValidation: true`, so a schema mismatch never refuses anything: the
 * handler's own checks answer in Chinese as before. The app's Ajv never coerces, fills defaults or drops
 * keys (server/crud/schema/ajv.ts), so what the handler sees is unchanged too.
 *
 *   schema: describeInput({ body: { id: ID, title: ['string', '标题'] } })
 *
 * Where the handler reads a value: `path` (a path parameter), `query` (the query string), `body` (the JSON body), `either`
 * (server/http/params.ts's `param`/`readId`/`readIds` and `searchOf`: the query first, then the body).
 */

/** The kinds of value the handlers read. Numbers are accepted as digit strings too (a query string is text). */
const KINDS = {
  integer: { type: ['integer', 'string', 'null'], pattern: '^\\s*-?\\d+\\s*$' },
  number: { type: ['number', 'string', 'null'] },
  string: { type: ['string', 'null'] },
  text: { type: ['string', 'number', 'null'] },
  datetime: { type: ['string', 'null'], examples: ['2026-01-01 08:00:00'] },
  ids: { type: ['array', 'integer', 'string', 'null'], items: { type: ['integer', 'string'] } },
  array: { type: ['array', 'null'] },
  object: { type: ['object', 'null'] },
  any: {},
} as const satisfies Record<string, JsonSchema>;

export type InputKind = keyof typeof KINDS;
export type InputField = readonly [kind: InputKind, description: string];
export type InputFields = Readonly<Record<string, InputField>>;
export interface InputPlaces {
  /** The route's path parameters (`/column/get/:id`). */
  path?: InputFields;
  query?: InputFields;
  body?: InputFields;
  either?: InputFields;
}

/** Values many routes read, described once. */
export const ID: InputField = ['integer', '记录ID'];
export const IDS: InputField = ['ids', '记录ID的数组，或以逗号分隔的字符串'];
export const PAGING: InputFields = {
  pageNumber: ['integer', '页码，从1开始，默认1'],
  pageNum: ['integer', '页码（同 pageNumber）'],
  pageSize: ['integer', '每页条数，默认10'],
};
/** The public guard's image code (server/public/guard.ts), read from the query or the body. */
export const CAPTCHA: InputFields = { verifyCode: ['string', '图片验证码'], codeId: ['string', '验证码ID（GET /user/captcha?codeId=…）'] };
export const TIME_RANGE: InputFields = { startTime: ['datetime', '起始时间（yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss）'], endTime: ['datetime', '截止时间'] };

const propertiesOf = (fields: InputFields, where: string): Record<string, JsonSchema> =>
  Object.fromEntries(Object.entries(fields).map(([name, [kind, description]]) => [name, { ...KINDS[kind], description: where ? `${description}${where}` : description }]));

// No root `type` for a body: a route may be called with no body at all, or read the key from the query.
const objectOf = (properties: Record<string, JsonSchema>): JsonSchema => ({ additionalProperties: true, properties });

/** A route's request schema from where and what it reads. */
export function describeInput(places: InputPlaces): FastifySchema {
  const either = places.either ?? {};
  const hasEither = Object.keys(either).length > 0;
  const query = { ...(places.query && propertiesOf(places.query, '')), ...(hasEither && propertiesOf(either, '（查询参数或请求体）')) };
  const body = { ...(places.body && propertiesOf(places.body, '')), ...(hasEither && propertiesOf(either, '（查询参数或请求体）')) };
  const schema: FastifySchema = {};
  if (Object.keys(query).length) schema.querystring = { type: 'object', ...objectOf(query) };
  if (Object.keys(body).length || places.body) schema.body = objectOf(body);
  if (places.path) schema.params = { type: 'object', properties: propertiesOf(places.path, '（路径参数）') };
  return schema;
}

/** A route that reads nothing from the request (the body, if any, is ignored). */
export const NO_INPUT: FastifySchema = { body: { description: '无参数' } };

/** A GET route that reads nothing: described by an empty query. */
export const NO_QUERY: FastifySchema = { querystring: { type: 'object', additionalProperties: true, properties: {}, description: '无参数' } };

const merged = (base: JsonSchema, extra?: InputFields): JsonSchema =>
  extra ? { ...base, properties: { ...(base.properties as Record<string, JsonSchema>), ...propertiesOf(extra, '') } } : base;

/**
 * A module route that reads a declaration's search values (`searchOf`: query and body) or saves its
 * fields (`validateRecord`): the generic routes' own descriptions of them, plus what else it reads.
 */
export function declaredInput(decl: ResourceDecl, what: 'list' | 'create' | 'update' | 'save', extra?: InputFields): FastifySchema {
  if (what === 'list') {
    const search = merged(listSearchSchema(decl), extra);
    return { querystring: { ...search, type: 'object' }, body: search };
  }
  return { body: merged(saveBodySchema(decl, what), extra) };
}

/** A public "top N" call reading `size` (readSize: query or body). */
export const sizeInput = (fallback: number, max: number): FastifySchema => describeInput({ either: { size: ['integer', `条数，默认${fallback}，最多${max}`] } });
