// The floor of one search page on SQLite (issue 25): the statements the portal's search runs for page 1 in
// the original call (server/modules/content/search/run.ts, plainFastPath and its rows), through the driver
// alone, without the request's parsing, the hand-off to a search worker, highlighting nor the answer's shape
// (each row's excerpt is cut to a hit's snippet, so the answer is no larger than a search's). With `counted`
// also the capped count the portal runs when a word has more than a page of matches. What an uncached search
// cannot do without, whatever else it does: the bench prints it beside the search.
import SQLite from 'better-sqlite3';
import { SNIPPET_CHARS } from '../../server/modules/content/search/highlight';
import { pageRowOf } from '../../server/modules/content/search/hits';
import { COUNT_CAP, FTS, ROWS_BY_KEYS } from '../../server/modules/content/search/run';
import { pageOf } from '../../server/shared/paging';

const PAGE = 20;

export function ftsPageFloor(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  const keys = db.prepare<[string, number], { ks: string }>(FTS.all.newest);
  const count = db.prepare<[string, number], { n: number }>(FTS.all.count);
  // Rows as arrays, made objects by the portal's own pageRowOf (RAW_ROWS, as the search reads them).
  const rows = db.prepare<[string], unknown[]>(ROWS_BY_KEYS).raw(true);
  return (match: string, counted: boolean) => {
    const first = JSON.parse(keys.get(match, PAGE + 1)?.ks ?? '[]') as number[];
    const total = first.length <= PAGE || !counted ? first.length : Math.min(COUNT_CAP, count.get(match, COUNT_CAP + 1)?.n ?? 0);
    const list = rows.all(JSON.stringify(first.slice(0, PAGE))).map(pageRowOf).map((r) => ({ ...r, excerpt: String(r.excerpt ?? '').slice(0, SNIPPET_CHARS) }));
    return pageOf(list, { pageNum: 1, pageSize: PAGE }, total);
  };
}
