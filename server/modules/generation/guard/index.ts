import type { FastifyInstance } from 'fastify';
import { SiteChecker } from './check.js';
import { siteGuardJob } from './job.js';
import { registerManifest, SiteManifest } from './manifest.js';

/**
 * 网页防篡改 for the site folder `root` (docs/generation.md "Site guard"): every file the generator writes
 * or removes is recorded in the manifest from now on (writer.ts), and the scheduled check puts back what
 * someone else changed (SITE_GUARD_INTERVAL_MS; 0 turns the check off, never the recording).
 */
export function installSiteGuard(app: FastifyInstance, root: string): SiteChecker {
  const { dataDir, siteGuard } = app.portal.config;
  const manifest = new SiteManifest(app.db, dataDir, root);
  const unregister = registerManifest(manifest);
  app.addHook('onClose', async () => unregister());
  const checker = new SiteChecker(manifest, siteGuard.graceMs);
  if (siteGuard.everyMs > 0) app.scheduler.add(siteGuardJob(app.db, checker, app.log, siteGuard.everyMs));
  return checker;
}
