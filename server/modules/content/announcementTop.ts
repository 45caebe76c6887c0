import type { FastifyInstance } from 'fastify';
import { dynamic } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { readSize } from '../../http/params.js';
import { declarationOf } from '../declarationLookup.js';
import { sizeInput } from '../../http/routeInput.js';

/** /announcement/getTop: published announcements for the portal home page. Public, no login. */
export async function announcementTopRoute(app: FastifyInstance) {
  const decl = declarationOf(app, 'announcement');
  if (!decl) return;
  app.post(decl.api.extra?.top?.path ?? '/announcement/getTop', { config: { public: true }, schema: sizeInput(5, 50), attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 5, 50);
    const list = await dynamic(app.db)
      .selectFrom(decl.table)
      .selectAll()
      .where('status', '=', 1)
      .orderBy('isTop', 'desc')
      .orderBy('sort', 'asc')
      .orderBy('publishTime', 'desc')
      .orderBy(decl.idField, 'desc')
      .limit(size)
      .execute();
    return ok(list);
  });
}
