import type { FastifyInstance } from 'fastify';
import { annualReportRoutes } from './annual/routes.js';
import { runDueChecks } from './availability.js';
import { runContentCheck } from './contentRecord.js';
import { DEFAULT_LINK_LIMITS, runLinkChecks } from './linkRun.js';
import { ensureMonitorMenus } from './menus.js';
import { sweepOverdueReminders } from './overdueReminders.js';
import { monitorRoutes } from './routes.js';
import { sampleServer, systemInfo } from './serverStatus.js';
import { followListenAddress } from './ownSite.js';
import { monitorSettings } from './settings.js';
import { declarationOf } from '../declarationLookup.js';

const MINUTE = 60_000;

/** Names of the scheduled jobs (tests run them with app.scheduler.runNow). */
export const MONITOR_JOBS = { availability: 'monitor:availability', links: 'monitor:links', content: 'monitor:content', server: 'monitor:server' } as const;

/**
 * Site monitoring (docs/monitoring.md): availability checks every website at its interval (本站 from its
 * first generation on, registered at first start: ownSite.ts), a daily link check and content check with the overdue reminders, server samples every 5 minutes, the single-veto
 * dashboard and the annual report. Every job runs once across instances (database leases).
 */
export async function monitoringModule(app: FastifyInstance) {
  await ensureMonitorMenus(app.db);
  await app.register(monitorRoutes);
  await app.register(annualReportRoutes);
  const db = app.db;
  const settings = monitorSettings(app.portal.config);
  if (!declarationOf(app, 'website')) return;
  followListenAddress(app);
  app.scheduler.add({ name: MONITOR_JOBS.availability, everyMs: app.portal.config.monitorTickMs ?? 30_000, run: async () => void (await runDueChecks(db, settings)) });
  // Hourly: a site is checked when its last link check is a day old, 本站 once it has been generated.
  app.scheduler.add({ name: MONITOR_JOBS.links, everyMs: 60 * MINUTE, run: async (stopping) => void (await runLinkChecks(db, settings, DEFAULT_LINK_LIMITS, Date.now(), stopping)) });
  app.scheduler.add({
    name: MONITOR_JOBS.content,
    everyMs: 24 * 60 * MINUTE,
    run: async () => {
      await runContentCheck(db);
      await sweepOverdueReminders(db);
    },
  });
  app.scheduler.add({ name: MONITOR_JOBS.server, everyMs: 5 * MINUTE, run: async () => sampleServer(db, await systemInfo(db, app.portal.dialect, settings.dataDir)) });
}
