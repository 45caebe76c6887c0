import { sql } from 'kysely';
import type { Db, RowOf } from '../../db/types.js';
import { formatDateTime } from '../../util/time.js';

const DAY = 86_400_000;

export interface DayAvailability {
  websiteId: number;
  day: string;
  checks: number;
  failed: number;
}

/** Our own site (网站类型 本站); the first one when there are several. */
export async function ownSite(db: Db): Promise<RowOf<'website'> | undefined> {
  return await db.selectFrom('website').selectAll().where('type', '=', 1).orderBy('id').executeTakeFirst();
}

/** Availability checks of our site per day over the last 7 days: how many, how many failed. */
export async function availabilityByDay(db: Db, now: number): Promise<DayAvailability[]> {
  const site = await ownSite(db);
  if (!site) return [];
  const since = formatDateTime(new Date(now - 7 * DAY));
  const day = sql<string>`substr("checkTime", 1, 10)`;
  const rows = (await db
    .selectFrom('inspection_record')
    .select([day.as('day'), (eb) => eb.fn.countAll().as('checks'), sql<number>`sum(case when "result" = 2 then 1 else 0 end)`.as('failed')])
    .where('websiteId', '=', site.id)
    .where('kind', '=', 'availability')
    .where('checkTime', '>=', since)
    .groupBy(day)
    .orderBy(day)
    .execute()) as { day: string; checks: number | string; failed: number | string | null }[];
  return rows.map((r) => ({ websiteId: site.id, day: r.day, checks: Number(r.checks), failed: Number(r.failed ?? 0) }));
}

export interface LinkSummary {
  recordId: number;
  checkTime: string;
  brokenHome: number;
  brokenOther: number;
  otherPageLinks: number;
  links: { linkUrl: string; pageUrl: string; statusCode: number | null; error: string | null; onHome: boolean }[];
}

/** The newest link check of our site (else of any site) with its broken links. */
export async function latestLinkCheck(db: Db): Promise<LinkSummary | null> {
  const site = await ownSite(db);
  // Only crawls that ran (a record saying the site was not generated yet has no figures).
  let q = db.selectFrom('inspection_record').selectAll().where('kind', '=', 'links').where('detail', 'like', '%"pages"%');
  if (site) q = q.where('websiteId', '=', site.id);
  const record = await q.orderBy('checkTime', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!record) return null;
  let detail: Record<string, number> = {};
  try {
    detail = JSON.parse(String(record.detail ?? '{}')) as Record<string, number>;
  } catch {
    detail = {};
  }
  const links = await db.selectFrom('broken_link').selectAll().where('recordId', '=', record.id).where('broken', '=', 1).orderBy('id').limit(200).execute();
  return {
    recordId: record.id,
    checkTime: String(record.checkTime),
    brokenHome: Number(detail.brokenHome ?? 0),
    brokenOther: Number(detail.brokenOther ?? 0),
    otherPageLinks: Number(detail.otherPageLinks ?? 0),
    links: links.map((l) => ({ linkUrl: String(l.linkUrl), pageUrl: String(l.pageUrl), statusCode: l.statusCode === null ? null : l.statusCode, error: (l.error as string | null) ?? null, onHome: l.onHome === 1 })),
  };
}
