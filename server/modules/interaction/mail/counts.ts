import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { MAIL_PERMISSIONS as P, MAIL_STAGE as S } from '../../../../resources/mail.js';
import { readPaging } from '../../../crud/listQuery.js';
import type { Db, Row } from '../../../db/types.js';
import { MAIL_INPUT } from './inputs.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../../http/errors.js';
import { bodyOf, queryOf, readId } from '../../../http/params.js';
import { DATE_RE, formatDateTime, normaliseDateTime } from '../../../util/time.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { pageOf, wholePage } from '../../../shared/paging.js';

type Bag = Record<string, unknown>;
const searchOf = (request: FastifyRequest): Bag => ({ ...queryOf(request), ...bodyOf(request) });
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const COUNT_FIELDS = ['receivedCount', 'repliedCount', 'returnedCount', 'overdueCount', 'satisfiedCount', 'unsatisfiedCount'] as const;

const rate = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0.0%');

/** Running counts per department (mail_count), since their last reset; `deptName` filters. */
async function storedCounts(db: Db, search: Bag, paged: boolean) {
  let base = db.selectFrom('mail_count');
  if (!blank(search.deptName)) base = base.where('deptName', 'like', `%${String(search.deptName).trim().replace(/[\\%_]/g, '')}%`);
  if (!blank(search.deptId)) base = base.where('deptId', '=', Number(search.deptId));
  const n = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  const totalRow = Number(n.n);
  const { pageNum, pageSize } = paged ? readPaging(search) : { pageNum: 1, pageSize: 10_000 };
  const rows = await base.selectAll().orderBy('receivedCount', 'desc').orderBy('deptId', 'asc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
  const list: Row[] = rows.map((r) => ({ ...r, replyRate: rate(r.repliedCount, r.receivedCount) }));
  return pageOf(list, { pageNum, pageSize }, totalRow);
}

function bound(v: unknown, end: boolean): string | null {
  if (blank(v)) return null;
  const text = String(v).trim();
  if (end && DATE_RE.test(text)) return `${text} 23:59:59`;
  const full = normaliseDateTime(text);
  if (!full) throw invalidValue('时间格式应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss');
  return full;
}

/**
 * Counted now from the letters (transferred in [startTime, endTime], by transfer time): received,
 * handling, returned, replied, overdue (past the deadline unreplied, or replied after it), satisfaction.
 */
async function realTimeCounts(db: Db, search: Bag) {
  const start = bound(search.startTime, false);
  const end = bound(search.endTime, true);
  const now = formatDateTime();
  let q = db.selectFrom('mail').where('transferDeptId', 'is not', null);
  if (start) q = q.where('transferTime', '>=', start);
  if (end) q = q.where('transferTime', '<=', end);
  if (!blank(search.deptId)) q = q.where('transferDeptId', '=', Number(search.deptId));
  const rows = await q
    .select([
      'transferDeptId as deptId',
      sql<string>`max(${sql.ref('transferDeptName')})`.as('deptName'),
      sql<number>`count(*)`.as('receivedCount'),
      sql<number>`sum(case when stage = ${S.TRANSFERRED} then 1 else 0 end)`.as('handlingCount'),
      sql<number>`sum(case when stage = ${S.RETURNED} then 1 else 0 end)`.as('returnedCount'),
      sql<number>`sum(case when stage = ${S.REPLIED} then 1 else 0 end)`.as('repliedCount'),
      sql<number>`sum(case when (stage = ${S.TRANSFERRED} and deadline < ${now}) or (stage = ${S.REPLIED} and deadline is not null and ${sql.ref('replyTime')} > deadline) then 1 else 0 end)`.as('overdueCount'),
      sql<number>`sum(case when satisfaction in (1, 2) then 1 else 0 end)`.as('satisfiedCount'),
      sql<number>`sum(case when satisfaction = 3 then 1 else 0 end)`.as('unsatisfiedCount'),
    ])
    .groupBy('transferDeptId')
    .execute();
  let list = rows.map((r) => {
    const out: Row = { deptId: Number(r.deptId), deptName: r.deptName };
    for (const k of ['receivedCount', 'handlingCount', 'returnedCount', 'repliedCount', 'overdueCount', 'satisfiedCount', 'unsatisfiedCount'] as const) out[k] = Number(r[k] ?? 0);
    out.replyRate = rate(out.repliedCount as number, out.receivedCount as number);
    return out;
  });
  if (!blank(search.deptName)) list = list.filter((r) => String(r.deptName ?? '').includes(String(search.deptName).trim()));
  list.sort((a, b) => Number(b.receivedCount) - Number(a.receivedCount) || Number(a.deptId) - Number(b.deptId));
  return wholePage(list);
}

const COUNT_COLUMNS = [
  { header: '部门', key: 'deptName', width: 20 },
  { header: '收到转办', key: 'receivedCount', width: 10 },
  { header: '已答复', key: 'repliedCount', width: 10 },
  { header: '已退回', key: 'returnedCount', width: 10 },
  { header: '超期', key: 'overdueCount', width: 10 },
  { header: '满意', key: 'satisfiedCount', width: 10 },
  { header: '不满意', key: 'unsatisfiedCount', width: 10 },
  { header: '答复率', key: 'replyRate', width: 10 },
];

/** Mail counts per department: running counts (reset, manual correction), real-time counts, exports. */
export async function mailCountRoutes(app: FastifyInstance) {
  const db = app.db;
  const getRow = async (id: number) => {
    const row = await db.selectFrom('mail_count').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return { ...row, replyRate: rate(row.repliedCount, row.receivedCount) };
  };

  app.post('/mailCount/list', { config: { permission: P.countList }, schema: MAIL_INPUT.counts, attachValidation: true }, async (request) => ok(await storedCounts(db, searchOf(request), true)));
  app.post('/mailCount/get', { config: { permission: P.countList }, schema: MAIL_INPUT.id, attachValidation: true }, async (request) => ok(await getRow(readId(request))));
  app.post('/mailCount/realTimeList', { config: { permission: P.countList }, schema: MAIL_INPUT.realTime, attachValidation: true }, async (request) => ok(await realTimeCounts(db, searchOf(request))));

  app.post('/mailCount/reset', { config: { permission: P.countReset }, schema: MAIL_INPUT.id, attachValidation: true }, async (request) => {
    const id = readId(request);
    await getRow(id);
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('mail_count').set({ ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, 0])), resetTime: now, updateTime: now }).where('id', '=', id).execute();
    });
    return ok(await getRow(id), '清零成功');
  });

  // mailCountDto: { id, receivedCount?, repliedCount?, … } — a manual correction of the running counts.
  app.post('/mailCount/update', { config: { permission: P.countUpdate }, schema: MAIL_INPUT.countUpdate, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const id = readId(request);
    await getRow(id);
    const values: Row = {};
    for (const f of COUNT_FIELDS) {
      if (blank(body[f])) continue;
      const n = Number(body[f]);
      if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw invalidValue(`${f}应为0到1000000的整数`);
      values[f] = n;
    }
    if (Object.keys(values).length) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('mail_count').set({ ...values, updateTime: formatDateTime() }).where('id', '=', id).execute();
      });
    }
    return ok(await getRow(id), '修改成功');
  });

  app.post('/mailCount/mailCountExcel', { config: { permission: P.countExport }, schema: MAIL_INPUT.counts, attachValidation: true }, async (request, reply) => {
    const { list } = await storedCounts(db, searchOf(request), false);
    return sendWorkbook(reply, `信件统计_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '信件统计', columns: COUNT_COLUMNS, rows: list }]);
  });

  app.post('/mailCount/mailCountRealExcel', { config: { permission: P.countExport }, schema: MAIL_INPUT.realTime, attachValidation: true }, async (request, reply) => {
    const { list } = await realTimeCounts(db, searchOf(request));
    const columns = [...COUNT_COLUMNS.slice(0, 2), { header: '办理中', key: 'handlingCount', width: 10 }, ...COUNT_COLUMNS.slice(2)];
    return sendWorkbook(reply, `信件实时统计_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '实时统计', columns, rows: list }]);
  });
}

export { storedCounts };
