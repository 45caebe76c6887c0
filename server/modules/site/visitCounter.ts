import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { param } from '../../http/params.js';
import { formatDateTime } from '../../util/time.js';

/** A visitor counts once per page in this window. */
export const VISIT_REPEAT_MS = 30 * 60_000;
/** Counted hits per IP per minute; more are answered but not counted (crawlers, reload loops). */
export const VISIT_IP_PER_MINUTE = 120;
const MAX_REMEMBERED = 50_000;

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

/**
 * GET /visitHistory/hit?cookie=<visitor id>[&page=/path | &articleId=n]: the public site's visit
 * counter. A visitor counts once per page per 30 minutes; an IP at most 120 counted hits a minute.
 * Every counted page hit also counts for the site. Answers `{ pageKey, hits, siteHits, counted }`.
 */
export async function visitCounterRoutes(app: FastifyInstance) {
  const seen = new Map<string, number>();
  const perIp = new Map<string, { minute: number; n: number }>();

  const remember = (key: string, now: number) => {
    seen.delete(key);
    seen.set(key, now);
    // Map keeps insertion order: drop the oldest when full.
    while (seen.size > MAX_REMEMBERED) seen.delete(seen.keys().next().value as string);
  };
  const ipAllows = (ip: string, now: number) => {
    const minute = Math.floor(now / 60_000);
    const e = perIp.get(ip);
    if (!e || e.minute !== minute) {
      if (perIp.size > MAX_REMEMBERED) perIp.clear();
      perIp.set(ip, { minute, n: 1 });
      return true;
    }
    e.n += 1;
    return e.n <= VISIT_IP_PER_MINUTE;
  };

  app.get('/visitHistory/hit', { config: { public: true } }, async (request) => {
    const cookie = param(request, 'cookie');
    if (cookie === undefined || cookie === null || cookie === '') throw missingParam('cookie');
    if (typeof cookie !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(cookie)) throw invalidValue('参数格式不正确：cookie');
    const pageKey = pageKeyOf(param(request, 'page'), param(request, 'articleId'));
    const now = Date.now();
    const key = `${cookie}|${pageKey}`;
    const last = seen.get(key);
    const counted = (last === undefined || now - last >= VISIT_REPEAT_MS) && ipAllows(request.ip || 'unknown', now);
    if (!counted) return ok({ pageKey, hits: await readCounter(app.db, pageKey), siteHits: await readCounter(app.db, 'site'), counted: false });
    remember(key, now);
    const hits = await bumpCounter(app.db, pageKey);
    const siteHits = pageKey === 'site' ? hits : await bumpCounter(app.db, 'site');
    return ok({ pageKey, hits, siteHits, counted: true });
  });
}
