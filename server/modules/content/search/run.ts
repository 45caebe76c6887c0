import { sql } from 'kysely';
import type { Db, Row } from '../../../db/types.js';
import { pageOf } from '../../../shared/paging.js';
import { highlighter } from './highlight.js';
import { RAW_ROWS, readRows } from '../../../db/statementCache.js';
import { hitOf, ordered, PAGE_COLUMNS_SQL, PAGE_JOINS_SQL, pageRowOf, pageRows } from './hits.js';
import { dialectOf } from './indexer.js';
import type { Search } from './params.js';
import { ftsOnly, hasFilters, where, type Q } from './query.js';
import { denseWords, pgCappedMatches, pgHeadMatches } from './pgMatches.js';
import { pgPageRows } from './pgPage.js';
import { relevanceKeys } from './relevance.js';

/** totalRow counts matches up to this many (or ten pages past the asked one); more answers `totalCapped`. */
export const COUNT_CAP = 1000;

/** Counts matches, or answers a count kept for the same query and cap (createSearchCache). */
export type CountKept = (db: Db, query: unknown, load: () => Promise<number>) => Promise<number>;

/** What the count depends on: every condition, not the page nor the order. */
const countKey = (s: Search, cap: number) => ({ ...s, pageNumber: 0, pageSize: 0, sort: null, smart: s.smart?.words ?? null, cap });

/**
 * SQLite's fast path: the FTS5 expression, and the date bound as a condition on the index's rowid (docKey)
 * when there is one. Its statements are fixed texts run by readRows (session 31): no query building per
 * search (on a search worker no Kysely executor either), and each text one string made once, so the
 * statement cache finds it without hashing a new 500-character text per search.
 */
interface Fts {
  sql: FtsStatements;
  params: unknown[];
}

/** The fast path's statements over `where` (the match, with or without the date bound). */
function ftsStatements(where: string) {
  const keys = `select rowid as k from article_fts where ${where} order by rowid desc`;
  return {
    /** The newest `limit` matches' keys as one JSON array: a thousand row objects cost more than the match itself (0.69 against 0.33 ms). */
    newest: `select json_group_array(k) as ks from (${keys} limit ?)`,
    count: `select count(*) as n from (select 1 from article_fts where ${where} limit ?)`,
    /** The page's keys (limit, offset) and their rows, as arrays (RAW_ROWS, made objects by pageRowOf). */
    pageRows: `${RAW_ROWS}select ${PAGE_COLUMNS_SQL} from (${keys} limit ? offset ?) f join article_search s on s."docKey" = f.k ${PAGE_JOINS_SQL} order by f.k desc`,
  };
}
type FtsStatements = ReturnType<typeof ftsStatements>;

export const FTS = { all: ftsStatements('article_fts match ?'), since: ftsStatements('article_fts match ? and rowid >= ?') };
/** The rows of the page's keys (a JSON array), as arrays. */
export const ROWS_BY_KEYS = `${RAW_ROWS}select ${PAGE_COLUMNS_SQL} from article_search s ${PAGE_JOINS_SQL} where s."docKey" in (select value from json_each(?))`;

const ftsOf = (s: Search, match: string): Fts => (s.sinceKey === null ? { sql: FTS.all, params: [match] } : { sql: FTS.since, params: [match, s.sinceKey] });

/** The newest cap + 1 matches' keys, newest first. */
async function newestKeys(db: Db, fts: Fts, cap: number): Promise<number[]> {
  const row = (await readRows<{ ks: string }>(db, fts.sql.newest, [...fts.params, cap + 1]))[0];
  return (JSON.parse(row?.ks ?? '[]') as number[]).sort((a, b) => b - a);
}

/** The page's keys newest first, with sortType (FTS5 streams the page in rowid order). */
async function fastPath(db: Db, s: Search, fts: Fts, cap: number, kept: CountKept) {
  // Counted newest first: the same pass yields the page's keys (the page lies within the cap), so the FTS
  // match runs once, not once for the count and again for the page; the facets and relevance use these
  // keys too.
  let newest: number[] | null = null;
  const counted = await kept(db, countKey(s, cap), async () => {
    newest = await newestKeys(db, fts, cap);
    return newest.length;
  });
  return keysOrRows(db, s, fts, cap, counted, newest);
}

/** The original call (no sortType, nothing else needs the newest keys): see fastPath. */
async function plainFastPath(db: Db, s: Search, fts: Fts, cap: number, kept: CountKept) {
  // The page's keys and one more first: fewer means that is the count (rare words, most middling ones);
  // else counted apart in the index's own order, without building the keys (a common word's cap + 1 keys
  // as JSON cost a third more than counting them).
  const want = (s.pageNumber - 1) * s.pageSize + s.pageSize + 1;
  let first: number[] | null = null;
  const counted = await kept(db, countKey(s, cap), async () => {
    first = await newestKeys(db, fts, want - 1);
    if (first.length < want) return first.length;
    const row = (await readRows<{ n: number }>(db, fts.sql.count, [...fts.params, cap + 1]))[0];
    return Number(row?.n ?? 0);
  });
  // Only the page's keys were read: nothing may count them as the newest matches.
  return { ...(await keysOrRows(db, s, fts, cap, counted, first)), newest: null };
}

/** The page's rows by their keys, or (the count came from the count cache) keys and rows in one statement. */
async function keysOrRows(db: Db, s: Search, fts: Fts, cap: number, counted: number, newest: number[] | null) {
  const offset = (s.pageNumber - 1) * s.pageSize;
  // The page's rows as arrays (RAW_ROWS), made objects here.
  const byKeys = async (keys: number[]) => ({ counted, newest, hits: keys.length ? (await readRows(db, ROWS_BY_KEYS, [JSON.stringify(keys)])).map(pageRowOf) : [], keys });
  if (s.sort === 'relevance') {
    // A common word's candidates are the newest matches; read here when the count came from the count cache,
    // so the order never depends on what is cached.
    const known = newest ?? (counted > cap ? await newestKeys(db, fts, cap) : null);
    return byKeys(await relevanceKeys(db, s, 'sqlite', counted <= cap, known));
  }
  const page = newest?.slice(offset, offset + s.pageSize);
  if (page) return byKeys(page);
  // The count came from the count cache: the page's keys and their rows in one statement (FTS5 yields the
  // 20 keys, three primary-key lookups each).
  const rows = await readRows(db, fts.sql.pageRows, [...fts.params, s.pageSize, offset]);
  return { counted, newest: null, hits: rows.map(pageRowOf), keys: null };
}

/** What PostgreSQL's count read besides the count (pgMatches.ts): every match's key, or the page's (and its rows, `exact`: see CappedMatches). */
interface PgRead {
  keys: number[] | null;
  page: number[] | null;
  rows: Row[] | null;
  exact: boolean;
  newestFirst: boolean;
}

/** Any conditions: through `article_search`. */
async function generalPath(db: Db, s: Search, cap: number, kept: CountKept) {
  const dialect = dialectOf(db);
  const offset = (s.pageNumber - 1) * s.pageSize;
  const base = where(db.selectFrom('article_search as s') as Q, s, dialect);
  const limited = base.select(sql<number>`1`.as('one')).limit(cap + 1);
  // PostgreSQL: counted through the GIN index (pgMatches.ts); with sortType the keys come back for the facets.
  const read: PgRead = { keys: null, page: null, rows: null, exact: false, newestFirst: false };
  // PostgreSQL, a common word: the count proven capped and the newest keys from the index's head (pgHead.ts).
  const head = dialect === 'postgres' ? await pgHeadMatches(db, s, cap, offset) : null;
  const counted = await kept(db, countKey(s, cap), async () => {
    if (head) return head.n;
    if (dialect === 'sqlite') return Number(((await db.selectFrom(limited.as('m')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    const m = await pgCappedMatches(db, s, base, cap, s.sort !== null, { offset, size: s.pageSize });
    Object.assign(read, { keys: m.keys, page: m.page ?? null, rows: m.rows ?? null, exact: !!m.exact, newestFirst: !!m.newestFirst });
    return m.n;
  });
  const { keys, newest } =
    (head && counted > cap ? (head.page ? { keys: head.page.keys, newest: null } : await headPage(db, s, head.newest, offset)) : null) ??
    (dialect === 'postgres' && (counted <= cap || read.exact) && s.sort !== 'relevance' ? pageOfRead(read, offset, s.pageSize) : null) ??
    (await pageKeys(db, s, base, counted, cap, read.keys, read.newestFirst));
  // PostgreSQL: the page's rows came with the count (pgPage.ts), or are read by fixed text.
  const known = keys === read.page ? read.rows : keys === head?.page?.keys ? head.page.rows : null;
  if (dialect === 'postgres') return { counted, newest, hits: known ?? (await pgPageRows(db, keys)), keys };
  return { counted, newest, hits: keys.length ? await pageRows(db.selectFrom('article_search as s').where('s.docKey', 'in', keys) as Q, keys) : [], keys };
}

/** PostgreSQL, a common word answered by a head of the index: the page (or relevance's candidates) from its newest keys. */
async function headPage(db: Db, s: Search, headNewest: number[], offset: number): Promise<{ keys: number[]; newest: number[] | null }> {
  const keys = s.sort === 'relevance' ? await relevanceKeys(db, s, 'postgres', false, headNewest) : headNewest.slice(offset, offset + s.pageSize);
  return { keys, newest: s.sort === null ? null : headNewest };
}

/**
 * PostgreSQL, at most `cap` matches: the page came with the count, or is a slice of every match's key
 * (newest first), as pageKeys would read it (session 28: one GIN read, not two). Null when the count came
 * from the count cache.
 */
function pageOfRead(read: PgRead, offset: number, size: number): { keys: number[]; newest: number[] | null } | null {
  if (read.page) return { keys: read.page, newest: read.keys };
  if (read.keys) return { keys: [...read.keys].sort((a, b) => b - a).slice(offset, offset + size), newest: read.keys };
  return null;
}

/** The page's keys read apart from the count (generalPath); `newest` as the count read them, or read here for relevance. */
async function pageKeys(db: Db, s: Search, base: Q, counted: number, cap: number, newest: number[] | null, newestFirst = false): Promise<{ keys: number[]; newest: number[] | null }> {
  const dialect = dialectOf(db);
  const offset = (s.pageNumber - 1) * s.pageSize;
  if (s.sort === 'relevance' && dialect === 'postgres' && counted > cap && !hasFilters(s)) {
    // A common word (many matches, so the docKey order finds them at once): the newest are the candidates
    // of relevance (titleScore.ts) and what the facets count; the count read them already for a word under
    // 5 % of the rows (session 30, pgMatches.ts).
    const read = newestFirst && newest ? newest : (await base.select('s.docKey').orderBy('s.docKey', 'desc').limit(cap + 1).execute()).map((r) => Number(r.docKey));
    return { keys: await relevanceKeys(db, s, dialect, false, read), newest: read };
  }
  if (s.sort === 'relevance') return { keys: await relevanceKeys(db, s, dialect, counted <= cap), newest };
  if (dialect === 'postgres' && (counted <= cap || !(await denseWords(db, s)))) {
    // Few matches (or, by the planner's statistics, under 5 % of the rows: pgMatches.ts): read them whole
    // through the GIN index (materialised), then order. Ordered by docKey with a LIMIT, the planner walked the
    // publish-time order testing every row for a rare word (11.7 s, issue 25; ~25 ms for a middle word).
    const page = await sql<{ docKey: string }>`with m as materialized ${base.select('s.docKey')} select "docKey" from m order by "docKey" desc limit ${s.pageSize} offset ${offset}`.execute(db);
    return { keys: page.rows.map((r) => Number(r.docKey)), newest };
  }
  return { keys: (await base.select('s.docKey').orderBy('s.docKey', 'desc').limit(s.pageSize).offset(offset).execute()).map((r) => Number(r.docKey)), newest };
}

/** One page of a search, newest first or by relevance (`s.sort`); `totalRow` capped. */
export async function runSearch(db: Db, s: Search, kept: CountKept) {
  return (await searchPage(db, s, kept)).page;
}

/**
 * The page, and `newest`: the keys of the newest matches up to the cap when the count read them (SQLite's
 * fast path, not from the count cache), which the facets count instead of reading the matches again.
 */
export async function searchPage(db: Db, s: Search, kept: CountKept) {
  const offset = (s.pageNumber - 1) * s.pageSize;
  // Counting every match of a common word costs more than the page: count up to a cap (docs/search-and-reports.md).
  const cap = Math.max(COUNT_CAP, offset + s.pageSize * 10);
  const match = ftsOnly(s, dialectOf(db));
  const fast = s.sort === null ? plainFastPath : fastPath;
  const { counted, hits, keys, newest } = match !== null ? await fast(db, s, ftsOf(s, match), cap, kept) : await generalPath(db, s, cap, kept);
  const rows = keys ? ordered(hits, keys) : hits;
  const parts = s.smart ? s.smart.words.flatMap((w) => w.alts.flatMap((a) => a.parts)) : [s.keyword, s.content, s.title].flatMap((k) => k?.parts ?? []);
  const marks = highlighter(parts);
  // Published is checked here, not in SQL: with `status = 5` there SQLite may walk the status index (half the
  // table) instead of 20 primary-key lookups.
  const list = rows.flatMap((a) => (a.status === 5 ? [hitOf(a, marks)] : []));
  const total = Math.min(counted, cap);
  return { page: { ...pageOf(list, { pageNum: s.pageNumber, pageSize: s.pageSize }, total), totalCapped: counted > cap }, newest: newest as number[] | null };
}
