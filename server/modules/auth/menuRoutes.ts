import type { FastifyInstance } from 'fastify';
import { menuForUser } from '../../auth/menuTree.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/fastifyTypes.js';

/** POST /menu/list: the menus and button keys of the caller in the calling app. */
export async function menuRoutes(app: FastifyInstance) {
  app.post('/menu/list', async (request) => {
    const user = currentUser(request);
    return ok(await menuForUser(app.db, user.roleIds, user.appKey));
  });
}
