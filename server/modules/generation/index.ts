import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { setHtmlNotFound } from '../../http/errorHandler.js';
import { siteNotFoundPage } from './notFoundPage.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { invalidValue, PortalError } from '../../http/errors.js';
import { addArticleHook } from '../content/articles/hooks.js';
import { declarationOf } from '../declarationLookup.js';
import { setArticleRepublisher } from './articlePageHooks.js';
import { republishSitePages } from './pages.js';
import { setSitePageRepublisher } from './sitePageHooks.js';
import { ensureScreenMenu } from '../system/templates/menu.js';
import { generateSite } from './fullSite.js';
import { installSiteGuard } from './guard/index.js';
import { GenerationJobs } from './progress.js';
import { republishArticle } from './republish.js';
import { SiteGenerator, siteRoot } from './service.js';
import { RenderPool } from './worker/pool.js';
import { siteCacheControl } from './cacheControl.js';
// Site pages that bring their own variables register themselves on import.
import './economyPage.js';
import './servicePages.js';
import './forumPages.js';
import './surveyPage.js';

export const GENERATION_PERMISSIONS = {
  run: 'generation:run',
  view: 'generation:view',
} as const;

/** The screen /main/article/static (src/pages/articleStatic.tsx). */
export const STATIC_MENU = { alias: 'article_static', name: '静态生成', icon: 'Language', url: '/main/article/static', sort: 30 } as const;

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

/**
 * 静态生成 (spec part 1 "Static generation", docs/generation.md): renders the current skin into
 * `${dataDir}/site/`, served read-only at /site/, and keeps article pages current through the article hook.
 */
export async function generationModule(app: FastifyInstance) {
  const dataDir = app.portal.config.dataDir;
  const pool = new RenderPool();
  app.addHook('onClose', () => pool.close());
  const generator = new SiteGenerator(app.db, dataDir, declarationOf(app, 'siteSetting'), pool);
  const jobs = new GenerationJobs();
  await fs.mkdir(siteRoot(dataDir), { recursive: true });
  installSiteGuard(app, siteRoot(dataDir));

  await ensureScreenMenu(app.db, {
    ...STATIC_MENU,
    group: 'content',
    buttons: [
      { alias: GENERATION_PERMISSIONS.run, name: '生成页面' },
      { alias: GENERATION_PERMISSIONS.view, name: '预览首页' },
    ],
  });

  addArticleHook(app.db, async (_db, articleId, change) => {
    await republishArticle(generator, articleId, change);
  });
  // A page whose read-aloud audio became ready (or was deleted) is rendered again (docs/voice.md).
  setArticleRepublisher(app.db, async (articleId) => void (await republishArticle(generator, articleId, 'changed')));
  // Site pages whose data changed (survey, forum: routes' `config.republish`), one republish at a time so
  // the forum's "changed since the last call" never overlaps; a failure is logged, the staff's change stands.
  let sitePagesQueue: Promise<void> = Promise.resolve();
  setSitePageRepublisher(app.db, (names) => {
    sitePagesQueue = sitePagesQueue.then(() => republishSitePages(generator, names).then(() => undefined, (e: unknown) => app.log.error(e, 'site page republish failed')));
    return sitePagesQueue;
  });

  const run = { config: { permission: GENERATION_PERMISSIONS.run } };

  app.post('/api/generate/generateIndex', run, async () => ok(await generator.generateIndex(), '首页生成成功'));

  app.get('/api/generate/:columnId/genernateColumn', run, async (request) => {
    const columnId = readColumnId(pathParam(request, 'columnId'), false);
    return ok(await generator.generateColumn(columnId), '栏目生成成功');
  });

  app.get('/api/generate/:columnId/:dateTime/generateArticle', run, async (request) => {
    const columnId = readColumnId(pathParam(request, 'columnId'), true);
    const since = readDate(pathParam(request, 'dateTime'));
    const result = await generator.generateArticles(columnId, since);
    return ok(result, result.pages ? `文章生成成功，共${result.pages}篇` : '没有符合条件的已发布文章');
  });

  // Background runs with progress (design; the spec has none): the whole site, or the articles of a column since a day.
  app.post('/api/generate/site', run, async (request) => {
    const status = jobs.start('site', async (progress) => (await generateSite(generator, progress)).pages, (e) => request.log.error(e));
    return ok(status, '全站生成已开始');
  });

  app.post('/api/generate/articles', run, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const columnId = readColumnId(String(body.columnId ?? '0'), true);
    const since = body.dateTime === undefined || body.dateTime === null || body.dateTime === '' ? null : readDate(String(body.dateTime));
    if (columnId) await generator.base().then((b) => generator.requireColumn(b, columnId));
    const status = jobs.start('articles', async (progress) => (await generator.generateArticles(columnId, since, progress)).pages, (e) => request.log.error(e));
    return ok(status, '文章生成已开始');
  });

  app.get('/api/generate/progress', run, async () => ok(jobs.status()));

  // A fresh install publishes its site once (shown on the 静态生成 screen's progress like any full run).
  if (app.portal.config.generateSiteOnStart) {
    app.addHook('onListen', async () => {
      const published = await fs.access(path.join(siteRoot(dataDir), 'index.html')).then(() => true, () => false);
      // A published site: one render worker starts now, so the first staff edit after a start does not wait
      // for a worker to load (about a second) before its pages are rewritten (issue 26).
      if (published) return pool.warm(1);
      app.log.info('public site not generated yet: generating it in the background');
      jobs.start('site', async (progress) => (await generateSite(generator, progress)).pages, (e) => app.log.error(e));
    });
  }

  app.get('/api/generate/:position/viewIndex', { config: { permission: GENERATION_PERMISSIONS.view } }, async (request) => {
    const template = readPosition(pathParam(request, 'position'));
    const base = await generator.base();
    try {
      await fs.access(`${base.skinDir}/${template}`);
    } catch {
      throw new PortalError(1003, `模板文件不存在：${template}`);
    }
    return ok(await generator.renderIndex(base, template));
  });

  // A browser's missing page gets the generated 404 page, not the API's JSON.
  setHtmlNotFound(app.portal, (request) => siteNotFoundPage(request, dataDir));
  // The generated pages, read-only and public, at /site/ (production serves the folder at the site's root).
  await app.register(async (site) => {
    site.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await site.register(fastifyStatic, {
      root: siteRoot(dataDir),
      prefix: '/site/',
      decorateReply: false,
      serveDotFiles: false,
      index: ['index.html'],
      redirect: true,
      // The generator writes .br and .gz beside each page and asset (compress.ts): sent as the browser accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', siteCacheControl(file, (res as unknown as { req?: { url?: string } }).req?.url ?? ''));
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  });
}
