import type { FastifyInstance } from 'fastify';
import { dynamic } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { readSize } from '../../http/params.js';
import { declarationOf } from '../declarationLookup.js';
import { sizeInput } from '../../http/routeInput.js';

/** /hot/top: enabled hot items for the portal's hot-topics block. Public, no login. */
export async function hotTopRoute(app: FastifyInstance) {
  const decl = declarationOf(app, 'hot');
  if (!decl) return;
  app.post(decl.api.extra?.top?.path ?? '/hot/top', { config: { public: true }, schema: sizeInput(10, 50), attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 50);
    const list = await dynamic(app.db)
      .selectFrom(decl.table)
      .selectAll()
      .where('status', '=', 1)
      .orderBy('sort', 'asc')
      .orderBy('clickCount', 'desc')
      .orderBy(decl.idField, 'desc')
      .limit(size)
      .execute();
    return ok(list);
  });
}
