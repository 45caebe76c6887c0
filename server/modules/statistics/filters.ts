import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ResourceDecl } from '../../../resources/types.js';
import { departmentAndDescendants, scopeRule, type ScopeRule } from '../../auth/dataScope.js';
import type { Db } from '../../db/types.js';
import { invalidValue } from '../../http/errors.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { param } from '../../http/params.js';

/**
 * dataSearchDto: what every statistics call takes. startTime / endTime are `YYYY-MM-DD` or
 * `YYYY-MM-DD HH:mm:ss` (an end date without a time includes that whole day); deptId and columnId
 * narrow to that department / column and everything below it; dateType `day` | `month` groups trends.
 */
export interface DataSearch {
  startTime: string | null;
  endTime: string | null;
  deptId: number | null;
  columnId: number | null;
  dateType: 'day' | 'month';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function readTime(request: FastifyRequest, name: 'startTime' | 'endTime'): string | null {
  const v = param(request, name);
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw invalidValue(`日期格式不正确：${name}`);
  const s = v.trim().replace('T', ' ');
  if (DATETIME.test(s)) return s;
  if (DATE.test(s)) return name === 'startTime' ? `${s} 00:00:00` : `${s} 23:59:59`;
  throw invalidValue(`日期格式不正确：${name}`);
}

function readOptionalId(request: FastifyRequest, name: string): number | null {
  const v = param(request, name);
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${name}`);
  return n;
}

export function readDataSearch(request: FastifyRequest): DataSearch {
  const startTime = readTime(request, 'startTime');
  const endTime = readTime(request, 'endTime');
  if (startTime && endTime && startTime > endTime) throw invalidValue('开始时间不能晚于结束时间');
  const rawType = param(request, 'dateType') ?? param(request, 'type');
  if (rawType !== undefined && rawType !== null && rawType !== '' && rawType !== 'day' && rawType !== 'month') {
    throw invalidValue('统计方式只能是day或month');
  }
  return {
    startTime,
    endTime,
    deptId: readOptionalId(request, 'deptId'),
    columnId: readOptionalId(request, 'columnId'),
    dateType: rawType === 'month' ? 'month' : 'day',
  };
}

/** The article filter of one call: the caller's data scope, the department and column subtrees. */
export interface ArticleFilter {
  rule: ScopeRule;
  /** Departments the rows of a department table are drawn from (null: not limited beyond the scope). */
  deptIds: number[] | null;
  /** Column ids (the column and its subtree) when columnId is given. */
  columnIds: number[] | null;
}

export async function columnSubtree(db: Db, columnId: number): Promise<number[]> {
  const rows = await db.selectFrom('category').select(['categoryId', 'categoryCategoryId']).execute();
  const children = new Map<number, number[]>();
  for (const r of rows) {
    const p = r.categoryCategoryId;
    children.set(p, [...(children.get(p) ?? []), r.categoryId]);
  }
  if (!rows.some((r) => r.categoryId === columnId)) return [];
  const out: number[] = [];
  const queue = [columnId];
  while (queue.length) {
    const id = queue.shift() as number;
    if (out.includes(id)) continue;
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

export async function articleFilter(db: Db, request: FastifyRequest, decl: ResourceDecl, search: DataSearch): Promise<ArticleFilter> {
  const user = currentUser(request);
  const rule = await scopeRule(db, user, decl);
  let deptIds: number[] | null = rule.kind === 'depts' ? rule.deptIds : null;
  if (rule.kind === 'self') deptIds = user.deptId ? [user.deptId] : [];
  if (search.deptId) {
    const tree = await departmentAndDescendants(db, search.deptId);
    deptIds = deptIds ? tree.filter((id) => deptIds?.includes(id)) : tree;
  }
  const columnIds = search.columnId ? await columnSubtree(db, search.columnId) : null;
  return { rule, deptIds, columnIds };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/** WHERE of the article rows a call counts (scope, department, column), `a.` being the article table. */
export function articleWhere(eb: AnyEb, f: ArticleFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (f.rule.kind === 'self') parts.push(eb('a.creatorId', '=', f.rule.userId));
  if (f.deptIds) parts.push(f.deptIds.length ? eb('a.deptId', 'in', f.deptIds) : sql<SqlBool>`1 = 0`);
  if (f.columnIds) parts.push(f.columnIds.length ? eb('a.columnId', 'in', f.columnIds) : sql<SqlBool>`1 = 0`);
  return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
}

/** A time column within the range (texts `YYYY-MM-DD HH:mm:ss` compare in order on both databases). */
export function inRange(eb: AnyEb, column: string, s: DataSearch): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb(eb.ref(column), 'is not', null)];
  if (s.startTime) parts.push(eb(eb.ref(column), '>=', s.startTime));
  if (s.endTime) parts.push(eb(eb.ref(column), '<=', s.endTime));
  return eb.and(parts);
}
