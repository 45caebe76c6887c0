import { sql } from 'kysely';
import type { Db } from '../../../db/types.js';
import type { Search } from './params.js';
import { filters, hasFilters, matchFts, where, type Q } from './query.js';
import { titleScored } from './titleScore.js';
import { wordsPgRank } from './understanding/matchExpr.js';

/**
 * Relevance order (issue 25, docs/search-and-reports.md): BM25 over title, subtitle and body (SQLite FTS5
 * bm25() with column weights) or ts_rank_cd over the weighted vector (PostgreSQL), times a gentle recency
 * boost. Scored are all matches when they are few (the capped count says so); for a common word with other
 * filters the newest NEWEST matches and the newest TITLE_CANDIDATES title matches (a title match outweighs body
 * ones); for a common word alone the newest NEWEST matches the count read, by their titles (titleScore.ts).
 * For a common word the ranking form of the expression (copiesOf) is not used: bm25() reads the whole
 * doclist of every phrase once per query, so each copy of a common phrase cost a full pass (18 ms against
 * 3.7 ms for 乡村振兴 at 20,000 articles, issue 25 speed); the typed word is not weighed above its synonyms there.
 */
const NEWEST = 1000;
const TITLE_CANDIDATES = 500;
/** Candidates read when other filters (column, year, type) narrow them afterwards, or when all matches are scored. */
const FILTERED_NEWEST = 5000;
/** FTS5 column weights: title, subtitle, body. */
const BM25 = sql.raw('bm25(article_fts, 10.0, 4.0, 1.0)');
/** ts_rank_cd weights {D, C, B, A}: body, -, subtitle, title. */
const PG_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';
/** A new article scores up to this share more; the boost halves every HALF_LIFE_DAYS. */
const RECENCY = 0.25;
const HALF_LIFE_DAYS = 180;

interface Scored { k: number; r: number }

/** Final score: relevance × (1 + RECENCY × ½^(age / half-life)), age from the docKey's minute. */
function score(rows: readonly Scored[], nowMinute: number): Scored[] {
  return rows.map((x) => {
    const ageDays = Math.max(0, nowMinute - Math.floor(x.k / 10_000_000)) / 1440;
    return { k: x.k, r: x.r * (1 + RECENCY * 0.5 ** (ageDays / HALF_LIFE_DAYS)) };
  });
}

async function sqliteCandidates(db: Db, s: Search, all: boolean, newest: readonly number[] | null): Promise<Scored[]> {
  // A common word without other filters: the newest matches the count read, scored by their titles (titleScore.ts).
  if (!all && newest && !hasFilters(s)) return titleScored(db, s, newest.slice(0, NEWEST));
  // The ranking form of the expression: same matches, the typed word weighed above its synonyms.
  const match = matchFts(s, false, all) as string;
  const bound = s.sinceKey === null ? sql`` : sql` and rowid >= ${s.sinceKey}`;
  // BM25 is worked out while FTS5 streams the newest matches (one pass; a `rowid in (…)` list would run the
  // match once per key). Other filters narrow afterwards, from a larger candidate set.
  const limit = all ? FILTERED_NEWEST : hasFilters(s) ? FILTERED_NEWEST : NEWEST;
  const rows = (await sql<Scored>`select rowid as k, -${BM25} as r from article_fts where article_fts match ${match}${bound} order by rowid desc limit ${limit}`.execute(db)).rows;
  if (!all) {
    // Title matches beyond the newest: the words asked of the title columns alone (a title match is a match),
    // scored by their title hits only. Asked as `(match) AND (title match)` the phrases were read twice.
    const titled = matchFts(s, true) as string;
    const seen = new Set(rows.map((x) => x.k));
    const more = (await sql<Scored>`select rowid as k, -${BM25} as r from article_fts where article_fts match ${titled}${bound} order by rowid desc limit ${TITLE_CANDIDATES}`.execute(db)).rows;
    rows.push(...more.filter((x) => !seen.has(x.k)));
  }
  if (!hasFilters(s) || !rows.length) return rows;
  const keep = new Set((await filters(db.selectFrom('article_search as s') as Q, s).select('s.docKey').where(sql<boolean>`s."docKey" in (select value from json_each(${JSON.stringify(rows.map((x) => x.k))}))`).execute()).map((r) => Number(r.docKey)));
  return rows.filter((x) => keep.has(x.k));
}

async function pgCandidates(db: Db, s: Search, all: boolean, newest: readonly number[] | null): Promise<Scored[]> {
  if (!all && newest && !hasFilters(s)) return titleScored(db, s, newest.slice(0, NEWEST));
  const rank = s.smart ? wordsPgRank(s.smart.words, PG_WEIGHTS, sql.ref('m.tsv')) : sql`ts_rank_cd(${PG_WEIGHTS}::float4[], m.tsv, to_tsquery('simple', ''))`;
  const base = (titleOnly: boolean) => where(db.selectFrom('article_search as s') as Q, s, 'postgres', titleOnly).select(['s.docKey', 's.tsv']);
  // Materialised match sets: the planner cannot walk the publish-time order testing every row (a rare word
  // took 11.7 s that way); few matches are read through the GIN index whole.
  const ranked = async (q: Q) => (await sql<{ k: string; r: number }>`with m as materialized ${q} select m."docKey" as k, ${rank} as r from m`.execute(db)).rows.map((x) => ({ k: Number(x.k), r: Number(x.r) }));
  if (all) return ranked(base(false));
  const recent = await ranked(base(false).orderBy('s.docKey', 'desc').limit(NEWEST));
  // Title matches: the set is read whole (no order to walk), capped, then the newest of them.
  const titled = await ranked((db.selectFrom(base(true).limit(TITLE_CANDIDATES * 4).as('t')) as Q).selectAll().orderBy(sql.ref('t.docKey'), 'desc').limit(TITLE_CANDIDATES));
  const seen = new Set(recent.map((x) => x.k));
  return [...recent, ...titled.filter((x) => !seen.has(x.k))];
}

/**
 * The page's docKeys in relevance order. `all`: the capped count found every match (few enough to score
 * them all).
 */
export async function relevanceKeys(db: Db, s: Search, dialect: 'sqlite' | 'postgres', all: boolean, newest: readonly number[] | null = null): Promise<number[]> {
  const rows = dialect === 'sqlite' ? await sqliteCandidates(db, s, all, newest) : await pgCandidates(db, s, all, newest);
  const scored = score(rows, Math.floor(Date.now() / 60_000)).sort((a, b) => b.r - a.r || b.k - a.k);
  const offset = (s.pageNumber - 1) * s.pageSize;
  return scored.slice(offset, offset + s.pageSize).map((x) => x.k);
}
