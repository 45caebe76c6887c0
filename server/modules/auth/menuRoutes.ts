import type { FastifyInstance } from 'fastify';
import { menuForUser } from '../../auth/menuTree.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { NO_INPUT } from '../../http/routeInput.js';

/** POST /menu/list: the menus and button keys of the caller in the calling app. */
export async function menuRoutes(app: FastifyInstance) {
  app.post('/menu/list', { schema: NO_INPUT, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    return ok(await menuForUser(app.db, user.roleIds, user.appKey));
  });
}
