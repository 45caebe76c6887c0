import type { Row } from '../../db/types.js';
import { descendantIds, type ColumnRow } from '../content/columns/service.js';
import { HOME_BLOCK_SIZE, LIST_PAGE_SIZE, type Base, type SiteGenerator } from './service.js';
import type { PageJob } from './worker/protocol.js';

/**
 * List pages read and rendered together (docs/generation.md "Large columns"): a column with more pages is
 * read by keyset in list order and rendered chunk by chunk, memory bounded whatever its size. A setting
 * object so tests can make it small.
 */
export const columnChunk = { pages: 200 };

/**
 * Published articles of some columns (`null`: of every column), published on or after `since`
 * (`YYYY-MM-DD hh:mm:ss`) when given: one count, for a list column's pagination and for the article run's total.
 */
export async function countPublished(gen: SiteGenerator, columnIds: number[] | null, since?: string): Promise<number> {
  let counted = gen.db.selectFrom('article').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 5);
  if (columnIds) counted = counted.where('columnId', 'in', columnIds.length ? columnIds : [-1]);
  if (since) counted = counted.where('publishTime', '>=', since);
  const r = await counted.executeTakeFirst();
  return Number(r?.n ?? 0);
}

export const pageCountOf = (count: number) => Math.max(1, Math.ceil(count / LIST_PAGE_SIZE));

/**
 * A list column's page jobs, `columnChunk.pages` pages at a time: each chunk's rows continue after the
 * last row of the one before (keyset on sort, publishTime, articleId), never by OFFSET. `count` is the
 * column's published articles (its pagination).
 */
export async function* listPageChunks(gen: SiteGenerator, base: Base, column: ColumnRow, count: number): AsyncGenerator<PageJob[]> {
  const ids = descendantIds(base.columns, column.categoryId);
  const pageCount = pageCountOf(count);
  let after: Row | undefined;
  let read = 0;
  for (let first = 1; first <= pageCount; first += columnChunk.pages) {
    const pages = Math.min(columnChunk.pages, pageCount - first + 1);
    const rows = count ? await gen.published(ids, { limit: pages * LIST_PAGE_SIZE, after, offset: read }) : [];
    read += rows.length;
    after = rows[rows.length - 1] ?? after;
    yield gen.columnJobs(base, column, rows, undefined, { first, count });
  }
}

/** A cover column's rows: its own first list page and each sub-column's first block (bounded reads, in list order). */
export async function coverItems(gen: SiteGenerator, base: Base, column: ColumnRow): Promise<Row[]> {
  const own = await gen.published([column.categoryId], { limit: LIST_PAGE_SIZE });
  const blocks: Row[] = [];
  for (const child of base.columns.filter((c) => c.categoryCategoryId === column.categoryId)) {
    blocks.push(...(await gen.published(descendantIds(base.columns, child.categoryId), { limit: HOME_BLOCK_SIZE })));
  }
  return [...own, ...blocks];
}

/**
 * The column's published articles in list order, for generateColumn. For some pages of a list column
 * (republishing one article), only those pages' rows are read, at their places in an array as long as the
 * column: columnJobs reads only those places.
 */
export async function columnItems(gen: SiteGenerator, base: Base, column: ColumnRow, only?: ReadonlySet<number>): Promise<Row[]> {
  if (column.columnType === 2) return await coverItems(gen, base, column);
  const ids = descendantIds(base.columns, column.categoryId);
  if (!only) return await gen.published(ids);
  const items: Row[] = new Array<Row>(await countPublished(gen, ids));
  for (const p of only) {
    const rows = await gen.published(ids, { limit: LIST_PAGE_SIZE, offset: (p - 1) * LIST_PAGE_SIZE });
    rows.forEach((r, i) => {
      if ((p - 1) * LIST_PAGE_SIZE + i < items.length) items[(p - 1) * LIST_PAGE_SIZE + i] = r;
    });
  }
  return items;
}
