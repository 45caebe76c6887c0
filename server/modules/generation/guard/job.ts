import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/types.js';
import { recordTamperEvents } from '../../../entities/siteTamperEvent.js';
import type { ScheduledJob } from '../../../jobs/scheduler.js';
import { formatDateTime } from '../../../util/time.js';
import { dispatchReminder } from '../../system/noticeSettings/reminders.js';
import type { CheckResult, SiteChecker, TamperEvent } from './check.js';
import { pristineDir } from './pristine.js';

export const SITE_GUARD_JOB = 'site-guard';
/** The screen of the records (resources/siteTamperEvent.ts). */
const EVENTS_LINK = '/main/siteMonitoring/tamperEvent';
/** A pristine copy no manifest row names is removed once it is this old (a copy kept a moment before its row is written stays). */
const PRISTINE_KEEP_MS = 60 * 60_000;

/** Records the events of one check; the reminder settings of 网页被篡改 hear of them in one message. */
export async function reportTamper(db: Db, log: FastifyBaseLogger, events: TamperEvent[]): Promise<void> {
  if (events.length === 0) return;
  const now = formatDateTime();
  await recordTamperEvents(db, events.map((e) => ({ ...e, message: e.message.slice(0, 500), checkTime: now })));
  const restored = events.filter((e) => e.action !== 'failed').length;
  log.warn({ job: SITE_GUARD_JOB, events: events.map((e) => `${e.kind} ${e.path} → ${e.action}`) }, 'site guard: published files were changed');
  const title = `网站发现${events.length}处文件改动，已处理${restored}处${restored < events.length ? `，${events.length - restored}处需人工处理` : ''}`;
  const listed = events.slice(0, 10).map((e) => `${e.path}（${e.message}）`).join('；');
  await dispatchReminder(db, 'SITE_TAMPERED', { title, content: `${title}。检测时间：${now}。${listed}${events.length > 10 ? '等' : ''}`, link: EVENTS_LINK }).catch((error: unknown) => {
    log.error({ err: error }, 'site guard: reminder failed');
  });
}

/** Removes pristine copies that no published file needs any more. */
export async function prunePristine(db: Db, dataDir: string, now = Date.now()): Promise<number> {
  const used = new Set((await db.selectFrom('site_manifest').select('hash').distinct().execute()).map((r) => String(r.hash)));
  let removed = 0;
  const root = pristineDir(dataDir);
  for (const shard of await fs.readdir(root).catch(() => [] as string[])) {
    for (const name of await fs.readdir(path.join(root, shard)).catch(() => [] as string[])) {
      if (used.has(name)) continue;
      const file = path.join(root, shard, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > PRISTINE_KEEP_MS && (await fs.rm(file, { force: true }).then(() => true, () => false))) removed++;
    }
  }
  return removed;
}

/** The scheduled check, once per interval across every instance (the scheduler's lease). */
export function siteGuardJob(db: Db, checker: SiteChecker, log: FastifyBaseLogger, everyMs: number): ScheduledJob {
  return {
    name: SITE_GUARD_JOB,
    everyMs,
    async run() {
      const result: CheckResult = await checker.check();
      await reportTamper(db, log, result.events);
      const pruned = await prunePristine(db, checker.manifest.dataDir);
      log.info({ job: SITE_GUARD_JOB, files: result.files, events: result.events.length, baseline: result.baseline, deferred: result.deferred, pruned }, 'site guard check done');
    },
  };
}
