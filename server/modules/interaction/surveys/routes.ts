import type { FastifyInstance } from 'fastify';
import { atRoot } from '../../../shared/routeHelpers.js';
import { declarationOf } from '../../declarationLookup.js';
import { surveyContext } from './context.js';
import { surveyPublicRoutes } from './publicRoutes.js';

/**
 * 问卷调查 (spec part 2 "Surveys"): admin calls under /survey/*, public calls under /web/survey/*.
 * Statuses 0 未开始 / 1 已开始 / 2 已暂停 / 3 已结束; transitions and the one-answer rule in
 * docs/interaction-forms.md. The results, records, text answers and export are the declaration's `responses`; the public
 * survey and its results are served here (publicRoutes.ts).
 */
export const surveyRoutes = atRoot(async function surveyRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'survey');
  if (!decl) return;
  const ctx = surveyContext(app, decl);
  surveyPublicRoutes(ctx);
});
