import type { FastifyInstance } from 'fastify';
import { atRoot } from '../../../shared/routeHelpers.js';
import { declarationOf } from '../../declarationLookup.js';
import { applyInputs } from './inputs.js';
import { applyOfficeRoutes, applyReminderRoute } from './officeRoutes.js';
import { applyProofRoutes } from './proof.js';

/**
 * 依申请公开 (spec part 2 "Applications for disclosure"): the calls beside the generic ones (CRUD, the
 * handling steps on /apply/add, /apply/delete, the Excel export and the citizen's calls are declared in
 * resources/apply.ts, behaviour in server/entities/apply.ts): overviews, the department's list, settings,
 * Word files, the SMS reminder and the proof scans (the public department list is a declared read of 部门). Statuses, deadlines,
 * decisions: docs/interaction-forms.md. inputs.ts describes what each reads.
 */
export const applyRoutes = atRoot(async function applyRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'apply');
  if (!decl) return;
  const inputs = applyInputs(decl);
  applyOfficeRoutes(app, decl, inputs);
  applyReminderRoute(app, decl, inputs);
  await app.register(applyProofRoutes);
});
