import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { setHtmlNotFound } from '../../http/errorHandler.js';
import { siteNotFoundPage } from './notFoundPage.js';
import type { FastifyInstance } from 'fastify';
import { ARTICLE_FOLLOWERS, type ArticleFollower } from '../content/articles/changes.js';
import { declarationOf } from '../declarationLookup.js';
import { setArticleRepublisher } from './articlePageHooks.js';
import { republishSitePages } from './pages.js';
import { setSitePageRepublisher } from './sitePageHooks.js';
import { ensureScreenMenu } from '../system/templates/menu.js';
import { generateSite } from './fullSite.js';
import { generationRoutes } from './routes.js';
import { GENERATION_PERMISSIONS } from './permissions.js';
import { installSiteGuard } from './guard/index.js';
import { GenerationJobs } from './progress.js';
import { republishArticle } from './republish.js';
import { SiteGenerator, siteRoot } from './service.js';
import { RenderPool } from './worker/pool.js';
import { siteCacheControl } from './cacheControl.js';
import { BackgroundCopies, precompressJob, registerCopies } from './precompress/index.js';
import { pendingCount } from './precompress/queue.js';
// Site pages that bring their own variables register themselves on import.
import './economyPage.js';
import './servicePages.js';
import './forumPages.js';
import './surveyPage.js';


/** The screen /main/article/static (src/pages/articleStatic.tsx). */
export const STATIC_MENU = { alias: 'article_static', name: '静态生成', icon: 'Language', url: '/main/article/static', sort: 30 } as const;

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
  const guard = installSiteGuard(app, siteRoot(dataDir));
  // A bulk run's .br/.gz are made after it, in the background (docs/generation.md "Delivery").
  const copies = new BackgroundCopies(guard.manifest, app.log);
  generator.onCopiesPending = () => copies.kick();
  const unregisterCopies = registerCopies(copies);
  app.addHook('onClose', async () => {
    unregisterCopies();
    await copies.close();
  });
  app.scheduler.add(precompressJob(copies, Number(process.env.SITE_PRECOMPRESS_INTERVAL_MS) || 60_000));

  await ensureScreenMenu(app.db, {
    ...STATIC_MENU,
    group: 'content',
    buttons: [
      { alias: GENERATION_PERMISSIONS.run, name: '生成页面' },
      { alias: GENERATION_PERMISSIONS.view, name: '预览首页' },
    ],
  });

  // Told by the article's behaviour after each committed change (server/entities/article.ts).
  const follower: ArticleFollower = (articleId, change) => republishArticle(generator, articleId, change).then(() => undefined);
  app.entities.provide(ARTICLE_FOLLOWERS.generation, follower);
  // A page whose read-aloud audio became ready (or was deleted) is rendered again (docs/voice.md).
  setArticleRepublisher(app.db, async (articleId) => void (await republishArticle(generator, articleId, 'changed')));
  // Site pages whose data changed (survey, forum: routes' `config.republish`), one republish at a time so
  // the forum's "changed since the last call" never overlaps; a failure is logged, the staff's change stands.
  let sitePagesQueue: Promise<void> = Promise.resolve();
  setSitePageRepublisher(app.db, (names) => {
    sitePagesQueue = sitePagesQueue.then(() => republishSitePages(generator, names).then(() => undefined, (e: unknown) => app.log.error(e, 'site page republish failed')));
    return sitePagesQueue;
  });

  generationRoutes(app, generator, jobs, () => pendingCount(app.db));

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
