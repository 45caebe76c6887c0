import { describeInput } from '../../../http/routeInput.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param } from '../../../http/params.js';
import { sendDownload } from '../../../shared/download.js';
import { formatDateTime } from '../../../util/time.js';
import { MONITOR_KEYS } from '../menus.js';
import { declarationOf } from '../../declarationLookup.js';
import { readSiteSettings } from '../../../shared/siteSettings.js';
import { reportDocx, reportXlsx } from './documents.js';
import { reportRows } from './figures.js';
import { STAFF_FIELDS } from './staffFields.js';

const YEAR = ['integer', '年度（必填，如 2026）'] as const;
/** What each annual-report route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
const ANNUAL_INPUT = {
  year: describeInput({ either: { year: YEAR } }),
  save: describeInput({ body: { fields: ['object', '人工填报的项目：{ 项目键: 值 }'] }, either: { year: YEAR } }),
};

function readYear(request: FastifyRequest): number {
  const raw = param(request, 'year');
  if (raw === undefined || raw === null || raw === '') throw missingParam('year');
  const year = Number(raw);
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw invalidValue('年份不正确');
  return year;
}

/** 政府网站工作年度报表 (国办函〔2018〕12号): preview, staff fields, Word and Excel. */
export async function annualReportRoutes(app: FastifyInstance) {
  const db = app.db;
  const decl = declarationOf(app, 'siteSetting');
  // The identity comes from 站点设置 only, with its declared defaults (a site never saved still has a name).
  const site = async () => (decl ? await readSiteSettings(db, decl) : {});
  const siteName = async () => String((await site()).siteName ?? '');
  const rowsOf = async (year: number) => reportRows(db, year, await site(), app.portal.config.dataDir);

  app.post('/website/annualReport/get', { config: { permission: MONITOR_KEYS.annualView }, schema: ANNUAL_INPUT.year, attachValidation: true }, async (request) => {
    const year = readYear(request);
    return ok({ year, siteName: await siteName(), ...(await rowsOf(year)) });
  });

  app.post('/website/annualReport/save', { config: { permission: MONITOR_KEYS.annualSave }, schema: ANNUAL_INPUT.save, attachValidation: true }, async (request) => {
    const year = readYear(request);
    const body = bodyOf(request);
    const fields = body.fields;
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw missingParam('fields');
    const clean: Record<string, string> = {};
    for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
      const def = STAFF_FIELDS.find((f) => f.key === key);
      if (!def) throw invalidValue(`不能填报的项目：${key}`);
      if (value !== null && typeof value !== 'string' && typeof value !== 'number') throw invalidValue(`${def.label}格式不正确`);
      const text = value === null ? '' : String(value).trim();
      if (text.length > 500) throw invalidValue(`${def.label}不能超过500个字符`);
      if (def.unit && text !== '' && !/^\d+(\.\d+)?$/.test(text)) throw invalidValue(`${def.label}应为数字`);
      if (def.yesNo && text !== '' && text !== '是' && text !== '否') throw invalidValue(`${def.label}应填“是”或“否”`);
      clean[key] = text;
    }
    const user = currentUser(request);
    await db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom('annual_report').select('fields').where('year', '=', year).executeTakeFirst();
      let merged: Record<string, string> = {};
      try {
        merged = old ? (JSON.parse(String(old.fields)) as Record<string, string>) : {};
      } catch {
        merged = {};
      }
      const values = { fields: JSON.stringify({ ...merged, ...clean }), updaterName: user.name, updateTime: formatDateTime() };
      if (old) await trx.updateTable('annual_report').set(values).where('year', '=', year).execute();
      else await trx.insertInto('annual_report').values({ year, ...values }).execute();
    });
    return ok({ year, siteName: await siteName(), ...(await rowsOf(year)) }, '保存成功');
  });

  app.post('/website/annualReport/word', { config: { permission: MONITOR_KEYS.annualView }, schema: ANNUAL_INPUT.year, attachValidation: true }, async (request, reply) => {
    const year = readYear(request);
    const { rows } = await rowsOf(year);
    return sendDownload(reply, await reportDocx(year, await siteName(), rows), `政府网站工作年度报表${year}.docx`);
  });

  app.post('/website/annualReport/excel', { config: { permission: MONITOR_KEYS.annualView }, schema: ANNUAL_INPUT.year, attachValidation: true }, async (request, reply) => {
    const year = readYear(request);
    const { rows } = await rowsOf(year);
    return sendDownload(reply, await reportXlsx(year, await siteName(), rows), `政府网站工作年度报表${year}.xlsx`);
  });
}
