import type { FastifyInstance } from 'fastify';
import { describeInput, ID, NO_INPUT, PAGING, TIME_RANGE } from '../../http/routeInput.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../http/errors.js';
import { readPaging } from '../../crud/listQuery.js';
import { normaliseDateTime } from '../../util/time.js';
import { bodyOf, param, queryOf, readId } from '../../http/params.js';
import { checkWebsite } from './availability.js';
import { dashboard } from './dashboard.js';
import { checkLinks } from './linkRun.js';
import { MONITOR_KEYS } from './menus.js';
import { systemInfo } from './serverStatus.js';
import { monitorSettings } from './settings.js';
import { runContentCheck } from './contentRecord.js';
import { pageOf } from '../../shared/paging.js';

const bag = (request: Parameters<typeof queryOf>[0]) => ({ ...queryOf(request), ...bodyOf(request) });

function timeParam(value: unknown, label: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const t = typeof value === 'string' ? normaliseDateTime(value.trim()) : null;
  if (!t) throw invalidValue(`${label}格式不正确，应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss`);
  return t;
}

/** What each monitoring route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
const M = {
  none: NO_INPUT,
  check: describeInput({ either: { id: ID, kind: ['string', '检测类型：availability（可用性，默认）或 links（链接）'] } }),
  chart: describeInput({ either: { websiteId: ['integer', '网站ID（必填）'], ...TIME_RANGE } }),
  links: describeInput({ either: { recordId: ['integer', '巡检记录ID（必填）'], external: ['integer', '1：只看外部链接；其他值：只看失效链接'], ...PAGING } }),
};

/** Monitoring calls: server figures, check now, record chart and links, the single-veto dashboard. */
export async function monitorRoutes(app: FastifyInstance) {
  const db = app.db;
  const settings = monitorSettings(app.portal.config);
  const info = async () => ok(await systemInfo(db, app.portal.dialect, app.portal.config.dataDir));
  app.post('/website/getOSSystemInfo', { config: { permission: 'serverInfo:list' }, schema: M.none, attachValidation: true }, info);
  // Same figures whatever the host: Node's os/fs calls answer them on Windows and elsewhere alike.
  app.post('/website/getWinSystemInfo', { config: { permission: 'serverInfo:list' }, schema: M.none, attachValidation: true }, info);

  app.post('/website/check', { config: { permission: 'website:update' }, schema: M.check, attachValidation: true }, async (request) => {
    const id = readId(request);
    const kind = String(param(request, 'kind') ?? 'availability');
    if (kind !== 'availability' && kind !== 'links') throw invalidValue('检测类型只能是availability或links');
    const site = await db.selectFrom('website').selectAll().where('id', '=', id).executeTakeFirst();
    if (!site) throw notFoundRecord();
    if (kind === 'links') {
      const { recordId, result } = await checkLinks(db, site, settings);
      return ok({ recordId, pages: result.pages, links: result.links, broken: result.findings.filter((f) => f.broken).length }, '链接检测完成');
    }
    const r = await checkWebsite(db, site, settings);
    return ok(r, r.ok ? '检测完成：正常' : `检测完成：${r.message}`);
  });

  app.post('/website/inspection/chart', { config: { permission: 'inspectionRecord:list' }, schema: M.chart, attachValidation: true }, async (request) => {
    const search = bag(request);
    const websiteId = Number(search.websiteId);
    if (!Number.isSafeInteger(websiteId) || websiteId <= 0) throw invalidValue('请选择网站');
    const start = timeParam(search.startTime, '开始时间');
    const end = timeParam(search.endTime, '结束时间');
    let q = db.selectFrom('inspection_record').select(['id', 'checkTime', 'responseMs', 'result', 'statusCode', 'message']).where('websiteId', '=', websiteId).where('kind', '=', 'availability');
    if (start) q = q.where('checkTime', '>=', start);
    if (end) q = q.where('checkTime', '<=', end.endsWith('00:00:00') ? end.replace('00:00:00', '23:59:59') : end);
    const rows = (await q.orderBy('checkTime', 'desc').orderBy('id', 'desc').limit(500).execute()).reverse();
    const up = rows.filter((r) => r.result === 1).length;
    const times = rows.map((r) => Number(r.responseMs ?? 0));
    return ok({
      points: rows.map((r) => ({ checkTime: String(r.checkTime), responseMs: Number(r.responseMs ?? 0), result: r.result, statusCode: r.statusCode, message: r.message })),
      checks: rows.length,
      uptimePercent: rows.length ? Math.round((up / rows.length) * 1000) / 10 : null,
      avgMs: times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : null,
      maxMs: times.length ? Math.max(...times) : null,
    });
  });

  app.post('/website/inspection/links', { config: { permission: 'inspectionRecord:get' }, schema: M.links, attachValidation: true }, async (request) => {
    const search = bag(request);
    const recordId = readId(request, 'recordId');
    const { pageNum, pageSize } = readPaging(search);
    let q = db.selectFrom('broken_link').where('recordId', '=', recordId);
    if (search.external === 1 || search.external === '1') q = q.where('external', '=', 1);
    else if (search.external !== undefined && search.external !== '') q = q.where('broken', '=', 1);
    const n = (await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
    const list = await q.selectAll().orderBy('id').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    return ok(pageOf(list, { pageNum, pageSize }, Number(n.n)));
  });

  app.post('/website/monitor/dashboard', { config: { permission: MONITOR_KEYS.dashboard }, schema: M.none, attachValidation: true }, async () => ok(await dashboard(db, Date.now(), app.portal.config.dataDir)));
  app.post('/website/monitor/contentCheck', { config: { permission: MONITOR_KEYS.dashboard }, schema: M.none, attachValidation: true }, async () => ok(await runContentCheck(db), '内容检查完成'));
}

