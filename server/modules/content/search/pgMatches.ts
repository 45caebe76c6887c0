import { sql } from 'kysely';
import type { Db, Row } from '../../../db/types.js';
import { headMatches, type HeadMatches } from './pgHead.js';
import type { Search } from './params.js';
import { pgCountKeysPage, pgCountNewest, pgCountPage } from './pgPage.js';
import { hasFilters, type Q } from './query.js';
import { parseKeyword, type KeywordQuery } from './text.js';

/** How long the planner's term statistics are used before they are read again (ANALYZE refreshes them). */
const STATS_MS = 10 * 60_000;

interface TermStats { at: number; freq: Map<string, number>; loading: Promise<void> | null }
const statsOf = new WeakMap<Db, TermStats>();

/** The planner's most common elements of `terms` (pg_stats, about a thousand, each in ≥ ~1 % of the rows). */
async function loadStats(db: Db, into: TermStats): Promise<void> {
  const rows = (await sql<{ e: string; f: number }>`select x.e, x.f from pg_stats, unnest(most_common_elems::text::text[], most_common_elem_freqs) as x(e, f) where tablename = 'article_search' and attname = 'terms' and x.e is not null`.execute(db)).rows;
  into.freq = new Map(rows.map((r) => [r.e, Number(r.f)]));
  into.at = Date.now();
}

/** The term frequencies, read at the first search and again in the background when older than STATS_MS. */
async function termFrequencies(db: Db): Promise<Map<string, number>> {
  let st = statsOf.get(db);
  if (!st) {
    st = { at: 0, freq: new Map(), loading: null };
    statsOf.set(db, st);
  }
  if (Date.now() - st.at > STATS_MS && !st.loading) {
    const state = st;
    state.loading = loadStats(db, state).catch(() => undefined).finally(() => (state.loading = null));
  }
  if (st.at === 0 && st.loading) await st.loading;
  return st.freq;
}

/**
 * Whether the word conditions are common by the planner's statistics: every word (one of its alternatives,
 * every term of it) among the most common elements. A word outside them is in fewer than ~1 % of the rows,
 * and the planner reads it through the GIN index by itself.
 */
export async function commonWords(db: Db, s: Search): Promise<boolean> {
  const freq = await termFrequencies(db);
  const alt = (k: KeywordQuery) => k.terms.length > 0 && k.terms.every((t) => !t.single && freq.has(t.text));
  const words: KeywordQuery[][] = [...(s.smart ? s.smart.words.map((w) => w.alts) : []), ...[s.smart ? null : s.keyword, s.content, s.title].filter((k): k is KeywordQuery => !!k).map((k) => [k])];
  return words.length > 0 && words.every((alts) => alts.some(alt));
}

/** Share of the rows above which walking the docKey order finds a page's matches sooner than the GIN bitmap. */
const DENSE = 0.05;

/**
 * Whether the planner's statistics put the word conditions in at least DENSE of the rows (session 28). Testing
 * one row in the docKey order decompresses its `terms` (~20 µs), so the newest 20 of a word in 1.7 % of the
 * rows cost ~25 ms walked (middle words at 100,000 articles) against ~1 ms read through the GIN bitmap and
 * sorted; a word in a third of the rows is found within ~60 rows walked. A word's share is at most its rarest
 * term's (its bigrams occur together), words together the product; a term outside the statistics is rare. A
 * single character counts by its own statistics too (in `terms` as it is), so a common one is still walked.
 */
export async function denseWords(db: Db, s: Search): Promise<boolean> {
  return (await wordShare(db, s)) >= DENSE;
}

/**
 * The word conditions' share of the rows by the planner's statistics (see denseWords): a word's share is at most
 * its rarest term's, its alternatives' add up, words (and a keyword's runs) together multiply; a term outside
 * the statistics counts 0.
 */
export async function wordShare(db: Db, s: Search): Promise<number> {
  const freq = await termFrequencies(db);
  const rarest = (terms: KeywordQuery['terms']) => (terms.length ? Math.min(...terms.map((t) => freq.get(t.text) ?? 0)) : 0);
  // Session 29: the runs of a keyword (会议 发展) occur independently: their shares multiply.
  const alt = (k: KeywordQuery) => (k.parts.length > 1 ? k.parts.reduce((p, part) => p * rarest(parseKeyword(part).terms), 1) : rarest(k.terms));
  const words: KeywordQuery[][] = [...(s.smart ? s.smart.words.map((w) => w.alts) : []), ...[s.smart ? null : s.keyword, s.content, s.title].filter((k): k is KeywordQuery => !!k).map((k) => [k])];
  return words.reduce((p, alts) => p * Math.min(1, alts.reduce((a, k) => a + alt(k), 0)), words.length ? 1 : 0);
}

/**
 * The capped count of a search on PostgreSQL (issue 25/26 speed), read through the GIN index of `terms`.
 * Asked as `select 1 … where terms @> … limit 1001`, the planner chose a sequential scan for a common word
 * (it expects the LIMIT to be reached after a few thousand rows), and testing a row decompresses its whole
 * `terms` array: 30 ms of backend CPU per count against 7 ms through the bitmap (100,000 articles, session 23,
 * bench/searchProfile.ts). A rare word used the bitmap already (0.3 ms either way). For a common word
 * (commonWords: by the planner's own term statistics) the sequential scan is switched off for this one
 * statement (`set local`, inside its own transaction); the page itself keeps the planner's choice (walking
 * the docKey order finds a common word's newest 20 at once).
 */
export async function pgCappedMatches(db: Db, s: Search, base: Q, cap: number, keys: boolean, page?: { offset: number; size: number }): Promise<CappedMatches> {
  const limited = base.select('s.docKey').limit(cap + 1);
  // Only a common word pays for the transaction (three more round trips); the planner reads others well.
  const common = await commonWords(db, s);
  if (!keys && page && (!common || (await wordShare(db, s)) < DENSE)) {
    // Session 28: the page's keys from the same read of the matches (one GIN scan and one round trip, not
    // two); session 30: the page's rows too. A word under DENSE of the rows is read whole (the GIN bitmap of
    // every match, as the capped count built anyway), so its page is exact whatever the count; a word
    // outside the statistics reads at most cap + 1 (its page is the right one when at most `cap` match).
    const m = await pgCountPage(db, common ? base.select('s.docKey') : limited, cap, page);
    return { n: m.n, keys: null, page: m.page, rows: m.rows, exact: common || m.n <= cap };
  }
  if (keys && common && s.sort === 'relevance' && !hasFilters(s) && (await wordShare(db, s)) < DENSE) {
    // With relevance the candidates are the newest cap + 1 (run.ts, pageKeys), which walking the docKey order
    // found slowly for a word under DENSE (~20 µs a row tested): read with the count from every match instead.
    const m = await pgCountNewest(db, base.select('s.docKey'), cap);
    return { ...m, newestFirst: true };
  }
  if (keys && page && common && s.sort === 'time' && (await wordShare(db, s)) < DENSE) {
    // The same for sortType=time: the keys the facets count (the first cap + 1 the GIN bitmap yields, as the
    // capped read below), the count and the exact page from one read of every match.
    const m = await pgCountKeysPage(db, base.select('s.docKey'), cap, page);
    return { ...m, exact: true };
  }
  const run = async (trx: Db) => {
    if (!keys) {
      const row = (await sql<{ n: string | number }>`select count(*) as n from (${limited}) m`.execute(trx)).rows[0];
      return { n: Number(row?.n ?? 0), keys: null };
    }
    // The keys as one text (a thousand row objects cost more than the read): the facets count them.
    const row = (await sql<{ ks: string | null }>`select string_agg(m."docKey"::text, ',') as ks from (${limited}) m`.execute(trx)).rows[0];
    const list = row?.ks ? row.ks.split(',').map(Number) : [];
    return { n: list.length, keys: list };
  };
  if (!common) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return run(trx as unknown as Db);
  });
}

/**
 * What pgCappedMatches read: the count (capped at cap + 1); with `keys` the first cap + 1 matches' keys; else,
 * when asked, the page's keys newest first and their rows, `exact` when they are the page's whatever the count;
 * `newestFirst`: the keys are the newest cap + 1 matches, newest first.
 */
export interface CappedMatches { n: number; keys: number[] | null; page?: number[]; rows?: Row[]; exact?: boolean; newestFirst?: boolean }

/**
 * A common word's capped count and newest keys from the head of the index (pgHead.ts), or null (then the whole
 * index is read as before): the page's end for the original call, the newest cap + 1 with sortType (relevance's
 * candidates, the facets' keys).
 */
export async function pgHeadMatches(db: Db, s: Search, cap: number, offset: number): Promise<HeadMatches | null> {
  if (pgHeadOff) return null;
  // The original call: the page and its rows from the head's statement (pgHead.ts, inHead).
  return headMatches(db, s, cap, s.sort === null ? offset + s.pageSize : cap + 1, await wordShare(db, s), s.sort === null ? { offset, size: s.pageSize } : undefined);
}

/** Switches the head off (the bench's and tests' old-against-new comparison of answers). */
export let pgHeadOff = process.env.SEARCH_PG_HEAD === 'off';
export const setPgHeadOff = (off: boolean) => void (pgHeadOff = off);
