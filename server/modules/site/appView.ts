import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../http/errors.js';
import { param } from '../../http/params.js';
import { declarationOf } from '../declarationLookup.js';

const PUBLIC_FIELDS = ['appId', 'name', 'loginTitle', 'logo', 'copyright', 'contact'] as const;

/**
 * GET /api/app/view?appId=adminSite|reportSite: what a client shows on its login page and title bar.
 * Public (read before login); `reportSite` is the reporting app, any other value or none the admin app
 * (the spec's appKey rule).
 */
export async function appViewRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'appInfo');
  if (!decl) return;
  app.get('/api/app/view', { config: { public: true } }, async (request) => {
    const raw = param(request, 'appId');
    if (raw !== undefined && raw !== null && typeof raw !== 'string') throw invalidValue('参数格式不正确：appId');
    const appId = raw === 'reportSite' ? 'reportSite' : 'adminSite';
    const row = await app.db.selectFrom(decl.table).select([...PUBLIC_FIELDS]).where('appId', '=', appId).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(row);
  });
}
