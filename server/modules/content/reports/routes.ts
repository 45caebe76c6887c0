import type { FastifyInstance, FastifyRequest } from 'fastify';
import { articleStatusLabel, ARTICLE_STATUS_OPTIONS } from '../../../../resources/article.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, isBlank as blank, queryOf } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { REPORT_INPUT } from './inputs.js';
import { strictPaging } from '../../../crud/marks.js';
import type { ListCondition } from '../../../crud/entity/types.js';
import { slicePage } from '../../../shared/paging.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = any;
const search = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });
const STATUS_VALUES = ARTICLE_STATUS_OPTIONS.map((o) => o.value as number);

/** Only submissions: articles marked in article_report. */
const onlyReports: ListCondition = (eb) => eb('articleId', 'in', eb.selectFrom('article_report').select('articleId'));

/** /api/report/reportDeptList: the reporting app's statistics (docs/search-and-reports.md); the lists and the delete are report's `marks`. */
export async function reportRoutes(app: FastifyInstance) {
  if (!declarationOf(app, 'article')) return;
  reportCountRoute(app);
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
    const { pageNum, pageSize } = strictPaging({ pageNum: s.pageNum ?? s.pageNumber, pageSize: s.pageSize ?? 200 });
    return ok({ ...slicePage(list, { pageNum, pageSize }), groupBy });
  });
}
