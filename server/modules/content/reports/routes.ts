import type { FastifyInstance, FastifyRequest } from 'fastify';
import { articleStatusLabel, ARTICLE_STATUS_OPTIONS } from '../../../../resources/article.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, PortalError } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, isBlank as blank, queryOf } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { readArticleIds } from '../articles/service.js';
import { loadReports } from '../../../entities/report.js';
import { REPORT_INPUT } from './inputs.js';
import reportDecl from '../../../../resources/report.js';
import { crudRouteSchemas } from '../../../crud/schema/routeSchemas.js';
import { safeSerializerCompiler } from '../../../crud/schema/serializer.js';
import type { ListCondition } from '../../../crud/entity/types.js';
import { slicePage } from '../../../shared/paging.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = any;
const search = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });
const STATUS_VALUES = ARTICLE_STATUS_OPTIONS.map((o) => o.value as number);

/** The page values as the reporting app sends them: a malformed one is refused, not read as the default. */
function paging(s: Row) {
  const num = Number(s.pageNum ?? s.pageNumber ?? 1);
  const size = Number(s.pageSize ?? 10);
  if (!Number.isInteger(num) || num < 1) throw invalidValue('参数格式不正确：pageNum');
  if (!Number.isInteger(size) || size < 1) throw invalidValue('参数格式不正确：pageSize');
  return { pageNum: num, pageSize: Math.min(size, 200) };
}

/** Only submissions: articles marked in article_report. */
const onlyReports: ListCondition = (eb) => eb('articleId', 'in', eb.selectFrom('article_report').select('articleId'));

/**
 * The article's own list (its filters, scope, reviewers' columns, queue and answer: server/entities/article/
 * list.ts) through the local API, over the submissions: my own (`creatorId`, whatever the scope), those in
 * my reach, or my review queue (the article list's `todo`). Newest change first unless the call sorts.
 */
function reportList(app: FastifyInstance, user: PortalUser, s: Row, mode: 'my' | 'all' | 'queue') {
  const { todo: _own, ...rest } = s;
  const values = { ...rest, ...paging(s), sortField: s.sortField ?? 'updateTime', ...(mode === 'queue' ? { todo: 1 } : {}) };
  const api = app.entities.api(user);
  if (mode === 'my') return api.asSystem().list('article', values, (eb) => eb.and([onlyReports(eb), eb('creatorId', '=', user.userId)]));
  return api.list('article', values, onlyReports);
}

/** /api/report/*: the submissions of the reporting app (docs/search-and-reports.md). */
export async function reportRoutes(app: FastifyInstance) {
  if (!declarationOf(app, 'article')) return;
  reportListRoutes(app);
  reportCountRoute(app);
  reportDeleteRoute(app);
}

/** My reports, those in my scope (the declared list call: the generic page's answer schema), my review queue. */
function reportListRoutes(app: FastifyInstance) {
  const response = crudRouteSchemas(reportDecl).list.response;
  for (const [url, permission, mode] of [['/api/report/my', 'report:my', 'my'], ['/api/report/reportList', 'report:list', 'all'], ['/api/report/role', 'report:role', 'queue']] as const) {
    const schema = mode === 'all' ? { ...REPORT_INPUT.list, response } : REPORT_INPUT.list;
    app.post(url, { config: { permission }, schema, serializerCompiler: safeSerializerCompiler, attachValidation: true }, async (request) => ok(await reportList(app, currentUser(request), search(request), mode)));
  }
}

/** The submission day of a counted article: its submission time, else its creation. */
const dayOf = (eb: Eb) => eb.fn.coalesce(eb.ref('article.submitTime'), eb.ref('article.createTime'));
const GROUPS = {
  dept: ['deptId', 'deptName', 'status'],
  month: [{ name: 'month', expr: (eb: Eb) => eb.fn('substr', [dayOf(eb), eb.val(1), eb.val(7)]) }, 'status'],
  status: ['status'],
} as const;

/** A `startTime` / `endTime` of the counts as the day's bound (a month or a day takes its whole span). */
function dayBound(v: unknown, end: boolean, name: string): string | null {
  if (blank(v)) return null;
  const t = String(v).trim();
  if (!/^\d{4}-\d{2}(-\d{2})?( \d{2}:\d{2}(:\d{2})?)?$/.test(t)) throw invalidValue(`${name}格式应为YYYY-MM-DD`);
  return !end ? t : t.length <= 7 ? `${t}-31 23:59:59` : t.length === 10 ? `${t} 23:59:59` : t;
}

interface Group { key: string | number; name: string; total: number; counts: Record<number, number> }

/**
 * Counts per department, month or state, each split by state, over the submissions the report list finds:
 * one grouped count of the local API (the article's filters, scope and listWhere hooks), summed per key.
 */
function reportCountRoute(app: FastifyInstance) {
  app.post('/api/report/reportDeptList', { config: { permission: 'report:list' }, schema: REPORT_INPUT.counts, attachValidation: true }, async (request) => {
    const s = search(request);
    const groupBy = blank(s.groupBy) ? 'dept' : String(s.groupBy);
    if (!['dept', 'month', 'status'].includes(groupBy)) throw invalidValue('groupBy的值无效，可选值：dept（按部门）、month（按月份）、status（按状态）');
    const { startTime, endTime, todo: _own, ...rest } = s;
    const [from, to] = [dayBound(startTime, false, '开始时间'), dayBound(endTime, true, '结束时间')];
    const where: ListCondition = (eb) => eb.and([onlyReports(eb), ...(from === null ? [] : [eb(dayOf(eb), '>=', from)]), ...(to === null ? [] : [eb(dayOf(eb), '<=', to)])]);
    const counted = await app.entities.api(currentUser(request)).count('article', { search: rest, where, groupBy: GROUPS[groupBy as keyof typeof GROUPS] });
    const byKey = new Map<string, Group>();
    for (const r of counted) {
      const k = groupBy === 'dept' ? String(r.deptId ?? '') : groupBy === 'month' ? String(r.month ?? '') : String(r.status);
      const name = groupBy === 'dept' ? String(r.deptName ?? '未知部门') : groupBy === 'month' ? k : articleStatusLabel(r.status);
      const entry = byKey.get(k) ?? { key: groupBy === 'month' ? k : Number(k), name, total: 0, counts: Object.fromEntries(STATUS_VALUES.map((v) => [v, 0])) };
      entry.total += Number(r.count);
      entry.counts[Number(r.status)] = (entry.counts[Number(r.status)] ?? 0) + Number(r.count);
      byKey.set(k, entry);
    }
    const groups = [...byKey.values()];
    groups.sort((a, b) => (groupBy === 'month' ? String(a.key).localeCompare(String(b.key)) : b.total - a.total || a.name.localeCompare(b.name)));
    const list = groups.map((e) => ({
      ...e,
      ...(groupBy === 'dept' ? { deptId: e.key, deptName: e.name } : {}),
      editing: e.counts[3] ?? 0, review: e.counts[4] ?? 0, accepted: e.counts[6] ?? 0, rejected: e.counts[2] ?? 0, published: e.counts[5] ?? 0, offline: e.counts[1] ?? 0,
    }));
    const { pageNum, pageSize } = paging({ pageNum: s.pageNum ?? s.pageNumber, pageSize: s.pageSize ?? 200 });
    return ok({ ...slicePage(list, { pageNum, pageSize }), groupBy });
  });
}

/**
 * Delete: the submissions' articles, through the local API as the caller (the article's own hooks — its
 * state check, dependents, followers — run; the mark goes with the article). The audit is the declared
 * action of server/entities/report.ts.
 */
function reportDeleteRoute(app: FastifyInstance) {
  const response = crudRouteSchemas(reportDecl).delete.response;
  app.post('/api/report/deleteReport', { config: { permission: 'report:delete' }, schema: { ...REPORT_INPUT.ids, response }, serializerCompiler: safeSerializerCompiler, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const ids = readArticleIds(queryOf(request), bodyOf(request));
    await loadReports(app.db, user, ids, 'own');
    // The article's delete key, as the article's own delete call asks it.
    if (!user.permissions.has('article:delete')) throw new PortalError(1005, '没有执行该审核步骤的权限');
    await app.entities.api(user).delete('article', ids);
    return ok(ids.length, '删除成功');
  });
}
