import type { FastifyInstance } from 'fastify';
import { ensureStatisticsMenus } from './menus.js';
import { statisticsRoutes } from './routes.js';

/** The admin home statistics (docs/statistics.md): menus under 首页 and the /api/home/* calls. */
export async function statisticsModule(app: FastifyInstance) {
  await ensureStatisticsMenus(app.db);
  await app.register(statisticsRoutes);
}
