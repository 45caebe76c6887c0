import { type Db, type Row, dynamic } from '../../db/types.js';
import { parseFlags } from '../content/articles/service.js';
import type { ColumnRow } from '../content/columns/service.js';
import { physicalTable, loadModel, type Model } from '../content/contentModels/service.js';
import { siteConfig } from './siteConfig.js';

/**
 * The template variables of the generated pages (docs/generation.md "Templates and variables").
 * Every URL here is relative to the site root (`column/3/index.html`); templates print it through
 * `| href: root`, so the pages work at /site/, at a web root and under SITE_BASE_URL.
 */

export const ARTICLE_FIELDS = ['articleId', 'title', 'subTitle', 'columnId', 'summary', 'thumbnail', 'flags', 'source', 'author', 'keywords', 'publishTime', 'jumpUrl', 'createTime', 'sort'] as const;

/** The category names of column types (the ColumnType meta tag prints the name). */
export const COLUMN_TYPE_NAMES: Record<number, string> = { 1: '列表', 2: '封面', 3: '外链' };

export const columnUrl = (c: ColumnRow): string => (c.columnType === 3 ? String(c.columnDiyUrl ?? '') : `column/${c.categoryId}/index.html`);

const listPageName = (page: number) => (page <= 1 ? 'index.html' : `index_${page}.html`);

/** A list column's page `page` under the site folder. */
export const listPageRel = (columnId: number, page: number) => `column/${columnId}/${listPageName(page)}`;

/** `article/<yyyy>/<mm>/<id>.html`: built from the id and the stored publish time only. */
export function articleRelPath(row: Row): string {
  const time = String(row.publishTime || row.createTime || '');
  const m = /^(\d{4})-(\d{2})/.exec(time);
  const [yyyy, mm] = m ? [m[1], m[2]] : ['0000', '00'];
  return `article/${yyyy}/${mm}/${Number(row.articleId)}.html`;
}

/** Liquid treats '' as true: an unset value is null, so `{% if x %}` prints nothing for it. */
export const orNull = (v: unknown): unknown => (v === undefined || v === null || v === '' ? null : v);

/** Uploaded files (`/uploads/…`) print as site-relative links: they are published with the site. */
const siteLink = (u: unknown): string | null => (typeof u === 'string' && u ? u.replace(/^\/(uploads\/)/, '$1') : null);

export function articleItem(row: Row): Row {
  const flags = parseFlags(String(row.flags ?? '').replace(/^,|,$/g, ''));
  const jump = flags.includes(5) && typeof row.jumpUrl === 'string' && /^https?:\/\//i.test(row.jumpUrl) ? row.jumpUrl : null;
  return {
    id: Number(row.articleId),
    columnId: Number(row.columnId),
    title: String(row.title ?? ''),
    subTitle: orNull(row.subTitle),
    url: jump ?? articleRelPath(row),
    pubDate: String(row.publishTime ?? row.createTime ?? ''),
    source: orNull(row.source),
    author: orNull(row.author),
    summary: orNull(row.summary),
    thumbnail: siteLink(row.thumbnail),
    flags,
  };
}

export const columnVar = (c: ColumnRow): Row => ({
  id: c.categoryId,
  name: c.categoryTitle,
  type: c.columnType,
  typeName: COLUMN_TYPE_NAMES[c.columnType] ?? '列表',
  url: columnUrl(c),
  parentId: c.categoryCategoryId,
  keywords: orNull(c.columnKeyword),
  description: orNull(c.columnDescrip),
  image: siteLink(c.categorySmallImg),
});

/** The path from a page (`column/3/index.html`) back to the site root: `../../`, or SITE_BASE_URL when set. */
export function rootOf(rel: string): string {
  const base = siteConfig().siteBaseUrl;
  if (base) return base;
  return '../'.repeat(rel.split('/').length - 1);
}

/** The page's public address for the Url meta tag: from SITE_BASE_URL when absolute, else the site domain; '' when unknown. */
export function pageUrl(site: Row, rel: string): string {
  const base = siteConfig().siteBaseUrl;
  if (/^https?:\/\//.test(base)) return base + rel;
  const domain = String(site.siteDomain ?? '');
  return domain ? `https://${domain}/${rel}` : '';
}

export { relinkUploads } from './uploadLinks.js';

const UPLOAD_REF = /\/?uploads\/(\d{4}\/\d{2}\/[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9]{1,8})/g;

/** The uploaded files (`yyyy/mm/name.ext`) a text refers to. */
export function uploadRefs(text: unknown, into: Set<string>): void {
  if (typeof text !== 'string' || !text.includes('uploads/')) return;
  for (const m of text.matchAll(UPLOAD_REF)) if (m[1]) into.add(m[1]);
}

/** Content-model values of many articles of one model, labelled: `{ name: { label, value } }` and a list. */
export async function modelValues(db: Db, model: Model, ids: number[]): Promise<Map<number, Row[]>> {
  const out = new Map<number, Row[]>();
  if (!ids.length || !model.fields.length) return out;
  const rows = (await dynamic(db).selectFrom(physicalTable(model.cmTableName)).selectAll().where('articleId', 'in', ids).execute()) as Row[];
  for (const r of rows) {
    out.set(
      Number(r.articleId),
      model.fields.map((f) => ({ name: f.fieldFieldName, label: f.fieldTipsName, value: orNull(r[f.fieldFieldName]) === null ? null : String(r[f.fieldFieldName]) })),
    );
  }
  return out;
}

/** The models used by the columns, loaded once per run. */
export async function loadModels(db: Db, columns: readonly ColumnRow[]): Promise<Map<number, Model>> {
  const out = new Map<number, Model>();
  for (const id of new Set(columns.map((c) => c.columnContentModelId).filter((v): v is number => v !== null))) {
    const m = await loadModel(db, id);
    if (m) out.set(id, m);
  }
  return out;
}

/** The first uploaded image of an article body (`uploads/…`), for the Image meta tag. */
export function firstImage(html: string): string | null {
  const m = /<img\s[^>]*src\s*=\s*["']\/?(uploads\/[^"']+)["']/i.exec(html);
  return m?.[1] ?? null;
}

/**
 * The meta-tag values of a page (国办发〔2017〕47号, docs/generation.md "Meta tags"): the page's own value,
 * else the nearest one that describes it (column → site), so every tag its page type requires
 * (server/shared/siteIdentity.ts REQUIRED_META) is set once 站点设置 is filled in.
 */
export function metaOf(site: Row, rel: string, column: Row | null, article: Row | null): Row {
  const columnName = orNull(column?.name);
  return {
    columnName,
    columnDescription: column ? (orNull(column.description) ?? columnName) : null,
    columnKeywords: column ? (orNull(column.keywords) ?? columnName) : null,
    columnType: orNull(column?.typeName),
    articleTitle: orNull(article?.title),
    pubDate: orNull(article?.pubDate),
    // 文章来源 and 作者 fall back to the publishing organisation: the site speaks for it.
    contentSource: article ? (orNull(article.source) ?? orNull(site.sponsor) ?? orNull(site.siteName)) : null,
    author: article ? (orNull(article.author) ?? orNull(article.source) ?? orNull(site.organizer) ?? orNull(site.sponsor)) : null,
    keywords: orNull(article?.keywords) ?? orNull(column?.keywords) ?? orNull(site.keywords),
    description: orNull(article?.summary) ?? orNull(article?.title) ?? orNull(column?.description) ?? orNull(site.description),
    image: article ? (orNull(article.thumbnail) ?? orNull(article.bodyImage) ?? orNull(column?.image) ?? orNull(site.logo) ?? orNull(site.conacImage)) : orNull(column?.image),
    url: orNull(pageUrl(site, rel)),
  };
}
