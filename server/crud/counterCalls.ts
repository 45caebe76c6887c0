import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { notFoundRecord } from '../http/errors.js';
import { bodyOf, firstId, queryOf } from '../http/params.js';
import { describeInput } from '../http/routeInput.js';
import { increment } from '../shared/counters.js';
import { applyWhere } from './behaviour.js';

/** The declaration's public view counters (`counters`, resources/shape/counter.ts). */
export function registerCounterCalls(app: FastifyInstance, decl: ResourceDecl): void {
  for (const c of decl.counters ?? []) {
    const params = Object.fromEntries(c.idParams.map((p, i) => [p, ['integer', i === 0 ? `${decl.label}ID` : `${decl.label}ID（同 ${c.idParams[0]}）`] as const]));
    app.route({
      method: c.method ?? 'POST',
      url: c.path,
      config: { public: true },
      schema: describeInput(c.method === 'GET' ? { query: params } : { either: params }),
      attachValidation: true,
      handler: async (request) => {
        const id = firstId(queryOf(request), bodyOf(request), c.idParams);
        // A plain read (no hooks): a count on every page view must stay cheap.
        const found = await applyWhere(dynamic(app.db).selectFrom(decl.table).select(decl.idField), { ...decl.where, ...c.where, [decl.idField]: id }).executeTakeFirst();
        if (!found) throw notFoundRecord();
        await increment(dynamic(app.db), decl.table, c.field, { column: decl.idField, keys: id });
        const after = (await dynamic(app.db).selectFrom(decl.table).select(c.field).where(decl.idField, '=', id).executeTakeFirstOrThrow()) as Record<string, unknown>;
        return ok({ [decl.idField]: id, [c.field]: after[c.field] });
      },
    });
  }
}
