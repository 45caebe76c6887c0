import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { invalidValue, PortalError } from '../../http/errors.js';
import { describeInput, NO_INPUT, NO_QUERY, type InputField } from '../../http/routeInput.js';
import { generateSite } from './fullSite.js';
import { GENERATION_PERMISSIONS } from './permissions.js';
import type { GenerationJobs } from './progress.js';
import type { SiteGenerator } from './service.js';

/** Request schemas (descriptive: the handlers' own checks answer bad values in Chinese). */
const COLUMN: InputField = ['integer', '栏目ID（0 为全部栏目，仅文章生成可用）'];
const DAY: InputField = ['string', '起始日期，YYYY-MM-DD'];
const INPUT = {
  none: NO_INPUT,
  noQuery: NO_QUERY,
  column: describeInput({ path: { columnId: COLUMN } }),
  articles: describeInput({ path: { columnId: COLUMN, dateTime: DAY } }),
  articleJob: describeInput({ body: { columnId: COLUMN, dateTime: ['string', '起始日期，YYYY-MM-DD；不传为全部'] } }),
  preview: describeInput({ path: { position: ['string', '预览位置：0/1 为首页，或皮肤的页面模板名'] } }),
};

const pathParam = (request: FastifyRequest, name: string): string => String((request.params as Record<string, unknown>)[name] ?? '');

/** A column id from the path: a whole number ≥ 0 (0 = every column where allowed). */
export function readColumnId(raw: string, allowAll: boolean): number {
  if (!/^\d{1,10}$/.test(raw)) throw invalidValue('栏目编号无效');
  const id = Number(raw);
  if (id === 0 && !allowAll) throw invalidValue('请选择要生成的栏目');
  return id;
}

/** `YYYY-MM-DD`, a real calendar day. */
export function readDate(raw: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!m) throw invalidValue('日期格式不正确，应为YYYY-MM-DD');
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw invalidValue('日期格式不正确，应为YYYY-MM-DD');
  }
  return raw;
}

/** The preview position: a number (the spec's clients send 0/1) is the home page; a name is a page template of the skin. */
export function readPosition(raw: string): string {
  if (/^\d{1,4}$/.test(raw) || raw === 'index') return 'index.html';
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(raw)) throw invalidValue('预览位置无效');
  return `${raw}.html`;
}

/** /api/generate/*: the 静态生成 screen's calls (spec part 1 "Static generation", docs/generation.md). */
export function generationRoutes(app: FastifyInstance, generator: SiteGenerator, jobs: GenerationJobs, pendingCopies: () => Promise<number>) {
  const run = { config: { permission: GENERATION_PERMISSIONS.run }, attachValidation: true };

  app.post('/api/generate/generateIndex', { ...run, schema: INPUT.none }, async () => ok(await generator.generateIndex(), '首页生成成功'));

  app.get('/api/generate/:columnId/genernateColumn', { ...run, schema: INPUT.column }, async (request) => {
    const columnId = readColumnId(pathParam(request, 'columnId'), false);
    return ok(await generator.generateColumn(columnId), '栏目生成成功');
  });

  app.get('/api/generate/:columnId/:dateTime/generateArticle', { ...run, schema: INPUT.articles }, async (request) => {
    const columnId = readColumnId(pathParam(request, 'columnId'), true);
    const since = readDate(pathParam(request, 'dateTime'));
    const result = await generator.generateArticles(columnId, since);
    return ok(result, result.pages ? `文章生成成功，共${result.pages}篇` : '没有符合条件的已发布文章');
  });

  // Background runs with progress (design; the spec has none): the whole site, or the articles of a column since a day.
  app.post('/api/generate/site', { ...run, schema: INPUT.none }, async (request) => {
    const status = jobs.start('site', async (progress) => (await generateSite(generator, progress)).pages, (e) => request.log.error(e));
    return ok(status, '全站生成已开始');
  });

  app.post('/api/generate/articles', { ...run, schema: INPUT.articleJob }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const columnId = readColumnId(String(body.columnId ?? '0'), true);
    const since = body.dateTime === undefined || body.dateTime === null || body.dateTime === '' ? null : readDate(String(body.dateTime));
    if (columnId) await generator.base().then((b) => generator.requireColumn(b, columnId));
    const status = jobs.start('articles', async (progress) => (await generator.generateArticles(columnId, since, progress)).pages, (e) => request.log.error(e));
    return ok(status, '文章生成已开始');
  });

  app.get('/api/generate/progress', { ...run, schema: INPUT.noQuery }, async () => ok(jobs.status()));

  // Pages live but still without their .br/.gz (made by the background pass after a bulk run; design, the spec
  // has none): site-wide, from the manifest, so every instance answers the same.
  app.get('/api/generate/copies', { ...run, schema: INPUT.noQuery }, async () => ok({ pending: await pendingCopies() }));

  app.get('/api/generate/:position/viewIndex', { config: { permission: GENERATION_PERMISSIONS.view }, schema: INPUT.preview, attachValidation: true }, async (request) => {
    const template = readPosition(pathParam(request, 'position'));
    const base = await generator.base();
    try {
      await fs.access(`${base.skinDir}/${template}`);
    } catch {
      throw new PortalError(1003, `模板文件不存在：${template}`);
    }
    return ok(await generator.renderIndex(base, template));
  });

}
