import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { bump, clearCounters } from '../../http/counterStore.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { param } from '../../http/params.js';
import { formatDateTime } from '../../util/time.js';
import { describeInput } from '../../http/routeInput.js';

const VISIT_INPUT = describeInput({ query: { cookie: ['string', '访客标识（8到64位字母、数字、_、-，必填）'], page: ['string', '页面路径（如 /news/list.html）'], articleId: ['integer', '文章ID（文章页）'] } });

/** A visitor counts once per page in this window. */
export const VISIT_REPEAT_MS = 30 * 60_000;
/** Counted hits per IP per minute; more are answered but not counted (crawlers, reload loops). */
export const VISIT_IP_PER_MINUTE = 120;

/** Adds one to a page's counter in a single statement (no read-then-write); answers the new total. */
export async function bumpCounter(db: Db, pageKey: string): Promise<number> {
  const now = formatDateTime();
  const row = (await db
    .insertInto('visit_counter')
    .values({ pageKey, hits: 1, updateTime: now })
    .onConflict((oc) => oc.column('pageKey').doUpdateSet({ hits: sql`visit_counter.hits + 1`, updateTime: now }))
    .returning('hits')
    .executeTakeFirstOrThrow()) as { hits: number | string };
  return Number(row.hits);
}

async function readCounter(db: Db, pageKey: string): Promise<number> {
  const row = (await db.selectFrom('visit_counter').select('hits').where('pageKey', '=', pageKey).executeTakeFirst()) as { hits: number | string } | undefined;
  return Number(row?.hits ?? 0);
}

/** The counter a hit is for: an article, a page path, or the whole site. */
export function pageKeyOf(page: unknown, articleId: unknown): string {
  if (articleId !== undefined && articleId !== null && articleId !== '') {
    const n = Number(articleId);
    if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue('参数格式不正确：articleId');
    return `article:${n}`;
  }
  if (page === undefined || page === null || page === '') return 'site';
  const p = String(page).trim();
  if (p.length > 200 || !/^[A-Za-z0-9/_.\-#]+$/.test(p)) throw invalidValue('页面地址格式不正确');
  return `page:${p}`;
}

/** Keys of the shared counter store (server/http/counterStore.ts), one per visitor and page / per IP. */
const seenKey = (cookie: string, pageKey: string) => `visit:${cookie}|${pageKey}`;
const ipKey = (ip: string) => `visit-ip:${ip}`;

/**
 * Whether this hit counts: the visitor's first on the page in the window, within the IP's minute
 * budget. Both windows live in the database (`rate_counter`), so every instance on one database
 * counts a visitor once; each bump is one atomic upsert, so two instances racing count once.
 */
async function countsOnce(db: Db, cookie: string, pageKey: string, ip: string, now: number): Promise<boolean> {
  const seen = await bump(db, seenKey(cookie, pageKey), VISIT_REPEAT_MS, now);
  if (seen.count > 1) return false;
  const perIp = await bump(db, ipKey(ip), 60_000, now);
  if (perIp.count <= VISIT_IP_PER_MINUTE) return true;
  // Not counted for the crowded address: this visitor's next hit may count.
  await clearCounters(db, seenKey(cookie, pageKey));
  return false;
}

/**
 * GET /visitHistory/hit?cookie=<visitor id>[&page=/path | &articleId=n]: the public site's visit
 * counter. A visitor counts once per page per 30 minutes; an IP at most 120 counted hits a minute.
 * Every counted page hit also counts for the site. Answers `{ pageKey, hits, siteHits, counted }`.
 */
export async function visitCounterRoutes(app: FastifyInstance) {
  app.get('/visitHistory/hit', { config: { public: true }, schema: VISIT_INPUT, attachValidation: true }, async (request) => {
    const cookie = param(request, 'cookie');
    if (cookie === undefined || cookie === null || cookie === '') throw missingParam('cookie');
    if (typeof cookie !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(cookie)) throw invalidValue('参数格式不正确：cookie');
    const pageKey = pageKeyOf(param(request, 'page'), param(request, 'articleId'));
    const counted = await countsOnce(app.db, cookie, pageKey, request.ip || 'unknown', Date.now());
    if (!counted) return ok({ pageKey, hits: await readCounter(app.db, pageKey), siteHits: await readCounter(app.db, 'site'), counted: false });
    const hits = await bumpCounter(app.db, pageKey);
    const siteHits = pageKey === 'site' ? hits : await bumpCounter(app.db, 'site');
    return ok({ pageKey, hits, siteHits, counted: true });
  });
}
