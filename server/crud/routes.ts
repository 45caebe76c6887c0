import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiCall, ResourceDecl } from '../../resources/types.js';
import { ok } from '../http/envelope.js';
import { notFoundRecord } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { bodyOf, queryOf, readId, readIds } from '../http/params.js';
import { registerActionRoutes } from './actions.js';
import { createRecord, deleteRecords, getRecord, listRecords, updateRecord } from './service.js';

const methodOf = (call: ApiCall) => call.method ?? 'POST';

/** Search parameters: the JSON body, with query values as a fallback. */
export function searchOf(request: FastifyRequest): Record<string, unknown> {
  return { ...queryOf(request), ...bodyOf(request) };
}

function bodyId(decl: ResourceDecl, body: Record<string, unknown>): number | null {
  const raw = body[decl.idField];
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : -1;
}

/** The five calls of a plain entity, each behind the declaration's permission key. */
export function registerCrudRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  // Declared actions with `run` are served here for module resources too.
  registerActionRoutes(app, decl);
  // A domain module serves the declared paths of a `module` resource itself.
  if (decl.routes === 'module') return;
  const { api, permissions } = decl;

  app.route({
    method: methodOf(api.list),
    url: api.list.path,
    config: { permission: permissions.list },
    handler: async (request) => ok(await listRecords(app.db, decl, currentUser(request), searchOf(request))),
  });

  app.route({
    method: methodOf(api.get),
    url: api.get.path,
    config: { permission: permissions.get },
    handler: async (request) => ok(await getRecord(app.db, decl, currentUser(request), readId(request, decl.idField))),
  });

  const save = async (request: FastifyRequest, mode: 'create' | 'update' | 'either') => {
    const body = bodyOf(request);
    const id = bodyId(decl, body);
    const user = currentUser(request);
    if (mode === 'create' || (mode === 'either' && id === null)) return ok(await createRecord(app.db, decl, user, body), '新增成功');
    const target = id ?? readId(request, decl.idField);
    if (target < 0) throw notFoundRecord();
    return ok(await updateRecord(app.db, decl, user, target, body), '修改成功');
  };

  if (api.create && api.update && api.create.path === api.update.path) {
    // One path for both: the id in the body decides, and with it the permission key.
    app.route({
      method: methodOf(api.create),
      url: api.create.path,
      config: { permission: (request) => (bodyId(decl, (request.body ?? {}) as Record<string, unknown>) === null ? permissions.create : permissions.update) },
      handler: (request) => save(request, 'either'),
    });
  } else {
    // A read-only resource (logs, public submissions) declares no create or update call.
    if (api.create) app.route({ method: methodOf(api.create), url: api.create.path, config: { permission: permissions.create }, handler: (r) => save(r, 'create') });
    if (api.update) app.route({ method: methodOf(api.update), url: api.update.path, config: { permission: permissions.update }, handler: (r) => save(r, 'update') });
  }

  if (api.delete) app.route({
    method: methodOf(api.delete),
    url: api.delete.path,
    config: { permission: permissions.delete },
    handler: async (request) => ok(await deleteRecords(app.db, decl, currentUser(request), readIds(request)), '删除成功'),
  });
}
