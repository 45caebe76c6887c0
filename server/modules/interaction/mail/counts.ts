import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAIL_PERMISSIONS as P } from '../../../../resources/mail.js';
import { readPaging } from '../../../crud/listQuery.js';
import type { Db, Row } from '../../../db/types.js';
import { MAIL_INPUT } from './inputs.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../../http/errors.js';
import { bodyOf, queryOf, readId } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { pageOf } from '../../../shared/paging.js';

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

/** Mail counts per department: running counts (reset, manual correction) and their export; 实时统计 is the declaration's `groupCounts`. */
export async function mailCountRoutes(app: FastifyInstance) {
  const db = app.db;
  const getRow = async (id: number) => {
    const row = await db.selectFrom('mail_count').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return { ...row, replyRate: rate(row.repliedCount, row.receivedCount) };
  };

  app.post('/mailCount/list', { config: { permission: P.countList }, schema: MAIL_INPUT.counts, attachValidation: true }, async (request) => ok(await storedCounts(db, searchOf(request), true)));
  app.post('/mailCount/get', { config: { permission: P.countList }, schema: MAIL_INPUT.id, attachValidation: true }, async (request) => ok(await getRow(readId(request))));

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
}

export { storedCounts };
