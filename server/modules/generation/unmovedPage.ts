import type { Row } from '../../db/types.js';
import { descendantIds, type ColumnRow } from '../content/columns/service.js';
import { ARTICLE_FIELDS, listPageRel } from './context.js';
import { LIST_PAGE_SIZE, type Base, type SiteGenerator } from './service.js';
import { SHOWN_TABLE } from './shownIndex.js';
import type { PageJob } from './worker/protocol.js';

/** The article ids the index records for some pages of a column, by page number. */
async function recorded(gen: SiteGenerator, columnId: number, pages: number[]): Promise<Map<number, number[]>> {
  const byRel = new Map(pages.map((p) => [listPageRel(columnId, p), p]));
  const rows = await gen.db.selectFrom(SHOWN_TABLE).select(['rel', 'articleId']).where('rel', 'in', [...byRel.keys()]).execute();
  const out = new Map<number, number[]>(pages.map((p) => [p, []]));
  for (const r of rows) out.get(byRel.get(String(r.rel)) ?? -1)?.push(Number(r.articleId));
  return out;
}

/** The column's last list page as the index records it (exponential then binary search over page rels: a few primary-key probes). */
async function lastRecordedPage(gen: SiteGenerator, columnId: number, from: number): Promise<number> {
  const has = async (p: number) => (await gen.db.selectFrom(SHOWN_TABLE).select('articleId').where('rel', '=', listPageRel(columnId, p)).limit(1).executeTakeFirst()) !== undefined;
  let lo = from;
  let step = 1;
  while (await has(lo + step)) {
    lo += step;
    step *= 2;
  }
  let hi = lo + step; // lo exists, hi does not
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (await has(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

const sameSet = (rows: Row[], ids: number[]) => rows.length === ids.length && rows.every((r) => ids.includes(Number(r.articleId)));

/**
 * The job of list page `page` of `column` when an edit left the article there (docs/generation.md
 * "Republishing"): the ids the index records for the page and its two neighbours, read again in list order
 * (by primary key), still split into the same three pages — so the article's new sort and time keep it
 * between the previous page's last row and the next page's first. No count, no OFFSET. Null when the edit
 * moved it (or the index cannot tell): the caller takes the counting path.
 */
export async function unmovedPage(gen: SiteGenerator, base: Base, column: ColumnRow, page: number, articleId: number): Promise<PageJob | null> {
  const pages = [page - 1, page, page + 1].filter((p) => p >= 1);
  const shown = await recorded(gen, column.categoryId, pages);
  const mine = shown.get(page) ?? [];
  if (!mine.includes(articleId)) return null;
  const next = shown.get(page + 1) ?? [];
  // Pages before the last are full: anything else is an index the counting path must not trust.
  if ((next.length && mine.length !== LIST_PAGE_SIZE) || (page > 1 && shown.get(page - 1)?.length !== LIST_PAGE_SIZE)) return null;
  const all = pages.flatMap((p) => shown.get(p) ?? []);
  const ids = descendantIds(base.columns, column.categoryId);
  const rows = await gen.db.selectFrom('article').select([...ARTICLE_FIELDS]).where('articleId', 'in', all).where('status', '=', 5).where('columnId', 'in', ids)
    .orderBy('sort', 'desc').orderBy('publishTime', 'desc').orderBy('articleId', 'desc').execute();
  if (rows.length !== all.length) return null;
  let at = 0;
  const slices = pages.map((p) => {
    const list = shown.get(p) ?? [];
    const slice = rows.slice(at, at + list.length);
    at += list.length;
    return { p, list, slice };
  });
  if (!slices.every((s) => sameSet(s.slice, s.list))) return null;
  // A non-last page holds a full page; the count is the last recorded page's place plus its articles.
  const last = next.length ? await lastRecordedPage(gen, column.categoryId, page + 1) : page;
  const lastIds = last === page ? mine : (await recorded(gen, column.categoryId, [last])).get(last) ?? [];
  const count = (last - 1) * LIST_PAGE_SIZE + lastIds.length;
  const pageRows = slices.find((s) => s.p === page)?.slice ?? [];
  return gen.columnJobs(base, column, pageRows, new Set([page]), { first: page, count })[0] ?? null;
}
