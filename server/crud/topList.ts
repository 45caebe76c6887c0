import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import { ok } from '../http/envelope.js';
import { currentUser } from '../http/fastifyTypes.js';
import { readSize } from '../http/params.js';
import { describeInput } from '../http/routeInput.js';

/**
 * The declaration's top-N calls (`api.extra.<name>.top`, resources/shape/topList.ts): a plain array of the
 * records matching `where`, in `sort` order, at most `size` of them; public ones read as the system.
 */
export function registerTopLists(app: FastifyInstance, decl: ResourceDecl): void {
  for (const call of Object.values(decl.api.extra ?? {})) {
    const top = call.top;
    if (!top) continue;
    const size = ['integer', `条数${top.required ? '（必填）' : `，默认${top.size}`}，最多${top.max}`] as const;
    const config: FastifyContextConfig = top.public ? { public: true } : { permission: decl.permissions.list };
    app.route({
      method: call.method ?? 'POST',
      url: call.path,
      config,
      schema: describeInput(call.method === 'GET' ? { query: { size } } : { either: { size } }),
      attachValidation: true,
      handler: async (request) => {
        const limit = readSize(request, 'size', top.size, top.max, top.required);
        const api = top.public ? app.entities.api() : app.entities.api(currentUser(request));
        return ok(await api.find(decl.name, { where: top.where ?? {}, sort: top.sort, limit }));
      },
    });
  }
}
