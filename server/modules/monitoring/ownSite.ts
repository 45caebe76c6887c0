import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { PortalConfig } from '../../config.js';
import type { LocalApi } from '../../crud/entity/types.js';
import { formatDateTime } from '../../util/time.js';
import { siteConfig } from '../generation/siteConfig.js';

/**
 * 本站 (docs/monitoring.md "The portal's own site"): registered on first start with the address the
 * portal serves its generated site at, checked for real at its interval once the site is generated.
 * With an absolute SITE_BASE_URL that is the public address; otherwise the server's own `/site/` on
 * loopback (the check runs on the server), which follows the port the server actually listens on.
 */
export function ownSiteUrl(config: Pick<PortalConfig, 'port'>): string {
  const base = siteConfig().siteBaseUrl;
  if (/^https?:\/\//.test(base)) return base;
  return `http://127.0.0.1:${config.port || 8080}/site/`;
}

const LOOPBACK_SITE = /^http:\/\/127\.0\.0\.1(:\d+)?\/site\/$/;

/** Inserts the own site (type 1, checks on) unless one exists, through the local API (a seed: as the system). */
export async function registerOwnSite(api: LocalApi, site: { name: string; url: string; intervalMin: number; deptId?: number | null; deptName?: string | null }): Promise<void> {
  const existing = (await api.find('website', { where: { type: 1 }, limit: 1 }))[0];
  if (existing) return;
  const now = formatDateTime();
  await api.seed('website', [
    {
      name: site.name, url: site.url, type: 1, checkInterval: site.intervalMin, checkEnabled: 1, linkCheck: 1, keyword: site.name, state: 0, sort: 1,
      remark: '本站：首次启动时自动登记，生成静态页面后按检测间隔自动检测', deptId: site.deptId ?? null, deptName: site.deptName ?? null, createTime: now, updateTime: now,
    },
  ]);
}

/** Once listening: a loopback `/site/` address of 本站 is set to the port the server listens on. */
export function followListenAddress(app: FastifyInstance): void {
  // A server closed right after it started (tests, a failed boot) may close the database under this hook:
  // nothing to follow then, and nothing to report.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onListen', async () => {
    const addr = app.server.address() as AddressInfo | string | null;
    if (!addr || typeof addr === 'string') return;
    const url = `http://127.0.0.1:${addr.port}/site/`;
    try {
      const sites = await app.db.selectFrom('website').select(['id', 'url']).where('type', '=', 1).execute();
      for (const s of sites) {
        if (!closing && LOOPBACK_SITE.test(String(s.url)) && s.url !== url) await app.entities.api().update('website', Number(s.id), { url });
      }
    } catch (error) {
      if (!closing) throw error;
    }
  });
}
