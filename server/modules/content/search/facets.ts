import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../../../db/types.js';
import type { Search } from './params.js';
import { pgCappedMatches } from './pgMatches.js';
import { ftsOnly, where, type Q } from './query.js';

/** Facets are counted over at most this many matches (the newest); `capped` says when more match. */
const FACET_CAP = 1000;

export interface Facets {
  columns: { columnId: number; columnTitle: string; count: number }[];
  years: { year: number; count: number }[];
  types: { wjType: string; count: number }[];
  capped: boolean;
}

export interface FacetRow { columnId: number; docYear: number | null; wjType: string | null; n: number | string; categoryTitle: string | null }

/** The newest FACET_CAP + 1 matches' column, year and type (SQLite; PostgreSQL reads keys, pgMatches.ts). */
function matchesOf(db: Db, s: Search, dialect: DialectName) {
  const match = ftsOnly(s, dialect);
  if (match !== null) {
    // Words (and the date) only: FTS5 streams the newest matches, one primary-key lookup each. Through
    // `docKey in (select rowid … match)` every match of a common word was read first (7 ms against 3.8 ms
    // for 乡村振兴 at 20,000 articles).
    const bound = s.sinceKey === null ? sql`` : sql` and rowid >= ${s.sinceKey}`;
    return sql`(select s."docKey", s."columnId", s."docYear", s."wjType" from (select rowid as k from article_fts where article_fts match ${match}${bound} order by rowid desc limit ${FACET_CAP + 1}) f join article_search s on s."docKey" = f.k)`;
  }
  const base = where(db.selectFrom('article_search as s') as Q, s, dialect).select(['s.docKey', 's.columnId', 's.docYear', 's.wjType']);
  return sql`${base.orderBy('s.docKey', 'desc').limit(FACET_CAP + 1)}`;
}

/**
 * The n largest, ties in a fixed order (`tie`): the rows come grouped in whatever order the database's plan
 * yields (another index, another order), and an answer must not change with the plan (session 32).
 */
const top = <T extends { count: number }>(list: T[], n: number, tie: (a: T, b: T) => number) => list.sort((a, b) => b.count - a.count || tie(a, b)).slice(0, n);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Counts of the matches by column, year (document year, else publish year) and document type, beside the
 * results (clicking one narrows the search: esType, year, wjType). Over the newest FACET_CAP matches: the
 * same bound as totalRow, so a common word costs one capped read.
 */
export async function facetsOf(db: Db, s: Search, dialect: DialectName, newest: readonly number[] | null = null): Promise<Facets> {
  // Grouped before the column titles are joined: a few dozen rows reach JavaScript, not a thousand.
  const grouped = (from: RawBuilder<unknown>) => sql`select g."columnId", g."docYear", g."wjType", g.n, c."categoryTitle" from (select k."columnId", k."docYear", k."wjType", count(*) as n from ${from} k group by k."columnId", k."docYear", k."wjType") g left join category c on c."categoryId" = g."columnId"`;
  let rows: FacetRow[];
  let capped: boolean;
  // PostgreSQL without the count's keys (the count came from the count cache): read them the same way.
  if (!newest && dialect === 'postgres') newest = (await pgCappedMatches(db, s, where(db.selectFrom('article_search as s') as Q, s, dialect), FACET_CAP, true)).keys;
  if (newest) {
    // The keys the count already read (SQLite: the newest; PostgreSQL: the first the GIN bitmap yields, as its
    // capped read always was; more than FACET_CAP when more match): no second match, and on SQLite the narrow
    // index instead of the index rows with their excerpts. PostgreSQL's keys as one array literal: the driver
    // converted a thousand-element array element by element (session 30).
    const keys = newest.slice(0, FACET_CAP);
    const of = dialect === 'postgres' ? sql`article_search s where s."docKey" = any(${sql.val(`{${keys.join(',')}}`)}::bigint[])` : sql`article_search s indexed by article_search_facet_idx where s."docKey" in (select value from json_each(${JSON.stringify(keys)}))`;
    rows = (await sql<FacetRow>`${grouped(sql`(select s."columnId", s."docYear", s."wjType" from ${of})`)}`.execute(db)).rows;
    capped = newest.length > FACET_CAP;
  } else {
    // Counted over the newest FACET_CAP of the FACET_CAP + 1 read.
    rows = (await sql<FacetRow & { read: number | string }>`with m as ${matchesOf(db, s, dialect)} select x.*, (select count(*) from m) as "read" from (${grouped(sql`(select * from m order by m."docKey" desc limit ${FACET_CAP})`)}) x`.execute(db)).rows;
    capped = Number((rows[0] as { read?: number | string } | undefined)?.read ?? 0) > FACET_CAP;
  }
  return facetsFromRows(rows, capped);
}

/** The grouped rows' counts by column (12 largest), year (10 newest) and document type (12 largest). */
export function facetsFromRows(rows: readonly FacetRow[], capped: boolean): Facets {
  const cols = new Map<number, { columnId: number; columnTitle: string; count: number }>();
  const years = new Map<number, number>();
  const types = new Map<string, number>();
  for (const r of rows) {
    const n = Number(r.n);
    const c = cols.get(Number(r.columnId)) ?? { columnId: Number(r.columnId), columnTitle: String(r.categoryTitle ?? ''), count: 0 };
    c.count += n;
    cols.set(c.columnId, c);
    if (r.docYear !== null && r.docYear !== undefined) years.set(Number(r.docYear), (years.get(Number(r.docYear)) ?? 0) + n);
    if (r.wjType) types.set(r.wjType, (types.get(r.wjType) ?? 0) + n);
  }
  return {
    columns: top([...cols.values()], 12, (a, b) => a.columnId - b.columnId),
    years: [...years].map(([year, count]) => ({ year, count })).sort((a, b) => b.year - a.year).slice(0, 10),
    types: top([...types].map(([wjType, count]) => ({ wjType, count })), 12, (a, b) => byText(a.wjType, b.wjType)),
    capped,
  };
}
