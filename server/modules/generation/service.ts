import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ResourceDecl } from '../../../resources/types.js';
import { confine } from '../../files/confine.js';
import type { Db, Row } from '../../db/types.js';
import { PortalError } from '../../http/errors.js';
import { descendantIds, loadColumns, type ColumnRow } from '../content/columns/service.js';
import { parseFlags } from '../content/articles/service.js';
import { sanitizeArticleHtml } from '../content/articles/sanitize.js';
import { enabledHotWords } from '../system/hotWords/index.js';
import { PUBLIC_SITE_FIELDS, readSiteSettings } from '../system/siteSettings/index.js';
import { DEFAULT_SKIN, ensureTemplatesRoot } from '../system/templates/store.js';
import { renderPage } from './render.js';
import { writeEconomyPage } from './economyPage.js';

/** Articles per list page. */
export const LIST_PAGE_SIZE = 20;
/** Articles per column block on the home page. */
export const HOME_BLOCK_SIZE = 8;
/** Articles rendered before their pages are written (a template error stops before the batch is written). */
const ARTICLE_BATCH = 100;
/** Files of a skin copied to the site root (everything else, templates included, stays private). */
const ASSET_EXTENSIONS = new Set(['.css', '.js', '.png', '.jpg', '.jpeg', '.gif', '.svg', '.ico', '.webp', '.woff', '.woff2', '.ttf', '.eot']);
const TEMPLATE_EXTENSIONS = new Set(['.html', '.htm', '.liquid']);

export const SITE_DIR = 'site';
export const siteRoot = (dataDir: string) => path.join(dataDir, SITE_DIR);

const ARTICLE_FIELDS = ['articleId', 'title', 'subTitle', 'columnId', 'summary', 'thumbnail', 'flags', 'source', 'author', 'keywords', 'publishTime', 'jumpUrl', 'createTime', 'sort'] as const;

export const columnUrl = (c: ColumnRow): string =>
  c.columnType === 3 ? String(c.columnDiyUrl ?? '') : `/column/${c.categoryId}/index.html`;

/** `article/<yyyy>/<mm>/<id>.html`: built from the id and the stored publish time only. */
export function articleRelPath(row: Row): string {
  const time = String(row.publishTime || row.createTime || '');
  const m = /^(\d{4})-(\d{2})/.exec(time);
  const [yyyy, mm] = m ? [m[1], m[2]] : ['0000', '00'];
  return `article/${yyyy}/${mm}/${Number(row.articleId)}.html`;
}

const listPageName = (page: number) => (page <= 1 ? 'index.html' : `index_${page}.html`);

function articleItem(row: Row): Row {
  const flags = parseFlags(String(row.flags ?? '').replace(/^,|,$/g, ''));
  const jump = flags.includes(5) && typeof row.jumpUrl === 'string' && /^https?:\/\//i.test(row.jumpUrl) ? row.jumpUrl : null;
  return {
    id: Number(row.articleId),
    title: String(row.title ?? ''),
    subTitle: row.subTitle ?? '',
    url: jump ?? `/${articleRelPath(row)}`,
    pubDate: String(row.publishTime ?? row.createTime ?? ''),
    source: row.source ?? '',
    author: row.author ?? '',
    summary: row.summary ?? '',
    thumbnail: row.thumbnail ?? '',
    flags,
  };
}

const columnVar = (c: ColumnRow): Row => ({
  id: c.categoryId,
  name: c.categoryTitle,
  type: c.columnType,
  typeName: c.columnType === 2 ? '封面' : c.columnType === 3 ? '外链' : '列表',
  url: columnUrl(c),
  parentId: c.categoryCategoryId,
  keywords: c.columnKeyword ?? '',
  description: c.columnDescrip ?? '',
});

interface Base {
  site: Row;
  skinDir: string;
  skin: string;
  columns: ColumnRow[];
  navColumns: Row[];
  hotWords: Row[];
}

export interface GenerateResult {
  pages: number;
  paths: string[];
  removed?: number;
  assets?: number;
}

/** Writes `html` to `root/rel` through a temporary file and a rename: readers see the old or the new page. */
async function writePage(root: string, rel: string, html: string): Promise<void> {
  const target = path.join(root, ...rel.split('/'));
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    await fs.writeFile(tmp, html, { encoding: 'utf8', flag: 'wx' });
    await fs.rename(tmp, target);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

async function removeFile(file: string): Promise<boolean> {
  try {
    await fs.unlink(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The static site generator (docs/generation.md). Pages are rendered with the current skin
 * (site setting `templateSkin`) into `${dataDir}/site/`; every path is built from ids.
 */
export class SiteGenerator {
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly siteDecl: ResourceDecl | undefined,
  ) {}

  get root(): string {
    return siteRoot(this.dataDir);
  }

  async base(): Promise<Base> {
    const settings = this.siteDecl ? await readSiteSettings(this.db, this.siteDecl) : {};
    const site: Row = {};
    for (const f of PUBLIC_SITE_FIELDS) site[f] = settings[f] ?? '';
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
    const navColumns = columns.filter((c) => c.categoryCategoryId === 0).map(columnVar);
    const hotWords = await enabledHotWords(this.db, 10).catch(() => []);
    return { site, skinDir, skin, columns, navColumns, hotWords };
  }

  /** A column's template setting (relative to the templates root) as a file of the current skin, else `fallback`. */
  private templateOf(base: Base, setting: unknown, fallback: string): string {
    if (typeof setting !== 'string' || !setting.trim()) return fallback;
    const s = setting.trim();
    if (s.startsWith(`${base.skin}/`)) return s.slice(base.skin.length + 1);
    return fallback;
  }

  private async published(columnIds: number[] | null, options: { limit?: number; offset?: number; since?: string } = {}): Promise<Row[]> {
    let q = this.db.selectFrom('article').select([...ARTICLE_FIELDS]).where('status', '=', 5);
    if (columnIds) q = q.where('columnId', 'in', columnIds.length ? columnIds : [-1]);
    if (options.since) q = q.where('publishTime', '>=', options.since);
    q = q.orderBy('sort', 'desc').orderBy('publishTime', 'desc').orderBy('articleId', 'desc');
    if (options.limit !== undefined) q = q.limit(options.limit).offset(options.offset ?? 0);
    return (await q.execute()) as Row[];
  }

  private async countPublished(columnIds: number[]): Promise<number> {
    const r = (await this.db
      .selectFrom('article')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 5)
      .where('columnId', 'in', columnIds.length ? columnIds : [-1])
      .executeTakeFirst()) as Row | undefined;
    return Number(r?.n ?? 0);
  }

  private common(base: Base): Row {
    return { site: base.site, navColumns: base.navColumns, hotWords: base.hotWords, keywords: base.site.keywords, description: base.site.description };
  }

  /** The home page's HTML (`template` a page file of the skin, `index.html` by default). */
  async renderIndex(base: Base, template = 'index.html'): Promise<string> {
    const homeColumns: Row[] = [];
    for (const c of base.columns.filter((col) => col.columnType === 1)) {
      const rows = await this.published([c.categoryId], { limit: HOME_BLOCK_SIZE });
      homeColumns.push({ column: columnVar(c), articles: rows.map(articleItem) });
    }
    return renderPage(base.skinDir, template, { ...this.common(base), homeColumns });
  }

  /** Copies the skin's assets (css, js, images, fonts; no templates, no links) to the site root. */
  private async copyAssets(base: Base): Promise<number> {
    let count = 0;
    const walk = async (dir: string, rel: string[], depth: number): Promise<void> => {
      if (depth > 6) return;
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
        const abs = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          // Folders named like the generated ones would mix with pages.
          if (depth === 0 && ['article', 'column'].includes(entry.name)) continue;
          await walk(abs, [...rel, entry.name], depth + 1);
        } else if (entry.isFile()) {
          const ext = path.extname(entry.name).toLowerCase();
          if (TEMPLATE_EXTENSIONS.has(ext) || !ASSET_EXTENSIONS.has(ext)) continue;
          const target = path.join(this.root, ...rel, entry.name);
          await fs.mkdir(path.dirname(target), { recursive: true });
          const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
          await fs.copyFile(abs, tmp);
          await fs.rename(tmp, target);
          count++;
        }
      }
    };
    await walk(base.skinDir, [], 0);
    return count;
  }

  async generateIndex(): Promise<GenerateResult> {
    const base = await this.base();
    const html = await this.renderIndex(base);
    await writePage(this.root, 'index.html', html);
    const assets = await this.copyAssets(base);
    await writeEconomyPage(this.db, base, this.root); // the latest figures' page, economy.html (docs/economic-data.md)
    return { pages: 1, paths: ['index.html'], assets };
  }

  private async requireColumn(base: Base, columnId: number): Promise<ColumnRow> {
    const column = base.columns.find((c) => c.categoryId === columnId);
    if (!column) throw new PortalError(1003, '栏目不存在');
    return column;
  }

  /**
   * A column's pages: a list column's list pages (index.html, index_2.html, …; pages beyond the new count
   * are removed), a cover column's cover (its template, else `cover.html`, else the list template with
   * the first page). `firstPageOnly` renders page 1 only (after one article changed). External links
   * have no pages (1005).
   */
  async generateColumn(columnId: number, options: { firstPageOnly?: boolean; base?: Base } = {}): Promise<GenerateResult> {
    const base = options.base ?? (await this.base());
    const column = await this.requireColumn(base, columnId);
    if (column.columnType === 3) throw new PortalError(1005, `栏目“${column.categoryTitle}”是外链栏目，不生成页面`);
    const ids = descendantIds(base.columns, columnId);
    const total = await this.countPublished(ids);
    const colVar = columnVar(column);
    const children = base.columns.filter((c) => c.categoryCategoryId === columnId).map(columnVar);
    const ctx = {
      ...this.common(base),
      column: colVar,
      children,
      keywords: colVar.keywords || base.site.keywords,
      description: colVar.description || base.site.description,
    };
    const folder = `column/${columnId}`;
    const pages: [string, string][] = [];
    if (column.columnType === 2) {
      let template = this.templateOf(base, column.columnUrl, '');
      if (!template) template = (await fs.stat(path.join(base.skinDir, 'cover.html')).catch(() => null)) ? 'cover.html' : 'list.html';
      const articles = (await this.published(ids, { limit: LIST_PAGE_SIZE })).map(articleItem);
      pages.push([`${folder}/index.html`, await renderPage(base.skinDir, template, { ...ctx, articles, pagination: { current: 1, total: 1, prev: '', next: '' } })]);
    } else {
      const template = this.templateOf(base, column.columnListUrl, 'list.html');
      const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
      const last = options.firstPageOnly ? 1 : pageCount;
      const url = (p: number) => `/${folder}/${listPageName(p)}`;
      for (let p = 1; p <= last; p++) {
        const articles = (await this.published(ids, { limit: LIST_PAGE_SIZE, offset: (p - 1) * LIST_PAGE_SIZE })).map(articleItem);
        const pagination = { current: p, total: pageCount, count: total, prev: p > 1 ? url(p - 1) : '', next: p < pageCount ? url(p + 1) : '' };
        pages.push([`${folder}/${listPageName(p)}`, await renderPage(base.skinDir, template, { ...ctx, articles, pagination })]);
      }
    }
    // Everything rendered: now write.
    for (const [rel, html] of pages) await writePage(this.root, rel, html);
    let removed = 0;
    if (!options.firstPageOnly) {
      const keep = new Set(pages.map(([rel]) => rel.split('/').pop()));
      const dir = path.join(this.root, 'column', String(columnId));
      for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
        if (/^index_\d+\.html$/.test(name) && !keep.has(name) && (await removeFile(path.join(dir, name)))) removed++;
      }
    }
    return { pages: pages.length, paths: pages.map(([rel]) => rel), removed };
  }

  private async renderArticle(base: Base, row: Row, content: string): Promise<string> {
    const column = base.columns.find((c) => c.categoryId === Number(row.columnId));
    const colVar = column ? columnVar(column) : { id: Number(row.columnId), name: '', type: 1, typeName: '列表', url: '/index.html' };
    const template = column ? this.templateOf(base, column.columnType === 1 ? column.columnUrl : null, 'content.html') : 'content.html';
    const item = articleItem(row);
    const article = { ...item, keywords: row.keywords ?? '', content: sanitizeArticleHtml(content) };
    return renderPage(base.skinDir, template, {
      ...this.common(base),
      column: colVar,
      article,
      keywords: String(row.keywords || '') || base.site.keywords,
      description: String(row.summary || '') || base.site.description,
    });
  }

  private async contents(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = (await this.db.selectFrom('article').select(['articleId', 'content']).where('articleId', 'in', ids).execute()) as Row[];
    return new Map(rows.map((r) => [Number(r.articleId), String(r.content ?? '')]));
  }

  /**
   * The pages of the published articles of a column and the columns below it (0 = every column)
   * published on or after `since` (`YYYY-MM-DD`). Rendered in batches of 100, each written only when
   * all of it rendered.
   */
  async generateArticles(columnId: number, since: string): Promise<GenerateResult> {
    const base = await this.base();
    const ids = columnId === 0 ? null : descendantIds(base.columns, (await this.requireColumn(base, columnId)).categoryId);
    const rows = await this.published(ids, { since: `${since} 00:00:00` });
    const paths: string[] = [];
    for (let i = 0; i < rows.length; i += ARTICLE_BATCH) {
      const batch = rows.slice(i, i + ARTICLE_BATCH);
      const contents = await this.contents(batch.map((r) => Number(r.articleId)));
      const rendered: [string, string][] = [];
      for (const row of batch) rendered.push([articleRelPath(row), await this.renderArticle(base, row, contents.get(Number(row.articleId)) ?? '')]);
      for (const [rel, html] of rendered) {
        await writePage(this.root, rel, html);
        paths.push(rel);
      }
    }
    return { pages: paths.length, paths };
  }

  /** Removes every generated page of the article (whatever month it was filed under). */
  async removeArticlePage(articleId: number): Promise<number> {
    const dir = path.join(this.root, 'article');
    let removed = 0;
    for (const year of await fs.readdir(dir).catch(() => [] as string[])) {
      if (!/^\d{4}$/.test(year)) continue;
      for (const month of await fs.readdir(path.join(dir, year)).catch(() => [] as string[])) {
        if (!/^\d{2}$/.test(month)) continue;
        if (await removeFile(path.join(dir, year, month, `${articleId}.html`))) removed++;
      }
    }
    return removed;
  }

  /**
   * The article hook: a published article gets its page (at its current month, older copies removed),
   * its column's (and the columns above it) first list page and the home page; an article no longer public
   * loses its page, and the lists and the home page are refreshed.
   */
  async onArticle(articleId: number, change: string): Promise<void> {
    const row = (await this.db.selectFrom('article').select([...ARTICLE_FIELDS, 'status', 'content']).where('articleId', '=', articleId).executeTakeFirst()) as Row | undefined;
    const isPublic = row !== undefined && Number(row.status) === 5 && change !== 'removed';
    const base = await this.base();
    let affected: number[];
    if (isPublic) {
      const html = await this.renderArticle(base, row, String(row.content ?? ''));
      const rel = articleRelPath(row);
      await this.removeArticlePage(articleId);
      await writePage(this.root, rel, html);
      affected = this.columnAndAncestors(base, Number(row.columnId));
    } else {
      const removed = await this.removeArticlePage(articleId);
      if (row === undefined) {
        // Deleted: its column is unknown now; refresh every list column's first page when a page went away.
        affected = removed ? base.columns.filter((c) => c.columnType !== 3).map((c) => c.categoryId) : [];
      } else if (!removed && change === 'changed') {
        return; // a draft or a review step: nothing public changed
      } else {
        affected = this.columnAndAncestors(base, Number(row.columnId));
      }
      if (!removed && row === undefined) return;
    }
    for (const id of affected) {
      const column = base.columns.find((c) => c.categoryId === id);
      if (column && column.columnType !== 3) await this.generateColumn(id, { firstPageOnly: true, base });
    }
    await writePage(this.root, 'index.html', await this.renderIndex(base));
  }

  private columnAndAncestors(base: Base, columnId: number): number[] {
    const out: number[] = [];
    let current = base.columns.find((c) => c.categoryId === columnId);
    const seen = new Set<number>();
    while (current && !seen.has(current.categoryId)) {
      seen.add(current.categoryId);
      out.push(current.categoryId);
      current = base.columns.find((c) => c.categoryId === current?.categoryCategoryId);
    }
    return out;
  }
}

