import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db, Row } from '../../db/types.js';
import { articleWhere, type ArticleFilter, type DataSearch } from './filters.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/** Article states (docs/content.md). */
export const S = { offline: 1, returned: 2, draft: 3, auditing: 4, published: 5, finalReview: 6 } as const;
const STATE_NAMES: Record<number, string> = { 1: '已下线', 2: '已退回', 3: '编辑中', 4: '审核中', 5: '已发布', 6: '待终审' };

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

function between(eb: AnyEb, expr: Expression<unknown>, s: DataSearch): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb(expr, 'is not', null)];
  if (s.startTime) parts.push(eb(expr, '>=', s.startTime));
  if (s.endTime) parts.push(eb(expr, '<=', s.endTime));
  return eb.and(parts);
}

/** When an article counts as reported (报送): its last submission, else (direct publishing) its publish time. */
const reportTime = sql<string>`coalesce(a."submitTime", a."publishTime")`;
const publishTime = sql<string>`a."publishTime"`;

export interface ColumnRow {
  columnId: number;
  columnTitle: string;
  parentId: number;
  columnPath: string | null;
  published: number;
  hits: number;
  lastPublishTime: string | null;
}

/** Per column that takes articles: published articles in the range, their hits, the last publish time. */
async function listColumns(db: Db, f: ArticleFilter): Promise<Row[]> {
  let cols = db.selectFrom('category').select(['categoryId', 'categoryTitle', 'categoryCategoryId', 'columnPath', 'categorySort']).where('columnType', '!=', 3);
  if (f.columnIds) cols = f.columnIds.length ? cols.where('categoryId', 'in', f.columnIds) : cols.where(sql<SqlBool>`1 = 0`);
  return await cols.orderBy('categorySort').orderBy('categoryId').execute();
}

export async function columnCount(db: Db, f: ArticleFilter, s: DataSearch): Promise<ColumnRow[]> {
  const columns = await listColumns(db, f);
  const counts = await db
    .selectFrom('article as a')
    .select(['a.columnId', sql<number>`count(*)`.as('published'), sql<number>`coalesce(sum(a."hits"), 0)`.as('hits'), sql<string>`max(a."publishTime")`.as('lastPublishTime')])
    .where('a.status', '=', S.published)
    .where((eb) => eb.and([articleWhere(eb, f), between(eb, publishTime, s)]))
    .groupBy('a.columnId')
    .execute();
  const byId = new Map(counts.map((c) => [c.columnId, c]));
  return columns.map((c) => {
    const n = byId.get(Number(c.categoryId));
    return {
      columnId: Number(c.categoryId),
      columnTitle: String(c.categoryTitle),
      parentId: Number(c.categoryCategoryId),
      columnPath: (c.columnPath as string | null) ?? null,
      published: num(n?.published),
      hits: num(n?.hits),
      lastPublishTime: (n?.lastPublishTime as string | null | undefined) ?? null,
    };
  });
}

export interface DeptRow {
  deptId: number;
  deptName: string;
  submitted: number;
  auditing: number;
  accepted: number;
  published: number;
  rejected: number;
  /** published ÷ submitted, in percent with 2 decimals (0 when nothing was submitted). */
  publishRate: number;
  rank: number;
}

async function departmentsOf(db: Db, f: ArticleFilter): Promise<Row[]> {
  let q = db.selectFrom('departments').select(['id', 'name', 'parentId', 'sort']);
  if (f.deptIds) q = f.deptIds.length ? q.where('id', 'in', f.deptIds) : q.where(sql<SqlBool>`1 = 0`);
  return await q.orderBy('sort').orderBy('id').execute();
}

/**
 * 信息报送考核: per department in scope, the articles reported in the range (submitted for review, or
 * published directly) and what became of them: still in review, accepted (passed the first review:
 * 待终审, 已发布, 已下线), published (已发布 or 已下线 after publishing), returned; the publish rate.
 * Ranked by published, then rate, then submitted; every department in scope is listed, zeros included.
 */
export async function deptDataCount(db: Db, f: ArticleFilter, s: DataSearch): Promise<DeptRow[]> {
  const depts = await departmentsOf(db, f);
  const st = (states: number[]) => sql<number>`sum(case when a."status" in (${sql.join(states)}) then 1 else 0 end)`;
  const counts = await db
    .selectFrom('article as a')
    .select([
      'a.deptId',
      sql<number>`count(*)`.as('submitted'),
      st([S.auditing]).as('auditing'),
      st([S.finalReview, S.published, S.offline]).as('accepted'),
      st([S.published, S.offline]).as('published'),
      st([S.returned]).as('rejected'),
    ])
    .where('a.status', '!=', S.draft)
    .where((eb) => eb.and([articleWhere(eb, f), between(eb, reportTime, s)]))
    .groupBy('a.deptId')
    .execute();
  const byId = new Map(counts.map((c) => [Number(c.deptId), c]));
  const rows = depts.map((d) => {
    const c = byId.get(Number(d.id));
    const submitted = num(c?.submitted);
    const published = num(c?.published);
    return {
      deptId: Number(d.id),
      deptName: String(d.name),
      submitted,
      auditing: num(c?.auditing),
      accepted: num(c?.accepted),
      published,
      rejected: num(c?.rejected),
      publishRate: submitted ? Math.round((published / submitted) * 10000) / 100 : 0,
      rank: 0,
    };
  });
  rows.sort((a, b) => b.published - a.published || b.publishRate - a.publishRate || b.submitted - a.submitted || a.deptId - b.deptId);
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    r.rank = prev && prev.published === r.published && prev.publishRate === r.publishRate && prev.submitted === r.submitted ? prev.rank : i + 1;
  });
  return rows;
}

/** 发稿统计: published articles per department in the range (departments without any are left out). */
export async function deptCount(db: Db, f: ArticleFilter, s: DataSearch): Promise<{ deptId: number; deptName: string; count: number; hits: number }[]> {
  const depts = new Map((await departmentsOf(db, f)).map((d) => [Number(d.id), String(d.name)]));
  const rows = await db
    .selectFrom('article as a')
    .select(['a.deptId', sql<number>`count(*)`.as('count'), sql<number>`coalesce(sum(a."hits"), 0)`.as('hits')])
    .where('a.status', '=', S.published)
    .where((eb) => eb.and([articleWhere(eb, f), between(eb, publishTime, s)]))
    .groupBy('a.deptId')
    .execute();
  return rows
    .filter((r) => r.deptId !== null && depts.has(r.deptId))
    .map((r) => ({ deptId: Number(r.deptId), deptName: depts.get(Number(r.deptId)) as string, count: num(r.count), hits: num(r.hits) }))
    .sort((a, b) => b.count - a.count || a.deptId - b.deptId);
}

/** Published articles per department and column in the range. */
export async function deptByColumnCount(db: Db, f: ArticleFilter, s: DataSearch) {
  const depts = new Map((await departmentsOf(db, f)).map((d) => [Number(d.id), String(d.name)]));
  const rows = await db
    .selectFrom('article as a')
    .innerJoin('category as c', 'c.categoryId', 'a.columnId')
    .select(['a.deptId', 'a.columnId', 'c.categoryTitle', sql<number>`count(*)`.as('count'), sql<string>`max(a."publishTime")`.as('lastPublishTime')])
    .where('a.status', '=', S.published)
    .where((eb) => eb.and([articleWhere(eb, f), between(eb, publishTime, s)]))
    .groupBy(['a.deptId', 'a.columnId', 'c.categoryTitle'])
    .execute();
  return rows
    .filter((r) => r.deptId !== null && depts.has(r.deptId))
    .map((r) => ({
      deptId: Number(r.deptId),
      deptName: depts.get(Number(r.deptId)) as string,
      columnId: r.columnId,
      columnTitle: String(r.categoryTitle),
      count: num(r.count),
      lastPublishTime: (r.lastPublishTime as string | null) ?? null,
    }))
    .sort((a, b) => a.deptName.localeCompare(b.deptName, 'zh') || b.count - a.count || a.columnId - b.columnId);
}

/** 文章统计: per column, the articles created in the range by their current state. */
export async function categoryCountList(db: Db, f: ArticleFilter, s: DataSearch) {
  const columns = await listColumns(db, f);
  const st = (state: number) => sql<number>`sum(case when a."status" = ${state} then 1 else 0 end)`;
  const rows = await db
    .selectFrom('article as a')
    .select([
      'a.columnId',
      sql<number>`count(*)`.as('total'),
      st(S.draft).as('draft'),
      st(S.auditing).as('auditing'),
      st(S.finalReview).as('finalReview'),
      st(S.returned).as('returned'),
      st(S.published).as('published'),
      st(S.offline).as('offline'),
    ])
    .where((eb) => eb.and([articleWhere(eb, f), between(eb, sql`a."createTime"`, s)]))
    .groupBy('a.columnId')
    .execute();
  const byId = new Map(rows.map((r) => [r.columnId, r]));
  return columns.map((c) => {
    const r = byId.get(Number(c.categoryId));
    return {
      columnId: Number(c.categoryId),
      columnTitle: String(c.categoryTitle),
      parentId: Number(c.categoryCategoryId),
      total: num(r?.total),
      draft: num(r?.draft),
      auditing: num(r?.auditing),
      finalReview: num(r?.finalReview),
      returned: num(r?.returned),
      published: num(r?.published),
      offline: num(r?.offline),
    };
  });
}

/** Articles of the range by their current state (for a pie). */
export async function stateCount(db: Db, f: ArticleFilter, s: DataSearch) {
  const rows = await db
    .selectFrom('article as a')
    .select(['a.status', sql<number>`count(*)`.as('count')])
    .where((eb) => eb.and([articleWhere(eb, f), between(eb, sql`a."createTime"`, s)]))
    .groupBy('a.status')
    .execute();
  return rows.map((r) => ({ status: r.status, name: STATE_NAMES[r.status] ?? String(r.status), count: num(r.count) })).sort((a, b) => a.status - b.status);
}

/** Published articles per day (`YYYY-MM-DD`) or month (`YYYY-MM`) of the range; days without any are filled with 0. */
export async function categoryDateCount(db: Db, f: ArticleFilter, s: DataSearch) {
  const len = s.dateType === 'month' ? 7 : 10;
  const bucket = sql<string>`substr(a."publishTime", 1, ${sql.lit(len)})`;
  const rows = await db
    .selectFrom('article as a')
    .select([bucket.as('date'), sql<number>`count(*)`.as('count'), sql<number>`coalesce(sum(a."hits"), 0)`.as('hits')])
    .where('a.status', '=', S.published)
    .where((eb) => eb.and([articleWhere(eb, f), between(eb, publishTime, s)]))
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
  const found = new Map(rows.map((r) => [String(r.date), r]));
  const out: { date: string; count: number; hits: number }[] = [];
  const from = s.startTime ?? (rows[0]?.date as string | undefined);
  const to = s.endTime ?? (rows[rows.length - 1]?.date as string | undefined);
  const keys = from && to ? buckets(from, to, s.dateType) : null;
  if (!keys || keys.length > 3700) return rows.map((r) => ({ date: String(r.date), count: num(r.count), hits: num(r.hits) }));
  for (const k of keys) out.push({ date: k, count: num(found.get(k)?.count), hits: num(found.get(k)?.hits) });
  return out;
}

function buckets(from: string, to: string, type: 'day' | 'month'): string[] {
  const out: string[] = [];
  const [fy, fm, fd] = [Number(from.slice(0, 4)), Number(from.slice(5, 7)), Number(from.slice(8, 10)) || 1];
  const end = type === 'month' ? to.slice(0, 7) : to.slice(0, 10);
  const d = new Date(Date.UTC(fy, fm - 1, type === 'month' ? 1 : fd));
  for (let i = 0; i < 4000; i++) {
    const key = d.toISOString().slice(0, type === 'month' ? 7 : 10);
    if (key > end) break;
    out.push(key);
    if (type === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
