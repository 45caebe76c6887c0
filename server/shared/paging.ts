import { sql, type SelectQueryBuilder } from 'kysely';
import type { Row } from '../db/types.js';

/** The contract's page envelope (docs/api-conventions.md). */
export interface Page<T = Row> {
  list: T[];
  currPage: number;
  totalRow: number;
  totalPage: number;
}

export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** The envelope around one page of `totalRow` records. */
export function pageOf<T>(list: T[], paging: Paging, totalRow: number): Page<T> {
  return { list, currPage: paging.pageNum, totalRow, totalPage: Math.ceil(totalRow / paging.pageSize) };
}

/** A list that is never paged (a tree, a summary): one page holding everything, none when empty. */
export function wholePage<T>(list: T[]): Page<T> {
  return { list, currPage: 1, totalRow: list.length, totalPage: list.length ? 1 : 0 };
}

/** One page cut out of a list already in memory (grouped counts). */
export function slicePage<T>(all: T[], paging: Paging): Page<T> {
  return pageOf(all.slice((paging.pageNum - 1) * paging.pageSize, paging.pageNum * paging.pageSize), paging, all.length);
}

/** The number of rows a filtered query finds (selection and order dropped). */
export async function countRows<DB, TB extends keyof DB, O>(base: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await base.clearSelect().clearOrderBy().select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

/**
 * Count then page: `base` is the filtered query (joins and wheres, no selection); `rows` adds the
 * selection and the order of the page. Every hand-written list of the server goes through here.
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  rows: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<Page<R>> {
  const totalRow = await countRows(base);
  const list = totalRow === 0 && paging.pageNum === 1 ? [] : await rows(base).limit(paging.pageSize).offset((paging.pageNum - 1) * paging.pageSize).execute();
  return pageOf(list as R[], paging, totalRow);
}
