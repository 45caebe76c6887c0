import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { ResourceDecl } from '../../../resources/types.js';
import { confine } from '../../files/confine.js';
import type { Db, Row } from '../../db/types.js';
import { PortalError } from '../../http/errors.js';
import { descendantIds, loadColumns, type ColumnRow } from '../content/columns/service.js';
import type { Model } from '../content/contentModels/service.js';
import hotWordDecl from '../../../resources/hotWord.js';
import { answerDeclaredRead } from '../../crud/reads/serverRead.js';
import { PUBLIC_SITE_FIELDS, readSiteSettings } from '../system/siteSettings/index.js';
import { identityLinks } from '../../shared/siteIdentity.js';
import { DEFAULT_SKIN, ensureTemplatesRoot } from '../system/templates/store.js';
import { sanitizeStatCode } from '../system/siteSettings/statCode.js';
import { ARTICLE_FIELDS, articleItem, firstImage, orNull, articleRelPath, columnVar, listPageRel, loadModels, metaOf, modelValues, rootOf, uploadRefs } from './context.js';
import { sitePageJobs } from './pages.js';
import { articlePageExtras } from './articlePageHooks.js';
import { siteConfig } from './siteConfig.js';
import { forgetPages, recordShown } from './shownIndex.js';
import type { RenderPool } from './worker/pool.js';
import type { PageJob } from './worker/protocol.js';
import { ELDER_BOOT_SCRIPT } from '../../shared/elderBoot.js';
import { skinAssetVersion } from './assetVersion.js';
import { skinStamp } from './skinStamp.js';
import { copyAssets, publishUploads, removeFile } from './writer.js';
import { columnChunk, columnItems, countPublished, listPageChunks, pageCountOf } from './columnPages.js';
import { besideInListOrder } from './listOrder.js';
import { writeJobs } from './writeJobs.js';

/** Articles per list page. */
export const LIST_PAGE_SIZE = 20;
/** Articles per column block on the home page. */
export const HOME_BLOCK_SIZE = 8;
export { PAGE_BATCH } from './writeJobs.js';

export const SITE_DIR = 'site';
export const siteRoot = (dataDir: string) => path.join(dataDir, SITE_DIR);
export { articleRelPath } from './context.js';

export interface Base {
  site: Row;
  skinDir: string;
  skin: string;
  columns: ColumnRow[];
  models: Map<number, Model>;
  /** The skin's files as they stand (skinStamp.ts). */
  skinStamp: string;
  /** Variables every page shares (sent once per worker and run). */
  common: Row;
}

export interface GenerateResult {
  pages: number;
  paths: string[];
  removed?: number;
  assets?: number;
  uploads?: number;
}

/**
 * The static site generator (docs/generation.md). Pages are rendered by the render workers with the
 * current skin (site setting `templateSkin`) into `${dataDir}/site/`; every path is built from ids.
 */
export class SiteGenerator {
  private readonly assetVersions = new Map<string, string>();
  /** Told when a bulk run wrote pages without their .br/.gz (the module starts the background pass, precompress/). */
  onCopiesPending: () => void = () => undefined;

  constructor(
    readonly db: Db,
    readonly dataDir: string,
    private readonly siteDecl: ResourceDecl | undefined,
    readonly pool: RenderPool,
  ) {}

  get root(): string {
    return siteRoot(this.dataDir);
  }

  async base(): Promise<Base> {
    const settings = this.siteDecl ? await readSiteSettings(this.db, this.siteDecl) : {};
    const site: Row = {};
    for (const f of PUBLIC_SITE_FIELDS) site[f] = orNull(settings[f]);
    for (const k of ['logo', 'conacImage']) if (typeof site[k] === 'string') site[k] = (site[k] as string).replace(/^\/(uploads\/)/, '$1');
    // 47号 footer links built from the settings (ICP and 公安 look-ups, 我为政府网站找错 with the 网站标识码).
    Object.assign(site, identityLinks(site));
    // A statistics code stored before the save-time cleaning existed is never printed raw.
    if (typeof site.statCode === 'string') site.statCode = orNull(sanitizeStatCode(site.statCode));
    const skin = String(settings.templateSkin || DEFAULT_SKIN);
    const templates = await ensureTemplatesRoot(this.dataDir);
    let skinDir: string;
    try {
      skinDir = (await confine(templates, skin)).absolute;
      if (!(await fs.stat(skinDir)).isDirectory()) throw new Error('not a folder');
    } catch {
      throw new PortalError(1003, `当前模板不存在：${skin}`);
    }
    const columns = await loadColumns(this.db);
    const navColumns = columns
      .filter((c) => c.categoryCategoryId === 0)
      .map((c) => ({ ...columnVar(c), children: columns.filter((k) => k.categoryCategoryId === c.categoryId).map(columnVar) }));
    // The words under the search box: what 热词's public read answers (enabled, by sort, most searched first).
    const hotWords = ((await answerDeclaredRead(this.db, hotWordDecl, 'webList', { size: 10 }).catch(() => [])) as Row[]);
    const stamp = skinStamp(skinDir);
    // The fingerprint reads every stylesheet and script: once per state of the skin, not once per republish.
    let assetVersion = this.assetVersions.get(`${skinDir}\0${stamp}`);
    if (assetVersion === undefined) {
      assetVersion = await skinAssetVersion(skinDir);
      this.assetVersions.clear();
      this.assetVersions.set(`${skinDir}\0${stamp}`, assetVersion);
    }
    const common = { site, navColumns, hotWords, apiBase: siteConfig().publicApiUrl, keywords: site.keywords, description: site.description, assetVersion, elderBoot: ELDER_BOOT_SCRIPT };
    return { site, skinDir, skin, columns, models: await loadModels(this.db, columns), skinStamp: stamp, common };
  }

  /**
   * Runs `fn` with a render run of this base (the workers parse each template once for it). A `bulk` run (full
   * site, 生成栏目, 文章生成) writes its pages without their .br/.gz: the background pass makes them afterwards
   * (docs/generation.md "Delivery"); a republish's few pages get theirs inline.
   */
  async withRun<T>(base: Base, fn: (runId: number) => Promise<T>, bulk = false): Promise<T> {
    // SITE_PRECOMPRESS=inline: every run makes its copies itself (the behaviour before issue 26, session 30).
    const defer = bulk && process.env.SITE_PRECOMPRESS !== 'inline';
    const runId = this.pool.begin({ skinDir: base.skinDir, skinStamp: base.skinStamp, outDir: this.root, common: base.common, deferCopies: defer });
    try {
      return await fn(runId);
    } finally {
      this.pool.end(runId);
      if (defer) this.onCopiesPending();
    }
  }

  /** A column's template setting (relative to the templates root) as a file of the current skin, else `fallback`. */
  templateOf(base: Base, setting: unknown, fallback: string): string {
    if (typeof setting !== 'string' || !setting.trim()) return fallback;
    const s = setting.trim();
    return s.startsWith(`${base.skin}/`) ? s.slice(base.skin.length + 1) : fallback;
  }

  /**
   * Published articles (list fields, no body) of some columns, in list order. `after`: those after this row
   * (keyset, the next chunk of a list), else `offset` when the row has no sort or publish time to compare.
   */
  async published(columnIds: number[] | null, options: { limit?: number; offset?: number; since?: string; after?: Row } = {}): Promise<Row[]> {
    let q = this.db.selectFrom('article').select([...ARTICLE_FIELDS]).where('status', '=', 5);
    if (columnIds) q = q.where('columnId', 'in', columnIds.length ? columnIds : [-1]);
    if (options.since) q = q.where('publishTime', '>=', options.since);
    const a = options.after;
    const keyset = a !== undefined && a.sort != null && a.publishTime != null;
    if (keyset) q = q.where((eb) => besideInListOrder(eb, a, 'after'));
    q = q.orderBy('sort', 'desc').orderBy('publishTime', 'desc').orderBy('articleId', 'desc');
    if (options.limit !== undefined) q = q.limit(options.limit).offset(keyset ? 0 : (options.offset ?? 0));
    return await q.execute();
  }

  /** The home page's job: every list column's block holds the latest articles of it and its sub-columns. */
  async indexJob(base: Base, template = 'index.html'): Promise<PageJob> {
    const homeColumns: Row[] = [];
    for (const c of base.columns.filter((col) => col.columnType === 1)) {
      const rows = await this.published(descendantIds(base.columns, c.categoryId), { limit: HOME_BLOCK_SIZE });
      homeColumns.push({ column: columnVar(c), articles: rows.map(articleItem) });
    }
    const rel = 'index.html';
    return { rel, template, vars: { root: rootOf(rel), meta: metaOf(base.site, rel, null, null), homeColumns, isHome: true } };
  }

  /** The rendered home page (or another page template with its variables), nothing written. */
  async renderIndex(base: Base, template = 'index.html'): Promise<string> {
    const job = await this.indexJob(base, template);
    const html = await this.withRun(base, (run) => this.pool.render(run, [job], false));
    return html?.[0] ?? '';
  }

  async generateIndex(): Promise<GenerateResult> {
    const base = await this.base();
    // The site's own pages (services, search, 网站地图, 404) share the home page's navigation: written with it.
    const jobs = [await this.indexJob(base), ...(await sitePageJobs(this, base))];
    await this.withRun(base, (run) => this.pool.render(run, jobs, true));
    await recordShown(this.db, jobs);
    const assets = await copyAssets(base.skinDir, this.root);
    const uploads = await publishUploads(this.dataDir, this.root, this.siteUploads(base));
    return { pages: jobs.length, paths: jobs.map((j) => j.rel), assets, uploads };
  }

  /** Uploads the shared parts of every page use (the logo, column images). */
  siteUploads(base: Base): Set<string> {
    const refs = new Set<string>();
    uploadRefs(base.site.logo, refs);
    for (const c of base.columns) uploadRefs(c.categorySmallImg, refs);
    return refs;
  }

  requireColumn(base: Base, columnId: number): ColumnRow {
    const column = base.columns.find((c) => c.categoryId === columnId);
    if (!column) throw new PortalError(1003, '栏目不存在');
    return column;
  }

  /**
   * The jobs of a column's pages. `items` are the published articles of it and its sub-columns in list
   * order; `only` limits a list column to some page numbers; `window`: `items` are the rows from page
   * `first` on of a column of `count` articles (a chunk, columnPages.ts). A cover column has one page: its cover
   * template (else `cover.html`) with its sub-columns, their latest articles and its own first articles.
   */
  columnJobs(base: Base, column: ColumnRow, items: Row[], only?: ReadonlySet<number>, window?: { first: number; count: number }): PageJob[] {
    const colVar = columnVar(column);
    const children = base.columns.filter((c) => c.categoryCategoryId === column.categoryId).map(columnVar);
    const page = (rel: string, template: string, vars: Row): PageJob => ({
      rel,
      template,
      vars: { root: rootOf(rel), meta: metaOf(base.site, rel, colVar, null), column: colVar, children, keywords: colVar.keywords ?? base.site.keywords, description: colVar.description ?? base.site.description, ...vars },
    });
    if (column.columnType === 2) {
      const template = this.templateOf(base, column.columnUrl, 'cover.html');
      const childBlocks = children.map((child) => {
        const ids = new Set(descendantIds(base.columns, Number(child.id)));
        return { column: child, articles: items.filter((r) => ids.has(Number(r.columnId))).slice(0, HOME_BLOCK_SIZE).map(articleItem) };
      });
      const articles = items.filter((r) => Number(r.columnId) === column.categoryId).slice(0, LIST_PAGE_SIZE).map(articleItem);
      return [page(listPageRel(column.categoryId, 1), template, { articles, childBlocks, pagination: { current: 1, total: 1, count: articles.length, prev: '', next: '' } })];
    }
    const template = this.templateOf(base, column.columnListUrl, 'list.html');
    const count = window?.count ?? items.length;
    const first = window?.first ?? 1;
    const pageCount = pageCountOf(count);
    const last = window ? Math.min(pageCount, first - 1 + Math.max(1, Math.ceil(items.length / LIST_PAGE_SIZE))) : pageCount;
    const url = (p: number) => listPageRel(column.categoryId, p);
    const jobs: PageJob[] = [];
    for (let p = first; p <= last; p++) {
      if (only && !only.has(p)) continue;
      // filter: `items` may hold only some pages' rows (columnItems).
      const articles = items.slice((p - first) * LIST_PAGE_SIZE, (p - first + 1) * LIST_PAGE_SIZE).filter(Boolean).map(articleItem);
      const pagination = { current: p, total: pageCount, count, prev: p > 1 ? url(p - 1) : '', next: p < pageCount ? url(p + 1) : '' };
      jobs.push(page(url(p), template, { articles, pagination }));
    }
    return jobs;
  }

  /**
   * A column's pages: all its list pages (pages beyond the new count are removed), or only the page
   * numbers in `only`. A cover column has one page. External links have no pages (1005).
   */
  async generateColumn(columnId: number, options: { only?: ReadonlySet<number>; base?: Base; run?: number } = {}): Promise<GenerateResult> {
    const base = options.base ?? (await this.base());
    const column = this.requireColumn(base, columnId);
    if (column.columnType === 3) throw new PortalError(1005, `栏目“${column.categoryTitle}”是外链栏目，不生成页面`);
    const large = column.columnType === 1 && !options.only ? await countPublished(this, descendantIds(base.columns, columnId)) : 0;
    let jobs: PageJob[] = [];
    let pageCount = 1;
    const paths: string[] = [];
    if (pageCountOf(large) > columnChunk.pages) {
      // A large column: chunk by chunk, each written as it comes (a failed chunk leaves the earlier ones written).
      pageCount = pageCountOf(large);
      const chunks = listPageChunks(this, base, column, large);
      const write = (run: number) => this.writeJobs(run, chunks, (rels) => paths.push(...rels));
      await (options.run !== undefined ? write(options.run) : this.withRun(base, write, true));
      const pageOf = (rel: string) => Number(/_(\d+)\.html$/.exec(rel)?.[1] ?? 1);
      paths.sort((a, b) => pageOf(a) - pageOf(b));
    } else {
      const items = await columnItems(this, base, column, options.only);
      jobs = this.columnJobs(base, column, items, options.only);
      // All pages of a column up to the chunk size rendered before any is written: one batch.
      if (jobs.length && options.run !== undefined) await this.pool.render(options.run, jobs, true);
      else if (jobs.length) await this.withRun(base, (run) => this.pool.render(run, jobs, true), true);
      await recordShown(this.db, jobs);
      paths.push(...jobs.map((j) => j.rel));
      if (column.columnType === 1) pageCount = pageCountOf(items.length);
    }
    // List pages past the new last page (fewer articles now) are removed.
    const gone: string[] = [];
    const dir = path.join(this.root, 'column', String(columnId));
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      const m = /^index_(\d+)\.html$/.exec(name);
      if (m && Number(m[1]) > pageCount && (await removeFile(path.join(dir, name)))) gone.push(`column/${columnId}/${name}`);
    }
    await forgetPages(this.db, gone);
    const removed = gone.length;
    return { pages: paths.length, paths, removed };
  }

  /**
   * Published articles with their bodies, `limit` at a time in id order after `afterId` (keyset: one
   * query per chunk, however large the site). `+status` keeps SQLite on the primary key: on its status index
   * each chunk read and sorted every published row after `afterId`, bodies included — quadratic in the site's
   * size (issue 26, session 31: 0.66 s → 0.07 s of SQLite at 18,000 articles). PostgreSQL reads it the same.
   */
  async publishedChunk(afterId: number, limit: number): Promise<Row[]> {
    return await this.db
      .selectFrom('article')
      .select([...ARTICLE_FIELDS, 'content'])
      .where(sql<number>`+${sql.ref('status')}`, '=', 5)
      .where('articleId', '>', afterId)
      .orderBy('articleId', 'asc')
      .limit(limit)
      .execute();
  }

  /** Article page jobs of some rows (bodies, unless the rows hold them, and content-model values read in one query each); collects their uploads. */
  async articleJobs(base: Base, rows: Row[], uploads: Set<string>): Promise<PageJob[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => Number(r.articleId));
    const bodies = rows.every((r) => 'content' in r) ? rows : (await this.db.selectFrom('article').select(['articleId', 'content']).where('articleId', 'in', ids).execute());
    const content = new Map(bodies.map((r) => [Number(r.articleId), String(r.content ?? '')]));
    const fields = new Map<number, Row[]>();
    const byId = new Map(base.columns.map((c) => [c.categoryId, c]));
    for (const [modelId, model] of base.models) {
      const mine = rows.filter((r) => byId.get(Number(r.columnId))?.columnContentModelId === modelId);
      for (const [id, list] of await modelValues(this.db, model, mine.map((r) => Number(r.articleId)))) fields.set(id, list);
    }
    // What other domains add to the page, e.g. 朗读's `article.voice` (articlePageHooks.ts, docs/voice.md).
    const extras = await articlePageExtras(this.db, rows.map((r) => ({ id: Number(r.articleId), rel: articleRelPath(r), title: String(r.title ?? ''), content: content.get(Number(r.articleId)) ?? '' })));
    return rows.map((row) => {
      const id = Number(row.articleId);
      const column = byId.get(Number(row.columnId));
      const colVar = column ? columnVar(column) : { id: Number(row.columnId), name: '', type: 1, typeName: '列表', url: 'index.html' };
      const template = column ? this.templateOf(base, column.columnType === 1 ? column.columnUrl : null, 'content.html') : 'content.html';
      const rel = articleRelPath(row);
      const root = rootOf(rel);
      const body = content.get(id) ?? '';
      uploadRefs(body, uploads);
      uploadRefs(row.thumbnail, uploads);
      const list = fields.get(id) ?? [];
      const article = { ...articleItem(row), keywords: orNull(row.keywords), content: '', fields: list, field: Object.fromEntries(list.map((f) => [f.name, f.value])),
        ...Object.fromEntries(extras.map(([name, values]) => [name, values.get(id) ?? null])) };
      return {
        rel,
        template,
        body,
        vars: { root, meta: metaOf(base.site, rel, colVar, { ...article, summary: orNull(row.summary), bodyImage: firstImage(body) }), column: colVar, article, keywords: orNull(row.keywords) ?? base.site.keywords, description: orNull(row.summary) ?? base.site.description },
      };
    });
  }

  /** Renders, writes and records pages in batches (writeJobs.ts). */
  writeJobs(run: number, jobs: AsyncIterable<PageJob[]> | Iterable<PageJob[]>, onDone?: (rels: string[]) => void): Promise<number> {
    return writeJobs(this, run, jobs, onDone);
  }

  /**
   * The pages of the published articles of a column and the columns below it (0 = every column)
   * published on or after `since` (`YYYY-MM-DD`). `onProgress` hears done/total.
   */
  async generateArticles(columnId: number, since: string | null, onProgress?: (done: number, total: number, paths: string[]) => void): Promise<GenerateResult> {
    const base = await this.base();
    const ids = columnId === 0 ? null : descendantIds(base.columns, this.requireColumn(base, columnId).categoryId);
    const from = since ? `${since} 00:00:00` : undefined;
    const total = await countPublished(this, ids, from);
    const uploads = new Set<string>();
    const paths: string[] = [];
    // 500 rows at a time in list order, each chunk after the last row of the one before (keyset): bounded memory.
    const chunks = async function* (gen: SiteGenerator) {
      for (let after: Row | undefined, read = 0; ; ) {
        const rows = await gen.published(ids, { since: from, limit: 500, after, offset: read });
        if (!rows.length) break;
        [after, read] = [rows[rows.length - 1], read + rows.length];
        yield await gen.articleJobs(base, rows, uploads);
      }
    };
    await this.withRun(
      base,
      (run) =>
        this.writeJobs(run, chunks(this), (rels) => {
          paths.push(...rels);
          onProgress?.(paths.length, Math.max(total, paths.length), rels);
        }),
      true,
    );
    await publishUploads(this.dataDir, this.root, uploads);
    return { pages: paths.length, paths, uploads: uploads.size };
  }
}
