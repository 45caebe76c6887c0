import type { Db, Row, RowOf } from '../../db/types.js';
import { recordInspection } from '../../entities/inspectionRecord.js';
import { storeCheckState } from '../../entities/website.js';
import { INSTANCE_ID, tryLease } from '../../jobs/lock.js';
import { formatDateTime, parseDateTime } from '../../util/time.js';
import { dispatchReminder } from '../system/noticeSettings/reminders.js';
import { siteGenerated } from './linkRun.js';
import { probe, type ProbeResult } from './probe.js';
import { eachLimited, type MonitorSettings } from './settings.js';

export const STATE = { unchecked: 0, normal: 1, abnormal: 2 } as const;
const MINUTE = 60_000;

/** Websites whose check is due at `now`: enabled, never checked or last checked an interval ago. */
export async function dueWebsites(db: Db, now: number): Promise<RowOf<'website'>[]> {
  const rows = await db.selectFrom('website').selectAll().execute();
  return rows.filter((w) => {
    if (Number(w.checkEnabled ?? 1) !== 1) return false;
    if (!w.lastCheckTime) return true;
    const last = parseDateTime(String(w.lastCheckTime)).getTime();
    return !Number.isFinite(last) || last + intervalMs(w) <= now + 1000;
  });
}

export function intervalMs(w: Row): number {
  const minutes = Number(w.checkInterval);
  return (Number.isFinite(minutes) && minutes >= 1 ? minutes : 60) * MINUTE;
}

/**
 * The scheduler's tick: checks every due website once across all instances — each check first takes
 * the lease `website:<id>` for the site's interval, so an instance that finds it held skips the site.
 * Answers the number of sites this instance checked.
 */
export async function runDueChecks(db: Db, settings: MonitorSettings, now = Date.now(), owner = INSTANCE_ID): Promise<number> {
  // 本站 is checked once its pages exist: before the first generation /site/ has nothing to answer.
  const due = (await dueWebsites(db, now)).filter((w) => Number(w.type) !== 1 || siteGenerated(settings.dataDir));
  let checked = 0;
  await eachLimited(due, settings.concurrency, async (site) => {
    // A little under the interval, so the next tick after the interval finds the lease free.
    if (!(await tryLease(db, `website:${site.id}`, Math.max(1000, intervalMs(site) - 2000), owner))) return;
    await checkWebsite(db, site, settings);
    checked += 1;
  });
  return checked;
}

/** Probes one site, writes the inspection record and the site's state, and alerts on a change. */
export async function checkWebsite(db: Db, site: Row, settings: MonitorSettings): Promise<ProbeResult & { recordId: number }> {
  const result = await probe(String(site.url), { timeoutMs: settings.slowMs, keyword: site.keyword as string | null, certWarnDays: settings.certWarnDays });
  const now = formatDateTime();
  const state = result.ok ? STATE.normal : STATE.abnormal;
  const before = await db.selectFrom('website').select('state').where('id', '=', site.id as number).executeTakeFirst();
  const recordId = await db.transaction().execute(async (trx) => {
    const id = await recordInspection(trx, {
        websiteId: Number(site.id),
        websiteName: String(site.name),
        kind: 'availability',
        result: state,
        statusCode: result.statusCode,
        responseMs: result.responseMs,
        certExpireDays: result.certExpireDays,
        message: result.message.slice(0, 500),
        detail: JSON.stringify({ url: site.url, keywordFound: result.keywordFound }),
        checkTime: now,
    });
    await storeCheckState(trx, Number(site.id), { state, lastCheckTime: now, responseMs: result.responseMs, certExpireDays: result.certExpireDays, lastMessage: result.message.slice(0, 500) });
    return id;
  });
  const previous = Number(before?.state ?? STATE.unchecked);
  if (previous !== state && (state === STATE.abnormal || previous === STATE.abnormal)) {
    const title = state === STATE.abnormal ? `${String(site.name)}无法正常访问（${result.message}）` : `${String(site.name)}已恢复正常`;
    await dispatchReminder(db, 'SITE_ABNORMAL', {
      title,
      content: `${title}。网址：${String(site.url)}，检测时间：${now}，响应时间：${result.responseMs}毫秒。`,
      link: '/main/siteMonitoring/inspectionRecord',
    });
  }
  return { ...result, recordId };
}
