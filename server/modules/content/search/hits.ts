import { sql } from 'kysely';
import type { Row } from '../../../db/types.js';
import type { Q } from './query.js';

/** What a page of hits reads: the index row, the article and its column title (both page statements). */
export const PAGE_FIELDS = [
  's.docKey', 's.wjType', 's.wjbh', 's.docYear', 's.docDay', 's.excerpt',
  'a.articleId', 'a.title', 'a.subTitle', 'a.columnId', 'a.summary', 'a.thumbnail', 'a.source', 'a.author', 'a.publishTime', 'a.jumpUrl', 'a.hits', 'a.status',
  'c.categoryTitle',
] as const;

// SQLite's page statement as fixed text (one prepared statement for any keyword and page): building it with
// Kysely cost more than running it.
export const PAGE_COLUMNS_SQL = PAGE_FIELDS.map((f) => f.replace(/\.(\w+)$/, '."$1"')).join(', ');
export const PAGE_COLUMNS = sql.raw(PAGE_COLUMNS_SQL);
/**
 * A page row as an object: SQLite's page statements ask for arrays (RAW_ROWS, db/statementCache.ts) in
 * PAGE_FIELDS' order, cheaper than the driver's row objects; an object (a connection without raw mode) as it is.
 */
export function pageRowOf(r: unknown): Row {
  if (!Array.isArray(r)) return r as Row;
  const [docKey, wjType, wjbh, docYear, docDay, excerpt, articleId, title, subTitle, columnId, summary, thumbnail, source, author, publishTime, jumpUrl, hits, status, categoryTitle] = r as unknown[];
  return { docKey, wjType, wjbh, docYear, docDay, excerpt, articleId, title, subTitle, columnId, summary, thumbnail, source, author, publishTime, jumpUrl, hits, status, categoryTitle };
}
export const PAGE_JOINS_SQL = 'join article a on a."articleId" = s."articleId" left join category c on c."categoryId" = a."columnId"';
export const PAGE_JOINS = sql.raw(PAGE_JOINS_SQL);

/** The rows in the order of `keys`; keys without a row are left out. */
export function ordered(rows: readonly Row[], keys: readonly number[]): Row[] {
  const byKey = new Map(rows.map((r) => [Number(r.docKey), r]));
  return keys.flatMap((k): Row[] => { const r = byKey.get(k); return r ? [r] : []; });
}

/** One statement for the page: the index row, the article and its column title, in the order of `keys`. */
export async function pageRows(q: Q, keys: readonly number[]): Promise<Row[]> {
  const rows = await q
    .innerJoin('article as a', 'a.articleId', 's.articleId')
    .leftJoin('category as c', 'c.categoryId', 'a.columnId')
    .select(PAGE_FIELDS)
    .execute();
  return ordered(rows as Row[], keys);
}

/** A hit as the answer lists it (docs/search-and-reports.md "Answer"). */
export function hitOf(a: Row, marks: { mark(t: string): string; markedSnippet(t: string): string }) {
  const body = String(a.excerpt ?? '');
  const title = String(a.title ?? '');
  return {
    articleId: a.articleId,
    title,
    subTitle: a.subTitle ?? null,
    highlightTitle: marks.mark(title),
    highlightContent: marks.markedSnippet(body),
    summary: a.summary ?? null,
    columnId: a.columnId,
    columnTitle: String(a.categoryTitle ?? ''),
    publishTime: a.publishTime,
    source: a.source ?? null,
    author: a.author ?? null,
    thumbnail: a.thumbnail ?? null,
    jumpUrl: a.jumpUrl ?? null,
    hits: Number(a.hits ?? 0),
    wjType: a.wjType ?? null,
    wjbh: a.wjbh ?? null,
    year: a.docYear === null || a.docYear === undefined ? null : Number(a.docYear),
    dataTime: a.docDay ?? null,
  };
}
