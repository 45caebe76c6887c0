import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { articleStatusLabel, ARTICLE_STATUS_OPTIONS } from '../../../../resources/article.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import type { Db, Row } from '../../../db/types.js';
import { ok, type Envelope } from '../../../http/envelope.js';
import { invalidValue, missingParam, PortalError } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { accessFilter, applyArticleFilters, columnTitleMap, LIST_COLUMNS, readArticleIds, readOpinion, readSortOrder, todoStates, toApi } from '../articles/service.js';
import { REPORT_INPUT } from './inputs.js';
import { pageOf, slicePage } from '../../../shared/paging.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Q = SelectQueryBuilder<any, any, any>;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
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
  reportAuditRoutes(app, h);
}

type ReportHelpers = ReturnType<typeof reportHelpers>;

/** Lists, pages, the forward to the article workflow and the access check the report routes share. */
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

  /** Runs a content-core call as the caller (same token and app), so its rules, history and hooks apply. */
  async function forward(request: FastifyRequest, url: string, payload: Row): Promise<Envelope> {
    const h = request.headers;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const k of ['authorization', 'appkey', 'clientid', 'version', 'user-agent']) if (typeof h[k] === 'string') headers[k] = h[k] as string;
    const r = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload), remoteAddress: request.ip });
    const body = r.json() as Envelope;
    if (r.statusCode === 403) throw new PortalError(1005, '没有执行该审核步骤的权限');
    if (body.errorCode !== '0') throw new PortalError(Number(body.errorCode) || 1005, body.errorMsg);
    return body;
  }

  /** Reports among the ids, inside the caller's access; anything else answers 1003. */
  async function loadReports(user: PortalUser, ids: number[], purpose: 'read' | 'own'): Promise<Row[]> {
    const rows = await onlyReports(db)(db.selectFrom('article') as Q)
      .select(['articleId', 'status', 'title'])
      .where('articleId', 'in', ids)
      .where(await accessFilter(db, user, articleDecl, purpose))
      .execute();
    if (rows.length !== ids.length) throw new PortalError(1003, '报送信息不存在或无权操作');
    return rows;
  }

  return { filtered, page, forward, loadReports };
}

/** My reports, those in my scope, my review queue. */
function reportListRoutes(app: FastifyInstance, { filtered, page }: ReportHelpers) {
  app.post('/api/report/my', { config: { permission: 'report:my' }, schema: REPORT_INPUT.list, attachValidation: true }, async (request) => {
    const s = search(request);
    return ok(await page(await filtered(currentUser(request), s, 'my'), s));
  });
  app.post('/api/report/reportList', { config: { permission: 'report:list' }, schema: REPORT_INPUT.list, attachValidation: true }, async (request) => {
    const s = search(request);
    return ok(await page(await filtered(currentUser(request), s, 'all'), s));
  });
  app.post('/api/report/role', { config: { permission: 'report:role' }, schema: REPORT_INPUT.list, attachValidation: true }, async (request) => {
    const s = search(request);
    return ok(await page(await filtered(currentUser(request), s, 'queue'), s));
  });

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

/** Review and delete, through the article workflow. */
function reportAuditRoutes(app: FastifyInstance, { forward, loadReports }: ReportHelpers) {
  // reportDto { ids | articleId, status: 1 通过 | 2 退回, opinion }: the matching workflow step of docs/content.md.
  app.post('/api/report/reportAudit', { config: { permission: 'report:audit' }, schema: REPORT_INPUT.audit, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const s = search(request);
    const ids = readArticleIds(queryOf(request), bodyOf(request));
    const raw = s.status ?? s.auditStatus ?? s.type;
    if (blank(raw)) throw missingParam('status');
    const decision = String(raw) === '1' || raw === 'pass' ? 'pass' : String(raw) === '2' || raw === 'reject' ? 'reject' : null;
    if (!decision) throw invalidValue('status的值无效，可选值：1（通过）、2（退回）');
    const opinion = readOpinion(queryOf(request), bodyOf(request), decision === 'reject');
    const rows = await loadReports(user, ids, 'read');
    const states = new Set(rows.map((r) => Number(r.status)));
    if (states.size > 1) throw new PortalError(1005, '所选报送处于不同的审核阶段，请分别审核');
    const state = [...states][0] as number;
    const has = (k: string) => user.permissions.has(k);
    let step: { url: string; key: string } | null = null;
    if (decision === 'pass' && state === 4) step = { url: '/api/article/accept', key: 'article:accept' };
    if (decision === 'pass' && state === 6) step = { url: '/api/article/approve', key: 'article:approve' };
    if (decision === 'reject' && state === 4) step = has('article:accept') ? { url: '/api/article/acceptReject', key: 'article:accept' } : { url: '/api/article/reject', key: 'article:reject' };
    if (decision === 'reject' && state === 6) step = { url: '/api/article/reject', key: 'article:reject' };
    if (!step) throw new PortalError(1005, `当前状态为${articleStatusLabel(state)}，不能审核`);
    if (!has(step.key)) throw new PortalError(1005, `当前状态为${articleStatusLabel(state)}，您没有${decision === 'pass' ? (state === 4 ? '初审' : '终审') : '退回'}权限`);
    const r = await forward(request, step.url, { ids, opinion: opinion ?? undefined });
    return ok(r.data, decision === 'pass' ? (state === 4 ? '初审通过' : '已发布') : '已退回');
  });

  app.post('/api/report/deleteReport', { config: { permission: 'report:delete' }, schema: REPORT_INPUT.ids, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const ids = readArticleIds(queryOf(request), bodyOf(request));
    await loadReports(user, ids, 'own');
    await forward(request, '/api/article/delete', { ids });
    return ok(ids.length, '删除成功');
  });
}
