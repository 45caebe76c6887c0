import type { FastifyInstance } from 'fastify';
import { ARTICLE_FOLLOWERS, type ArticleFollower } from '../articles/changes.js';
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
  // Told by the article's behaviour after each committed change (server/entities/article.ts).
  const follower: ArticleFollower = async (articleId, change) => {
    if (change === 'removed') await forgetReported(app.db, articleId);
  };
  app.entities.provide(ARTICLE_FOLLOWERS.reports, follower);
  await app.register(reportRoutes);
}
