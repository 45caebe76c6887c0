import type { FastifyInstance } from 'fastify';
import { dynamic } from '../../db/types.js';
import { applyScope, scopeRule } from '../../auth/dataScope.js';
import { searchOf } from '../../crud/routes.js';
import { applyFilters } from '../../crud/listQuery.js';
import { listRecords } from '../../crud/service.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { declarationOf } from '../declarationLookup.js';
import { declaredInput } from '../../http/routeInput.js';

/** /website/state/list: the website list plus counts by state over the same filters. Needs website:list. */
export async function websiteStateListRoute(app: FastifyInstance) {
  const decl = declarationOf(app, 'website');
  if (!decl) return;
  app.post(decl.api.extra?.stateList?.path ?? '/website/state/list', { config: { permission: decl.permissions.list }, schema: declaredInput(decl, 'list'), attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const search = searchOf(request);
    const page = await listRecords(app.db, decl, user, search);
    const rule = await scopeRule(app.db, user, decl);
    const rows = (await applyScope(applyFilters(dynamic(app.db).selectFrom(decl.table), decl, search), rule)
      .select(['state', (eb) => eb.fn.countAll().as('n')])
      .groupBy('state')
      .execute()) as { state: number | null; n: number | string }[];
    const count = (s: number) => rows.filter((r) => Number(r.state ?? 0) === s).reduce((a, r) => a + Number(r.n), 0);
    const summary = { total: page.totalRow, normal: count(1), abnormal: count(2), unchecked: count(0) };
    return ok({ ...page, summary });
  });
}
