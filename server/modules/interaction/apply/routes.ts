import type { FastifyInstance } from 'fastify';
import { atRoot } from '../../../shared/routeHelpers.js';
import { declarationOf } from '../../declarationLookup.js';
import { applyAdminRoutes } from './adminRoutes.js';
import { applyContext } from './context.js';
import { applyOfficeRoutes, applyReminderRoute } from './officeRoutes.js';
import { applyProofRoutes } from './proof.js';
import { applyPublicRoutes } from './publicRoutes.js';

/**
 * 依申请公开 (spec part 2 "Applications for disclosure"). Admin calls under /apply/*, /app/list and
 * /export/WbExcel; public ones under /web/apply/* and /apply/sms/reminder. Records belong to the handling
 * department (`handleDeptId`) for data scopes. Statuses, deadlines, decisions: docs/interaction-forms.md.
 * Each group of calls registers in its own file; inputs.ts describes what each reads.
 */
export const applyRoutes = atRoot(async function applyRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'apply');
  if (!decl) return;
  const ctx = applyContext(app, decl);
  applyAdminRoutes(ctx);
  applyOfficeRoutes(ctx);
  applyReminderRoute(ctx);
  await app.register(applyProofRoutes);
  applyPublicRoutes(ctx);
});
