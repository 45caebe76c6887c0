import type { FastifyInstance } from 'fastify';
import { dynamic } from '../../db/types.js';
import { applyScope, scopeRule } from '../../auth/dataScope.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { readSize } from '../../http/params.js';
import { declarationOf } from '../declarationLookup.js';
import { describeInput, NO_INPUT } from '../../http/routeInput.js';

/** /sensitive/top (most hit words) and /sensitive/typeList (types with word counts); both need sensitive:list. */
export async function sensitiveExtraRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'sensitive');
  if (!decl) return;
  const permission = decl.permissions.list;

  app.post(decl.api.extra?.top?.path ?? '/sensitive/top', { config: { permission }, schema: describeInput({ either: { size: ['integer', '条数（必填），最多200'] } }), attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 200, true);
    const rule = await scopeRule(app.db, currentUser(request), decl);
    const list = await applyScope(dynamic(app.db).selectFrom(decl.table).selectAll(), rule)
      .orderBy('hitCount', 'desc')
      .orderBy(decl.idField, 'asc')
      .limit(size)
      .execute();
    return ok(list);
  });

  app.post(decl.api.extra?.typeList?.path ?? '/sensitive/typeList', { config: { permission }, schema: NO_INPUT, attachValidation: true }, async (request) => {
    const rule = await scopeRule(app.db, currentUser(request), decl);
    const counts = (await applyScope(dynamic(app.db).selectFrom(decl.table), rule)
      .select(['type', (eb) => eb.fn.countAll().as('n')])
      .groupBy('type')
      .execute()) as { type: number | string; n: number | string }[];
    const options = decl.fields.find((f) => f.name === 'type')?.options ?? [];
    return ok(
      options.map((o) => ({
        value: o.value,
        label: o.label,
        count: Number(counts.find((c) => String(c.type) === String(o.value))?.n ?? 0),
      })),
    );
  });
}
