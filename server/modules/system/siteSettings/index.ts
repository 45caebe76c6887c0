import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { declarationOf } from '../../declarationLookup.js';
import { PUBLIC_SITE_FIELDS, readSiteSettings } from '../../../shared/siteSettings.js';
import { NO_INPUT } from '../../../http/routeInput.js';

// Read by generation and templates too, so they live in server/shared (no siteSettings↔templates circle).
export { defaultSiteSettings, PUBLIC_SITE_FIELDS, readSiteSettings } from '../../../shared/siteSettings.js';

/**
 * 站点设置 beside its generic singleton routes (/site/setting/get and /save: server/entities/siteSetting.ts):
 * POST /web/site/info, the public subset, without login. See docs/system-settings.md.
 */
export async function siteSettingRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'siteSetting');
  if (!decl) return;
  app.post(decl.api.extra?.publicInfo?.path ?? '/web/site/info', { config: { public: true }, schema: NO_INPUT, attachValidation: true }, async () => {
    const all = await readSiteSettings(app.db, decl);
    return ok(Object.fromEntries(PUBLIC_SITE_FIELDS.map((k) => [k, all[k] ?? null])));
  });
}
