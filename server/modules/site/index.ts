import type { FastifyInstance } from 'fastify';
import { appViewRoutes } from './appView.js';
import { diagnosticRoutes } from './diagnostics.js';
import { newsFeedRoutes } from './newsFeeds.js';
import { smsCodeRoutes } from './smsCode.js';
import { sysAreaRoutes } from './sysArea.js';
import { visitCounterRoutes } from './visitCounter.js';
import { atRoot } from '../../shared/routeHelpers.js';

/**
 * The site-wide calls of the spec's catalogue that belong to no other domain (docs/spec-calls.md):
 * visit counter, SMS code after the image code, external news lists, administrative areas, the
 * applications' display settings, the admin-only diagnostic echo. At the root so the public guard's
 * per-server limits apply (see atRoot).
 */
export const siteCallsModule = atRoot(async function siteCallsModule(app: FastifyInstance) {
  await visitCounterRoutes(app);
  await smsCodeRoutes(app);
  await newsFeedRoutes(app);
  await sysAreaRoutes(app);
  await appViewRoutes(app);
  await diagnosticRoutes(app);
});
