import type { FastifyInstance } from 'fastify';
import { atRoot } from '../../../shared/routeHelpers.js';
import { declarationOf } from '../../declarationLookup.js';
import { surveyContext } from './context.js';
import { surveyPublicRoutes } from './publicRoutes.js';
import { surveyRecordRoutes } from './recordRoutes.js';

/**
 * 问卷调查 (spec part 2 "Surveys"): admin calls under /survey/*, public calls under /web/survey/*.
 * Statuses 0 未开始 / 1 已开始 / 2 已暂停 / 3 已结束; transitions and the one-answer rule in
 * docs/interaction-forms.md. Each group of calls registers in its own file; inputs.ts describes what they read.
 */
export const surveyRoutes = atRoot(async function surveyRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'survey');
  if (!decl) return;
  const ctx = surveyContext(app, decl);
  surveyRecordRoutes(ctx);
  surveyPublicRoutes(ctx);
});
