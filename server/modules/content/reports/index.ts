import type { FastifyInstance } from 'fastify';
import { addArticleHook } from '../articles/hooks.js';
import { forgetReported } from '../../../entities/report.js';
import { ensureReportMenus } from './menus.js';
import { reportRoutes } from './routes.js';

/**
 * Submissions of the reporting app (docs/search-and-reports.md): the 信息报送 menus, /api/report/*, and
 * the clean-up of a deleted article's mark. The marking itself (mark.ts) is registered in
 * server/modules/index.ts before the content module, as an app-wide hook.
 */
export async function reportModule(app: FastifyInstance) {
  await ensureReportMenus(app.db);
  addArticleHook(app.db, async (db, articleId, change) => {
    if (change === 'removed') await forgetReported(db, articleId);
  });
  await app.register(reportRoutes);
}
