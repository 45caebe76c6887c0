import type { FastifyInstance } from 'fastify';
import { ensurePageMenus } from '../../../shared/pageMenus.js';
import { forumRoutes } from './routes.js';

/**
 * Forums and plates, and the page menus of the forum family (docs/interaction-forums.md). Themes, Q&A and
 * the member center are their own modules in server/modules/index.ts, so forums imports none of them.
 */
export async function interactionForumsModule(app: FastifyInstance) {
  // Screens that are pages, not resources: their menu entries (granted to 系统管理员 when new).
  await ensurePageMenus(app.db, [
    { alias: 'bbsStaticData', name: '论坛统计', url: '/main/bbs/staticData', sort: 77, icon: 'BarChart' },
    { alias: 'bbsStaticDataHistory', name: '论坛历史统计', url: '/main/bbs/staticDataHistory', sort: 78, icon: 'History' },
    { alias: 'qaKeywordList', name: '关键词管理', url: '/main/interact/keywordList', sort: 79, icon: 'Label' },
    { alias: 'qaInquiryStatistics', name: '咨询统计', url: '/main/interact/theInquiryStatistics', sort: 80, icon: 'Insights' },
  ]);
  await app.register(forumRoutes);
}
