import type { FastifyRequest } from 'fastify';
import { searchOf } from '../../../crud/routes.js';
import { readPaging } from '../../../crud/listQuery.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { bodyOf, param, readId } from '../../../http/params.js';
import { cleanText } from '../../../public/guard.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { paginate } from '../../../shared/paging.js';
import { optionLabel } from '../../../shared/records.js';
import { formatDateTime } from '../../../util/time.js';
import type { ThemeContext } from './context.js';
import { countColumns } from './helpers.js';
import { monthCounts } from './service.js';

const readMonth = (request: FastifyRequest, required = true): string | null => {
  const raw = param(request, 'month');
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw missingParam('month');
    return null;
  }
  const month = String(raw).trim().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw invalidValue('月份格式应为YYYY-MM');
  return month;
};
const channelOf = (request: FastifyRequest) => {
  const c = param(request, 'channel');
  if (c === undefined || c === null || c === '') return null;
  if (!['bbs', 'll', 'xax'].includes(String(c))) throw invalidValue('渠道的值无效，可选值：bbs（论坛）、ll（领导留言）、xax（县长信箱）');
  return String(c);
};

/** /themeCount/* and /admin/themeCount/*: live monthly counts, the stored snapshots and their export. */
export function themeCountRoutes({ app, decl, db, inputs: I }: ThemeContext) {
  const monthRows = (month: string, channel: string | null) => monthCounts(db, decl, month, channel);
  app.post('/themeCount/addMonthHistoryThemeCount', { config: { permission: 'theme:countEdit' }, schema: I.month, attachValidation: true }, async (request) => {
    const month = readMonth(request, false) ?? formatDateTime(new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1)).slice(0, 7);
    if (month > formatDateTime().slice(0, 7)) throw invalidValue('不能统计未来的月份');
    const rows = await monthRows(month, null);
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('theme_count').where('month', '=', month).execute();
      if (rows.length) await trx.insertInto('theme_count').values(rows.map((r) => ({ ...r, createTime: now, updateTime: now }))).execute();
    });
    return ok({ month, rows: rows.length }, '统计成功');
  });
  app.post('/themeCount/list', { config: { permission: 'theme:count' }, schema: I.monthList, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    let q = db.selectFrom('theme_count');
    const month = readMonth(request, false);
    if (month) q = q.where('month', '=', month);
    const channel = channelOf(request);
    if (channel) q = q.where('channel', '=', channel);
    return ok(await paginate(q, { pageNum, pageSize }, (s) => s.selectAll().orderBy('month', 'desc').orderBy('total', 'desc').orderBy('id', 'asc')));
  });
  const countGet = async (request: FastifyRequest) => {
    const row = await db.selectFrom('theme_count').selectAll().where('id', '=', readId(request)).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(row);
  };
  app.post('/themeCount/get', { config: { permission: 'theme:count' }, schema: I.id, attachValidation: true }, countGet);
  app.post('/admin/themeCount/get', { config: { permission: 'theme:count' }, schema: I.id, attachValidation: true }, countGet);
  app.post('/themeCount/listByMonth', { config: { permission: 'theme:count' }, schema: I.monthChannel, attachValidation: true }, async (request) => ok(await monthRows(readMonth(request) as string, channelOf(request))));
  themeSnapshotRoutes({ app, decl, db, inputs: I });
}

/** /admin/themeCount/*: the stored snapshots of a month, their export and corrections. */
function themeSnapshotRoutes({ app, decl, db, inputs: I }: Pick<ThemeContext, 'app' | 'decl' | 'db' | 'inputs'>) {
  const storedMonth = async (request: FastifyRequest) => {
    const month = readMonth(request) as string;
    let q = db.selectFrom('theme_count').selectAll().where('month', '=', month);
    const channel = channelOf(request);
    if (channel) q = q.where('channel', '=', channel);
    return await q.orderBy('channel', 'asc').orderBy('total', 'desc').orderBy('id', 'asc').execute();
  };
  app.post('/admin/themeCount/listByMonth', { config: { permission: 'theme:count' }, schema: I.monthChannel, attachValidation: true }, async (request) => ok(await storedMonth(request)));
  app.post('/admin/themeCount/listByMonthExcel', { config: { permission: 'theme:export' }, schema: I.monthChannel, attachValidation: true }, async (request, reply) => {
    const rows = await storedMonth(request);
    const label = optionLabel(decl, 'channel');
    return sendWorkbook(reply, `主题月度统计_${String(param(request, 'month')).slice(0, 7)}.xlsx`, [{ name: '月度统计', columns: [
      { header: '月份', key: 'month', width: 10 },
      { header: '渠道', key: 'channel', map: label, width: 10 },
      ...countColumns('部门'),
      { header: '备注', key: 'remark', width: 30 },
    ], rows: rows }]);
  });
  // Correct a snapshot row (figures and remark) — e.g. after a theme was wrongly counted.
  app.post('/admin/themeCount/edit', { config: { permission: 'theme:countEdit' }, schema: I.countEdit, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const id = readId(request);
    const values: Row = {};
    for (const f of ['total', 'passed', 'replied', 'handled', 'replyCount'] as const) {
      if (body[f] === undefined) continue;
      const n = Number(body[f]);
      if (!Number.isInteger(n) || n < 0 || n > 10_000_000 || body[f] === '' || body[f] === null) throw invalidValue(`${f}必须是非负整数`);
      values[f] = n;
    }
    if (body.remark !== undefined) values.remark = cleanText(body.remark, { label: '备注', max: 200 });
    const row = await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('theme_count').selectAll().where('id', '=', id).executeTakeFirst();
      if (!existing) throw notFoundRecord();
      const merged = { ...existing, ...values };
      if (merged.passed > merged.total || merged.replied > merged.total || merged.handled > merged.total) {
        throw invalidValue('通过、回复、办结数不能大于主题总数');
      }
      values.updateTime = formatDateTime();
      await trx.updateTable('theme_count').set(values).where('id', '=', id).execute();
      return trx.selectFrom('theme_count').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    return ok(row, '修改成功');
  });
}
