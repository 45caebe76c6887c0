import type { FastifyInstance } from 'fastify';
import { ARTICLE_CREATED, ARTICLE_FOLLOWERS, type ArticleCreated, type ArticleFollower } from '../articles/changes.js';
import { forgetReported, markSubmission } from '../../../entities/report.js';
import { ensureReportMenus } from './menus.js';
import { reportRoutes } from './routes.js';

/**
 * Submissions of the reporting app (docs/search-and-reports.md): the 信息报送 menus, the report lists, and
 * the mark's two moments (server/entities/report.ts): written in a new article's save transaction, gone
 * with a deleted article. The audit is a declared action (run by the behaviour file).
 */
export async function reportModule(app: FastifyInstance) {
  await ensureReportMenus(app.db);
  // Told by the article's behaviour after each committed change (server/entities/article.ts).
  const follower: ArticleFollower = async (articleId, change) => {
    if (change === 'removed') await forgetReported(app.db, articleId);
  };
  app.entities.provide(ARTICLE_FOLLOWERS.reports, follower);
  // Told inside the save's transaction: a new article saved from the reporting app is a submission.
  app.entities.provide(ARTICLE_CREATED.reports, markSubmission satisfies ArticleCreated);
  await app.register(reportRoutes);
}
