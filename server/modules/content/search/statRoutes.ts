import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { ADMIN_ROLE_ALIAS, ensureResource, grant } from '../../../seed/menuSync.js';
import { formatDateTime } from '../../../util/time.js';
import type { StatTally } from './statTally.js';
import { SEARCH_INPUT } from './inputs.js';

/** The statistics screen's permission (a Button under its menu entry). */
export const STAT_PERMISSION = 'searchStat:view';

/** The 搜索统计 menu entry under 系统管理 and its Button, granted to 系统管理员 when new. */
async function ensureStatMenu(app: FastifyInstance) {
  const db = app.db;
  const catalogue = await db.selectFrom('resources').select('id').where('dingAppKey', '=', 'adminSite').where('alias', '=', 'system').executeTakeFirst();
  if (!catalogue) return;
  const menu = await ensureResource(db, { parentId: catalogue.id, name: '搜索统计', alias: 'searchStatistics', icon: 'QueryStats', type: 'Menu', url: '/main/system/searchStatistics', dingAppKey: 'adminSite', sort: 89 });
  const button = await ensureResource(db, { parentId: menu.id, name: '搜索统计查看', alias: STAT_PERMISSION, icon: null, type: 'Button', url: null, dingAppKey: 'adminSite', sort: 1 });
  const created = [menu, button].filter((r) => r.created).map((r) => r.id);
  const admin = await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst();
  if (admin && created.length) await grant(db, Number(admin.roleId), created);
}

function daysParam(v: unknown): number {
  if (v === undefined || v === null || v === '') return 30;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 366) throw invalidValue('days的值无效，应为1到366之间的整数');
  return n;
}

/**
 * POST /api/article/searchClick (public: a result opened from the search page) and
 * GET /api/search/statistics?days= (staff): per day, top queries, zero-result queries.
 */
export async function searchStatRoutes(app: FastifyInstance, tally: StatTally) {
  await ensureStatMenu(app);
  app.post('/api/article/searchClick', { config: { public: true }, schema: SEARCH_INPUT.click, attachValidation: true }, async (request) => {
    const b = bodyOf(request);
    const keyword = typeof b.keyword === 'string' ? b.keyword.trim() : '';
    if (!keyword) throw missingParam('关键词');
    if ([...keyword].length > 50) throw invalidValue('关键词长度不能超过50个字符');
    tally.click(keyword);
    return ok(null);
  });
  app.get('/api/search/statistics', { config: { permission: STAT_PERMISSION }, schema: SEARCH_INPUT.statistics, attachValidation: true }, async (request) => {
    const days = daysParam(queryOf(request).days);
    await tally.flush();
    const since = formatDateTime(new Date(Date.now() - (days - 1) * 86_400_000)).slice(0, 10);
    const db = app.db;
    const daily = await db.selectFrom('search_stat').where('day', '>=', since).groupBy('day').orderBy('day')
      .select(['day', sql<number>`sum(searches)`.as('searches'), sql<number>`sum("zeroResults")`.as('zeroResults'), sql<number>`sum(clicks)`.as('clicks')]).execute();
    const byKeyword = () => db.selectFrom('search_stat').where('day', '>=', since).groupBy('keyword')
      .select(['keyword', sql<number>`sum(searches)`.as('searches'), sql<number>`sum("zeroResults")`.as('zeroResults'), sql<number>`sum(clicks)`.as('clicks'), sql<string>`max("rewrittenTo")`.as('rewrittenTo')]);
    const top = await byKeyword().orderBy(sql`sum(searches)`, 'desc').orderBy('keyword').limit(20).execute();
    const zero = await byKeyword().having(sql`sum("zeroResults")`, '>', 0).orderBy(sql`sum("zeroResults")`, 'desc').orderBy('keyword').limit(20).execute();
    const num = <T extends Record<string, unknown>>(r: T) => ({ ...r, searches: Number(r.searches), zeroResults: Number(r.zeroResults), clicks: Number(r.clicks) });
    return ok({ days, daily: daily.map(num), top: top.map(num), zero: zero.map(num) });
  });
}
