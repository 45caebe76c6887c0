import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../../../db/types.js';
import { markReported } from '../../../entities/report.js';

const SAVES = new Set(['/api/article/save/role', '/api/article/save/admin']);

/**
 * Marks as a submission (article_report) every article created through the reporting app: a successful
 * article save whose session belongs to appKey reportSite. Runs before the answer leaves, so the caller
 * sees the submission in /api/report/my as soon as the save answers. Registered through fastify-plugin so it
 * sees the content core's routes.
 */
export async function reportMarkHook(app: FastifyInstance) {
  app.addHook('onSend', async (request, _reply, payload) => {
    const user = request.portalUser;
    if (!user || user.appKey !== 'reportSite' || request.method !== 'POST') return payload;
    if (!SAVES.has(request.routeOptions.url ?? '') || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as { errorCode?: string; data?: Row };
      const articleId = Number(body.data?.articleId);
      if (body.errorCode !== '0' || !Number.isSafeInteger(articleId) || articleId <= 0) return payload;
      await markReported(app.db, articleId, user);
    } catch (error) {
      request.log.error(error);
    }
    return payload;
  });
}
fp(reportMarkHook, { name: 'portal-report-mark' });
