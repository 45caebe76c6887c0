import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { readId } from '../../../http/params.js';
import type { ApplyInputs } from './inputs.js';

/** Public: the departments an application may go to (the application and the lookups are the entity's public ops). */
export function applyPublicRoutes(app: FastifyInstance, I: ApplyInputs) {
  const db = app.db;
  app.post('/web/apply/dept/list', { config: { public: true }, schema: I.none, attachValidation: true }, async () =>
    ok(await db.selectFrom('departments').select(['id', 'name', 'phone', 'parentId']).orderBy('sort').orderBy('id').execute()),
  );
  app.post('/web/apply/dept', { config: { public: true }, schema: I.id, attachValidation: true }, async (request) => {
    const d = await db.selectFrom('departments').select(['id', 'name', 'phone', 'desc', 'parentId']).where('id', '=', readId(request)).executeTakeFirst();
    if (!d) throw notFoundRecord();
    return ok(d);
  });
}
