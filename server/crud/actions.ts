import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inState } from '../../resources/behaviour.js';
import type { ActionDecl, ResourceDecl } from '../../resources/types.js';
import { ok } from '../http/envelope.js';
import { PortalError } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { bodyOf, queryOf, readId, readIds } from '../http/params.js';
import { hookContext } from './behaviour.js';
import { actionRecords } from './service.js';

/** The ids an action applies to: `id` for a row action, `ids` for a bulk one, either for `both`, none for `none`. */
function targetIds(request: FastifyRequest, action: ActionDecl): number[] {
  const scope = action.scope ?? 'row';
  if (scope === 'none') return [];
  if (scope === 'row') return [readId(request)];
  if (scope === 'bulk') return readIds(request);
  const input = { ...queryOf(request), ...bodyOf(request) };
  return input.ids !== undefined ? readIds(request) : [readId(request)];
}

/**
 * The declared actions that carry `run`: each at its path and method behind its permission key; the
 * records it names are read in the caller's scope and must be in an allowed state; all in one transaction.
 */
export function registerActionRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  for (const action of decl.actions ?? []) {
    const run = action.run;
    if (!run) continue;
    app.route({
      method: action.method ?? 'POST',
      url: action.path,
      config: { permission: action.permission },
      handler: async (request) => {
        const user = currentUser(request);
        const ids = targetIds(request, action);
        const body = { ...queryOf(request), ...bodyOf(request) };
        const result = await app.db.transaction().execute(async (trx) => {
          const records = await actionRecords(trx, decl, user, ids);
          if (!records.every((r) => inState(r, action.when))) throw new PortalError(1005, action.refusal ?? '该记录当前状态不允许此操作');
          return run({ records, body, ctx: hookContext(trx, decl, user) });
        });
        return ok(result ?? null, action.success ?? '操作成功');
      },
    });
  }
}
