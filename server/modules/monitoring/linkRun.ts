import fs from 'node:fs';
import path from 'node:path';
import type { Db, Row } from '../../db/types.js';
import { recordInspection } from '../../entities/inspectionRecord.js';
import { releaseLease, tryLease } from '../../jobs/lock.js';
import { formatDateTime } from '../../util/time.js';
import { crawl, type CrawlResult } from './crawler.js';
import { folderSource, httpSource } from './pageSources.js';
import type { MonitorSettings } from './settings.js';

export interface LinkCheckLimits {
  maxPages: number;
  concurrency: number;
  perHostDelayMs: number;
  timeLimitMs: number;
  checkExternal: boolean;
}

export const DEFAULT_LINK_LIMITS: LinkCheckLimits = { maxPages: 300, concurrency: 4, perHostDelayMs: 200, timeLimitMs: 10 * 60_000, checkExternal: false };

/**
 * Link check of one website: 本站 (type 1) is read from the generated folder `${DATA_DIR}/site` when it
 * exists (its own address as the origin), any other site over HTTP. Writes an inspection record of kind
 * `links` and its broken and off-site links.
 */
export async function checkLinks(db: Db, site: Row, settings: MonitorSettings, limits: LinkCheckLimits = DEFAULT_LINK_LIMITS, signal?: AbortSignal): Promise<{ recordId: number; result: CrawlResult }> {
  const web = httpSource(Math.min(settings.slowMs, 15_000));
  const siteDir = path.join(settings.dataDir, 'site');
  let startUrl = String(site.url);
  let source = web;
  if (Number(site.type) === 1) {
    // 本站 is checked from the generated folder only; before a generation there is nothing to crawl.
    if (!fs.existsSync(path.join(siteDir, 'index.html'))) return { recordId: await emptyRecord(db, site), result: { pages: 0, links: 0, otherPageLinks: 0, findings: [], timedOut: false } };
    const origin = new URL(startUrl).origin;
    startUrl = `${origin}/index.html`;
    source = folderSource(siteDir, origin, web);
  }
  const result = await crawl({ startUrl, source, ...limits, signal });
  // Stopped by the server's close: partial figures are not a check's result (recordId 0: nothing recorded).
  if (result.stopped) return { recordId: 0, result };
  const broken = result.findings.filter((f) => f.broken);
  const brokenHome = broken.filter((f) => f.onHome).length;
  const brokenOther = broken.length - brokenHome;
  const external = result.findings.filter((f) => f.external).length;
  const now = formatDateTime();
  const summary = `检查页面${result.pages}个、链接${result.links}个，错误链接${broken.length}个（首页${brokenHome}个），外部链接${external}个${result.timedOut ? '，已达时间上限' : ''}`;
  const recordId = await db.transaction().execute(async (trx) => {
    const row = {
      id: await recordInspection(trx, {
        websiteId: Number(site.id),
        websiteName: String(site.name),
        kind: 'links',
        result: broken.length ? 2 : 1,
        message: summary,
        detail: JSON.stringify({ pages: result.pages, links: result.links, otherPageLinks: result.otherPageLinks, broken: broken.length, brokenHome, brokenOther, external, timedOut: result.timedOut }),
        checkTime: now,
      }),
    };
    const rows = result.findings.map((f) => ({
      recordId: row.id,
      websiteId: Number(site.id),
      pageUrl: f.pageUrl.slice(0, 1000),
      linkUrl: f.linkUrl.slice(0, 1000),
      statusCode: f.statusCode,
      error: f.error,
      external: f.external ? 1 : 0,
      broken: f.broken ? 1 : 0,
      onHome: f.onHome ? 1 : 0,
      checkTime: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto('broken_link').values(rows.slice(i, i + 200)).execute();
    return row.id;
  });
  return { recordId, result };
}

async function emptyRecord(db: Db, site: Row): Promise<number> {
  return recordInspection(db, { websiteId: Number(site.id), websiteName: String(site.name), kind: 'links', result: 2, message: '本站尚未生成静态页面，无法检测链接', detail: '{}', checkTime: formatDateTime() });
}

/** Whether the generated site exists (its home page): 本站 is checked only after the first generation. */
export function siteGenerated(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'site', 'index.html'));
}

const DAY = 24 * 60 * 60_000;

/** Sites whose last link check is a day old or that were never checked. */
async function dueForLinks(db: Db, now: number): Promise<Row[]> {
  const sites = await db.selectFrom('website').selectAll().where('linkCheck', '=', 1).execute();
  const last = (await db.selectFrom('inspection_record').select(['websiteId', (eb) => eb.fn.max('checkTime').as('last')]).where('kind', '=', 'links').groupBy('websiteId').execute()) as { websiteId: number; last: string | null }[];
  const lastOf = new Map(last.map((r) => [Number(r.websiteId), r.last]));
  const since = formatDateTime(new Date(now - DAY + 60_000));
  return sites.filter((s) => {
    const l = lastOf.get(Number(s.id));
    return !l || l < since;
  });
}

/**
 * The link job (hourly): every website with 链接检测 on whose last check is a day old, once across
 * instances (lease `links:<id>`). 本站 waits for the first generation: no record says it was not generated.
 */
export async function runLinkChecks(db: Db, settings: MonitorSettings, limits: LinkCheckLimits = DEFAULT_LINK_LIMITS, now = Date.now(), signal?: AbortSignal): Promise<number> {
  let n = 0;
  for (const site of await dueForLinks(db, now)) {
    if (signal?.aborted) break;
    if (Number(site.type) === 1 && !siteGenerated(settings.dataDir)) continue;
    const lease = `links:${site.id}`;
    if (!(await tryLease(db, lease, 60 * 60_000))) continue;
    const { result } = await checkLinks(db, site, settings, limits, signal);
    // Cut short by a close: nothing recorded, so the site stays due; its lease goes back for the next run.
    if (result.stopped) {
      await releaseLease(db, lease);
      break;
    }
    n += 1;
  }
  return n;
}
