import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { articleStatusLabel, ARTICLE_STATUS_OPTIONS } from '../../../../resources/article.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, PortalError } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, isBlank as blank, queryOf } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { accessFilter, applyArticleFilters, columnTitleMap, LIST_COLUMNS, readArticleIds, readSortOrder, todoStates, toApi } from '../articles/service.js';
import { loadReports } from '../../../entities/report.js';
import { REPORT_INPUT } from './inputs.js';
import reportDecl from '../../../../resources/report.js';
import { crudRouteSchemas } from '../../../crud/schema/routeSchemas.js';
import { safeSerializerCompiler } from '../../../crud/schema/serializer.js';
import { pageOf, slicePage } from '../../../shared/paging.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Q = SelectQueryBuilder<any, any, any>;

const search = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });
const STATUS_VALUES = ARTICLE_STATUS_OPTIONS.map((o) => o.value as number);

function statusList(v: unknown): number[] {
  const parts = Array.isArray(v) ? v : String(v).split(',');
  const out = parts.filter((p) => p !== '' && p !== null).map(Number);
  if (out.some((n) => !STATUS_VALUES.includes(n))) throw invalidValue('状态的值无效，可选值：3（编辑中）、4（审核中）、6（待终审）、2（已退回）、5（已发布）、1（已下线）');
  return out;
}

function paging(s: Row) {
  const num = Number(s.pageNum ?? s.pageNumber ?? 1);
  const size = Number(s.pageSize ?? 10);
  if (!Number.isInteger(num) || num < 1) throw invalidValue('参数格式不正确：pageNum');
  if (!Number.isInteger(size) || size < 1) throw invalidValue('参数格式不正确：pageSize');
  return { pageNum: num, pageSize: Math.min(size, 200) };
}

/** Only submissions: articles marked in article_report (no join, so the article filters stay unambiguous). */
const onlyReports = (db: Db) => (q: Q) => q.where('articleId', 'in', db.selectFrom('article_report').select('articleId'));

/** /api/report/*: the submissions of the reporting app (docs/search-and-reports.md). */
export async function reportRoutes(app: FastifyInstance) {
  const found = declarationOf(app, 'article');
  if (!found) return;
  const h = reportHelpers(app, found);
  reportListRoutes(app, h);
  reportCountRoute(app, h);
  reportDeleteRoute(app);
}

type ReportHelpers = ReturnType<typeof reportHelpers>;

/** The lists and pages the report routes share. */
function reportHelpers(app: FastifyInstance, articleDecl: ResourceDecl) {
  const db = app.db;

  /** The caller's reports (own / scope / review queue) with the shared filters. */
  async function filtered(user: PortalUser, s: Row, mode: 'my' | 'all' | 'queue'): Promise<Q> {
    let q = onlyReports(db)(db.selectFrom('article') as Q);
    if (mode === 'my') q = q.where('creatorId', '=', user.userId);
    else q = q.where(await accessFilter(db, user, articleDecl, 'read'));
    if (mode === 'queue') {
      const states = todoStates(user);
      q = states.length ? q.where('status', 'in', states) : q.where(sql<boolean>`1 = 0`);
    }
    q = await applyArticleFilters(db, q, s, true);
    if (!blank(s.status)) q = q.where('status', 'in', statusList(s.status));
    if (!blank(s.deptId)) {
      const d = Number(s.deptId);
      if (!Number.isSafeInteger(d) || d <= 0) throw invalidValue('参数格式不正确：deptId');
      q = q.where('deptId', 'in', await departmentAndDescendants(db, d));
    }
    return q;
  }

  async function page(q: Q, s: Row) {
    const { pageNum, pageSize } = paging(s);
    const total = Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    let rows = q.select([...LIST_COLUMNS]);
    for (const o of readSortOrder({ sortField: s.sortField ?? 'updateTime', sortOrder: s.sortOrder })) rows = rows.orderBy(o.field, o.order);
    const list = await rows.limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    const titles = await columnTitleMap(db);
    return pageOf(list.map((r) => toApi(r, titles)), { pageNum, pageSize }, total);
  }

  return { filtered, page };
}

/** My reports, those in my scope (the declared list call: the generic page's answer schema), my review queue. */
function reportListRoutes(app: FastifyInstance, { filtered, page }: ReportHelpers) {
  const response = crudRouteSchemas(reportDecl).list.response;
  for (const [url, permission, mode] of [['/api/report/my', 'report:my', 'my'], ['/api/report/reportList', 'report:list', 'all'], ['/api/report/role', 'report:role', 'queue']] as const) {
    const schema = mode === 'all' ? { ...REPORT_INPUT.list, response } : REPORT_INPUT.list;
    app.post(url, { config: { permission }, schema, serializerCompiler: safeSerializerCompiler, attachValidation: true }, async (request) => {
      const s = search(request);
      return ok(await page(await filtered(currentUser(request), s, mode), s));
    });
  }
}

/** Counts per department, month or state. */
function reportCountRoute(app: FastifyInstance, { filtered }: ReportHelpers) {
  // Counts per department, month or state, each split by state. startTime/endTime on the submission date.
  app.post('/api/report/reportDeptList', { config: { permission: 'report:list' }, schema: REPORT_INPUT.counts, attachValidation: true }, async (request) => {
    const s = search(request);
    const groupBy = blank(s.groupBy) ? 'dept' : String(s.groupBy);
    if (!['dept', 'month', 'status'].includes(groupBy)) throw invalidValue('groupBy的值无效，可选值：dept（按部门）、month（按月份）、status（按状态）');
    const { startTime, endTime, ...rest } = s;
    let q = await filtered(currentUser(request), rest, 'all');
    const day = sql<string>`coalesce(${sql.ref('submitTime')}, ${sql.ref('createTime')})`;
    for (const [v, op, name] of [[startTime, '>=', '开始时间'], [endTime, '<=', '结束时间']] as const) {
      if (blank(v)) continue;
      const t = String(v).trim();
      if (!/^\d{4}-\d{2}(-\d{2})?( \d{2}:\d{2}(:\d{2})?)?$/.test(t)) throw invalidValue(`${name}格式应为YYYY-MM-DD`);
      const bound = op === '>=' ? t : t.length <= 7 ? `${t}-31 23:59:59` : t.length === 10 ? `${t} 23:59:59` : t;
      q = q.where(sql<boolean>`${day} ${sql.raw(op)} ${bound}`);
    }
    const key = groupBy === 'dept' ? sql<string>`${sql.ref('deptId')}` : groupBy === 'month' ? sql<string>`substr(${day}, 1, 7)` : sql<string>`${sql.ref('status')}`;
    const rows = await q
      .select([key.as('k'), sql<string>`max(${sql.ref('deptName')})`.as('deptName'), 'status', (eb) => eb.fn.countAll().as('n')])
      .groupBy([key, 'status'])
      .execute();
    interface Group { key: string | number; name: string; total: number; counts: Record<number, number> }
    const byKey = new Map<string, Group>();
    for (const r of rows) {
      const k = String(r.k ?? '');
      const name = groupBy === 'dept' ? String(r.deptName ?? '未知部门') : groupBy === 'month' ? k : articleStatusLabel(r.status);
      const entry = byKey.get(k) ?? { key: groupBy === 'month' ? k : Number(k), name, total: 0, counts: Object.fromEntries(STATUS_VALUES.map((v) => [v, 0])) };
      const n = Number(r.n);
      entry.total += n;
      entry.counts[Number(r.status)] = (entry.counts[Number(r.status)] ?? 0) + n;
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
