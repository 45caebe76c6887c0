import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.js';
import { formatDateTime } from '../util/time.js';
import type { ScheduledJob } from './scheduler.js';
import { purgeExpired } from '../http/idempotencyStore.js';

/**
 * Removes what has expired: rate-limit and failed-login windows, captchas, public-submission counts older
 * than a day, idempotent answers past their time. Runs once per interval across all instances (the scheduler's lease); logs each run.
 */
export function housekeepingJob(db: Db, log: FastifyBaseLogger, everyMs: number): ScheduledJob {
  return {
    name: 'housekeeping',
    everyMs,
    async run() {
      const now = new Date();
      const counters = await db.deleteFrom('rate_counter').where('resetAt', '<=', now.toISOString()).executeTakeFirst();
      const captchas = await db.deleteFrom('captchas').where('expiresAt', '<', formatDateTime(now)).executeTakeFirst();
      const dayAgo = formatDateTime(new Date(now.getTime() - 86_400_000));
      const rates = await db.deleteFrom('public_rate').where('at', '<', dayAgo).executeTakeFirst();
      const answers = await purgeExpired(db, now.getTime());
      const deleted = Number(counters.numDeletedRows) + Number(captchas.numDeletedRows) + Number(rates.numDeletedRows) + answers;
      log.info({ job: 'housekeeping', deleted }, 'housekeeping done');
    },
  };
}
