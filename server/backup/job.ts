import type { FastifyBaseLogger } from 'fastify';
import type { ScheduledJob } from '../jobs/scheduler.js';
import { formatDateTime } from '../util/time.js';
import type { BackupDeps } from './create.js';
import { startBackup } from './runner.js';
import { scheduledKind } from './rotation.js';

/** How often each instance asks whether the day's backup is due. */
export const BACKUP_POLL_MS = 10 * 60_000;

/** A day's backup is made within this long after BACKUP_AT (never in the middle of a working day after a restart). */
const WINDOW_MS = 4 * 3_600_000;

/** The start of the current backup window (today's or yesterday's BACKUP_AT) as stored local time, or null outside it. */
export function dueSince(now: Date, at: string): string | null {
  const [h, m] = at.split(':').map(Number) as [number, number];
  for (const back of [0, 1]) {
    const due = new Date(now);
    due.setDate(due.getDate() - back);
    due.setHours(h, m, 0, 0);
    if (now >= due && now.getTime() - due.getTime() < WINDOW_MS) return formatDateTime(due);
  }
  return null;
}

/**
 * The scheduled backup: once a day within four hours after BACKUP_AT, on one instance (the scheduler's lease, then the
 * backup's own), monthly/weekly/daily by the rotation, which then drops what it no longer keeps. A
 * failed day is tried again at the next poll, three times at most.
 */
export function backupJob(deps: BackupDeps, log: FastifyBaseLogger): ScheduledJob {
  return {
    name: 'backup',
    everyMs: BACKUP_POLL_MS,
    async run() {
      const since = dueSince(new Date(), deps.config.backup.at);
      if (!since) return;
      const today = await deps.db.selectFrom('backup_record').select(['status']).where('kind', '!=', 'manual').where('startTime', '>=', since).execute();
      if (today.some((b) => b.status !== 'failed') || today.length >= 3) return;
      const kept = await deps.db.selectFrom('backup_record').select(['id', 'kind', 'startTime']).where('status', '=', 'done').execute();
      const kind = scheduledKind(formatDateTime(), kept.map((b) => ({ id: Number(b.id), kind: String(b.kind), startTime: String(b.startTime) })));
      const started = await startBackup(deps, kind, '定时备份');
      await started.done;
      log.info({ job: 'backup', name: started.name, kind }, 'backup done');
    },
  };
}
