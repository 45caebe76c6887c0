import { isVirtualField } from '../../resources/shape/fields.js';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { RecordData } from '../../resources/behaviour.js';
import type { ApiCall, ResourceDecl } from '../../resources/types.js';
import type { DynamicDb as Db, Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { currentUser, type PortalUser } from '../http/fastifyTypes.js';
import { bodyOf } from '../http/params.js';
import { applyWhere, hookContext, readOut, recordsWhere } from './behaviour.js';
import { crudRouteSchemas, type RouteSchema } from './schema/routeSchemas.js';
import { createRecord, updateRecord } from './service.js';
import { validateRecord } from './validate.js';

export type RouteFn = (call: ApiCall, schema: RouteSchema, options: { config: FastifyContextConfig; handler: (request: FastifyRequest) => Promise<unknown> }) => unknown;

/** The answer of a save: the record with what the `afterSave` hooks add, and their message (else `message`). */
export async function saveAnswer(db: Db, decl: ResourceDecl, user: PortalUser, operation: 'create' | 'update', body: RecordData, record: RecordData, message: string) {
  let data = record;
  let text = message;
  const hooks = decl.hooks?.afterSave ?? [];
  const ctx = hooks.length ? hookContext(db, decl, user) : undefined;
  for (const hook of hooks) {
    const answer = await hook({ operation, body, record: data, ctx: ctx as NonNullable<typeof ctx> });
    if (answer?.data) data = { ...data, ...answer.data };
    if (answer?.message) text = answer.message;
  }
  return ok(data, text);
}

/** The declared defaults of every stored field, the key null: a singleton never saved. */
function defaults(decl: ResourceDecl): Row {
  const out: Row = { [decl.idField]: null };
  for (const f of decl.fields) if (f.name !== decl.idField && !isVirtualField(f)) out[f.name] = f.default ?? null;
  return out;
}

async function firstRow(db: Db, decl: ResourceDecl, user: PortalUser, operation: 'get' | 'update'): Promise<Row | undefined> {
  const where = await recordsWhere(decl, operation, user, db);
  return (await applyWhere(db.selectFrom(decl.table).selectAll(), where).orderBy(decl.idField, 'asc').limit(1).executeTakeFirst()) as Row | undefined;
}

/** The one record (the lowest id), its empty values filled from the declared defaults. */
export async function readSingleton(db: Db, decl: ResourceDecl, user: PortalUser): Promise<Row> {
  const row = await firstRow(db, decl, user, 'get');
  const out = defaults(decl);
  for (const [k, v] of Object.entries(row ?? {})) if (v !== null && v !== undefined) out[k] = v;
  return readOut(decl, user, out);
}

/** A singleton's two calls: get (no id) and save (no id; the first save creates the record). */
export function registerSingletonRoutes(app: FastifyInstance, decl: ResourceDecl, route: RouteFn): void {
  const { api, permissions } = decl;
  const schemas = crudRouteSchemas(decl);
  // No key: any search object (or none) asks for the one record.
  const anyObject = { type: ['object', 'null'], additionalProperties: true };
  const { body: _body, querystring: _query, ...getDoc } = schemas.get;
  route(api.get, { ...getDoc, ...((api.get.method ?? 'POST') === 'GET' ? { querystring: anyObject } : { body: anyObject }) }, {
    config: { permission: permissions.get },
    handler: async (request) => ok(await readSingleton(app.db, decl, currentUser(request))),
  });
  if (!api.update) return;
  route(api.update, schemas.update, {
    config: { permission: permissions.update, invalidInput: (request) => validateRecord(decl, bodyOf(request), 'update') },
    handler: async (request) => {
      const body = bodyOf(request);
      const user = currentUser(request);
      const row = await firstRow(app.db, decl, user, 'update');
      const operation = row ? 'update' : 'create';
      if (row) await updateRecord(app.db, decl, user, Number(row[decl.idField]), body);
      else await createRecord(app.db, decl, user, body);
      return saveAnswer(app.db, decl, user, operation, body, await readSingleton(app.db, decl, user), '保存成功');
    },
  });
}
