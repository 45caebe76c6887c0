// The floor of one search page on SQLite (issue 25): the statements the portal's search runs for page 1 in
// the original call (server/modules/content/search/run.ts, plainFastPath and its rows), through the driver
// alone, without the request's parsing, the hand-off to a search worker, highlighting nor the answer's shape
// (each row's excerpt is cut to a hit's snippet, SNIPPET characters, so the answer is no larger than a search's).
// With `count` also the capped count the portal runs when a word has more than a page of matches. What an
// uncached search cannot do without, whatever else it does: the bench prints it beside the search.
import SQLite from 'better-sqlite3';
import { PAGE_COLUMNS_SQL, PAGE_JOINS_SQL } from '../../server/modules/content/search/hits';

const PAGE = 20;
/** run.ts COUNT_CAP: matches are counted up to this many. */
const CAP = 1000;
/** highlight.ts markedSnippet's size. */
const SNIPPET = 120;

export function ftsPageFloor(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  const keys = db.prepare<[string, number], { ks: string }>(
    'select json_group_array(k) as ks from (select rowid as k from article_fts where article_fts match ? order by rowid desc limit ?)',
  );
  const count = db.prepare<[string, number], { n: number }>('select count(*) as n from (select 1 from article_fts where article_fts match ? limit ?)');
  const rows = db.prepare<[string], Record<string, unknown>>(`select ${PAGE_COLUMNS_SQL} from article_search s ${PAGE_JOINS_SQL} where s."docKey" in (select value from json_each(?))`);
  return (match: string, counted: boolean) => {
    const first = JSON.parse(keys.get(match, PAGE + 1)?.ks ?? '[]') as number[];
    const total = first.length <= PAGE || !counted ? first.length : Math.min(CAP, count.get(match, CAP + 1)?.n ?? 0);
    const list = rows.all(JSON.stringify(first.slice(0, PAGE))).map((r) => ({ ...r, excerpt: String(r.excerpt ?? '').slice(0, SNIPPET) }));
    return { total, list };
  };
}
