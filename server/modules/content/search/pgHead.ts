import { sql, type RawBuilder } from 'kysely';
import type { Db, Row } from '../../../db/types.js';
import type { Search } from './params.js';
import { pgCountPage } from './pgPage.js';
import { filters, findsNothing, hasFilters, matchPg, type Q } from './query.js';

/**
 * Heads of the PostgreSQL word index (issue 25/26 speed, session 29): partial GIN indexes of `terms` over the
 * newest rows only (`docKey >= key`), of about 2,500, 5,000, 10,000 and 20,000 rows. A common word's exact
 * capped count needed the GIN bitmap of all its matches (43,692 for 乡村振兴 at 100,000 articles, ~11 ms of the
 * backend's CPU); when a head alone holds more than the cap of them, that proves the count is capped, and since
 * a head is every row from its key on, its newest matches are the newest of all (the page, relevance's
 * candidates, the facets' keys). The smallest head the planner's statistics say holds enough is asked, so a
 * word in half the rows reads ~1,250 rows, a word in a tenth ~2,000.
 *
 * Correctness never depends on the indexes: the statement asks `docKey >= key` of `article_search` itself, so
 * its answer is exact whatever index (if any) the planner uses, and PostgreSQL keeps a partial index right
 * inside every transaction that writes the table (publish, unpublish, edit, delete). The indexes only make it
 * cheap. Each head indexes its own expression, `array_cat(terms, '{#size}')` (the same elements plus a token
 * no keyword yields), so the planner can answer a head's statement from that head only; they are created, and
 * moved up as new articles grow them, in the background (maintainHeads).
 */

/** The heads' sizes when (re)built; a head is kept while the index holds at least twice its size. */
export const HEAD_SIZES = [2500, 5000, 10_000, 20_000] as const;
/** A head is built again higher up once new articles have grown it past this multiple of its size. */
const REBUILD_AT = 2;
/** A head is asked when the statistics' estimate of its matches is at least this multiple of cap + 1. */
const ENOUGH = 1.1;
const NAME = 'article_search_head_';
/** pg_try_advisory_lock key: one instance (re)builds heads at a time. */
const LOCK = 2_026_112_925;

/** How long a read of the heads is used (maintainHeads runs again after it, in the background). */
const HEADS_MS = 10 * 60_000;

export interface Head { size: number; key: number; rows: number }

/** Every head index (several of a size only while one replaces another). */
async function headIndexes(db: Db): Promise<{ name: string; size: number; key: number; valid: boolean }[]> {
  const rows = (await sql<{ name: string; valid: boolean }>`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'article_search'::regclass and c.relname like ${`${NAME}%`}`.execute(db)).rows;
  return rows.flatMap((r) => {
    const [size, key] = r.name.slice(NAME.length).split('_').map(Number);
    return Number.isSafeInteger(size) && Number.isSafeInteger(key) ? [{ name: r.name, size: size as number, key: key as number, valid: r.valid }] : [];
  });
}

/** The heads in use (per size the highest valid key) and how many rows each holds, smallest first. */
export async function readHeads(db: Db): Promise<Head[]> {
  const best = new Map<number, number>();
  for (const h of await headIndexes(db)) if (h.valid && h.key > (best.get(h.size) ?? -1)) best.set(h.size, h.key);
  const out: Head[] = [];
  for (const [size, key] of best) {
    const row = (await sql<{ n: string }>`select count(*) as n from article_search where "docKey" >= ${key}`.execute(db)).rows[0];
    out.push({ size, key, rows: Number(row?.n ?? 0) });
  }
  return out.sort((a, b) => a.size - b.size);
}

/** The expression a head of `size` indexes (and its statement asks): the terms plus a token no keyword yields. */
const headTerms = (size: number, table = 's.'): RawBuilder<unknown> => sql.raw(`array_cat(${table}terms, '{#${Math.trunc(size)}}'::text[])`);

/** Builds one head of `size` at the `size`-th newest row (older heads of the size are dropped later: dropStale). */
async function buildHead(c: Db, size: number): Promise<void> {
  const edge = (await sql<{ k: string }>`select "docKey" as k from article_search order by "docKey" desc offset ${size - 1} limit 1`.execute(c)).rows[0];
  if (!edge) return;
  const key = Number(edge.k);
  const name = `${NAME}${size}_${key}`;
  // A build that failed half-way leaves an invalid index of the name: dropped before building again.
  for (const h of await headIndexes(c)) if (h.name === name && !h.valid) await sql`drop index concurrently if exists ${sql.id(h.name)}`.execute(c);
  await sql`create index concurrently if not exists ${sql.id(name)} on article_search using gin ((${headTerms(size, '')})) where "docKey" >= ${sql.lit(key)}`.execute(c);
}

/** When this process first saw each head superseded by a newer one of its size. */
const supersededSince = new Map<string, number>();

/**
 * Heads superseded by a newer one of their size, dropped only once every instance has read the newer one
 * (2 × HEADS_MS after this process first saw it superseded): another instance still asking an old head's key
 * after its index is gone would scan the whole table. Invalid leftovers of failed builds go at once.
 */
function staleHeads(all: Awaited<ReturnType<typeof headIndexes>>, now: number): string[] {
  const newest = new Map<number, number>();
  for (const h of all) if (h.valid && h.key > (newest.get(h.size) ?? -1)) newest.set(h.size, h.key);
  return all.flatMap((h) => {
    if (!h.valid) return [h.name];
    if (h.key === newest.get(h.size)) return [];
    const since = supersededSince.get(h.name) ?? now;
    supersededSince.set(h.name, since);
    return now - since > 2 * HEADS_MS ? [h.name] : [];
  });
}

/**
 * Builds each head the index is large enough for and has none of, or again higher up when new articles have
 * grown it past REBUILD_AT × its size (or deletions shrunk it below half); drops stale ones. CREATE INDEX
 * CONCURRENTLY: writers are not blocked; one instance at a time (advisory lock, on one pinned connection).
 * Answers the heads in use.
 */
export async function maintainHeads(db: Db, sizes: readonly number[] = HEAD_SIZES): Promise<Head[]> {
  const current = await readHeads(db);
  const total = Number((await sql<{ n: string }>`select count(*) as n from article_search`.execute(db)).rows[0]?.n ?? 0);
  const due = sizes.filter((size) => {
    const h = current.find((x) => x.size === size);
    return total >= 2 * size && (!h || h.rows > REBUILD_AT * size || h.rows * 2 < size);
  });
  const stale = staleHeads(await headIndexes(db), Date.now());
  if (!due.length && !stale.length) return current;
  await db.connection().execute(async (c) => {
    if (!(await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK}) as ok`.execute(c)).rows[0]?.ok) return;
    try {
      for (const name of stale) await sql`drop index concurrently if exists ${sql.id(name)}`.execute(c);
      for (const size of due) await buildHead(c, size);
    } finally {
      await sql`select pg_advisory_unlock(${LOCK})`.execute(c);
    }
  });
  return readHeads(db);
}

const headsOf = new WeakMap<Db, { heads: Head[]; loading: Promise<void> | null; at: number }>();

/** The heads as last read; starts their upkeep in the background when due. Empty until one exists. */
export function currentHeads(db: Db): Head[] {
  let st = headsOf.get(db);
  if (!st) {
    st = { heads: [], loading: null, at: 0 };
    headsOf.set(db, st);
  }
  if (Date.now() - st.at > HEADS_MS && !st.loading) {
    const state = st;
    state.at = Date.now();
    state.loading = maintainHeads(db).then((h) => void (state.heads = h)).catch(() => undefined).finally(() => (state.loading = null));
  }
  return st.heads;
}

/** Sets the heads known for `db` (tests and the bench, after building them by hand), or forgets them. */
export function knowHeads(db: Db, heads: Head[] | null): void {
  headsOf.set(db, { heads: heads ?? [], loading: null, at: heads ? Date.now() : 0 });
}

/** Searches a head answered (the cap proven there) since start: what tests and the bench read. */
export const headAnswers = { count: 0 };

/**
 * What a head answered: more than `cap` match (n = cap + 1); the newest `want` of them, newest first; or, when a
 * page was asked (the original call, session 30), the page's keys newest first and its rows.
 */
export interface HeadMatches { n: number; newest: number[]; page?: { keys: number[]; rows: Row[] } }

/**
 * A search's matches in the smallest head that, by the planner's statistics (`share`: the words' estimated
 * share of the rows), holds more than `cap` of them; null when none should (or the search has filters other
 * than the words and the date, or the head held fewer after all): the caller then reads the whole index as
 * before. `want`: how many of the newest keys to answer (the page's end, or cap + 1 for relevance and facets).
 */
export async function headMatches(db: Db, s: Search, cap: number, want: number, share: number, page?: { offset: number; size: number }): Promise<HeadMatches | null> {
  if (hasFilters(s) || findsNothing(s)) return null;
  const heads = currentHeads(db);
  let head = heads.find((h) => share * h.rows >= ENOUGH * (cap + 1));
  // A head that held fewer than the estimate: once more in the head its own share says is enough.
  for (let tries = 0; head && tries < 2; tries++) {
    const found = await inHead(db, s, head, want, cap, page);
    if (found.n > cap) {
      headAnswers.count++;
      return { n: cap + 1, newest: found.newest, ...(found.page ? { page: found.page } : {}) };
    }
    const seen = found.n / Math.max(1, head.rows);
    const from: Head = head;
    head = heads.find((h) => h.rows > from.rows && seen * h.rows >= ENOUGH * (cap + 1));
  }
  return null;
}

/** The matches in one head: how many (capped at cap + 1 with `page`), and the newest `want` of them, newest first, or the page and its rows. */
async function inHead(db: Db, s: Search, head: Head, want: number, cap: number, page?: { offset: number; size: number }): Promise<Pick<HeadMatches, 'n' | 'newest' | 'page'>> {
  const match = matchPg(s, false, headTerms(head.size));
  if (!match) return { n: 0, newest: [] };
  const base = filters((db.selectFrom('article_search as s') as Q).where(match).where('s.docKey', '>=', sql.lit(head.key)), s).select('s.docKey');
  if (page) {
    // Session 30: the page's rows in the same statement (one round trip less). The count is capped at cap + 1,
    // which is all the caller tells apart (more than the cap, or the share seen when fewer).
    const m = await pgCountPage(db, base, cap, page);
    return { n: m.n, newest: m.page, page: { keys: m.page, rows: m.rows } };
  }
  // Materialised: read whole through the head (a few thousand keys at most), counted, the newest taken.
  const row = (await sql<{ n: string; ks: string | null }>`with m as materialized (${base}) select (select count(*) from m) as n, (select string_agg(x.k::text, ',' order by x.k desc) from (select m."docKey" as k from m order by m."docKey" desc limit ${want}) x) as ks`.execute(db)).rows[0];
  return { n: Number(row?.n ?? 0), newest: row?.ks ? row.ks.split(',').map(Number) : [] };
}
