import { sql } from 'kysely';
import type { Db, DialectName } from '../../../db/types.js';
import type { Search } from './params.js';
import { where, type Q } from './query.js';

/** Facets are counted over at most this many matches (the newest); `capped` says when more match. */
const FACET_CAP = 1000;

export interface Facets {
  columns: { columnId: number; columnTitle: string; count: number }[];
  years: { year: number; count: number }[];
  types: { wjType: string; count: number }[];
  capped: boolean;
}

const top = <T extends { count: number }>(list: T[], n: number) => list.sort((a, b) => b.count - a.count).slice(0, n);

/**
 * Counts of the matches by column, year (document year, else publish year) and document type, beside the
 * results (clicking one narrows the search: esType, year, wjType). Over the newest FACET_CAP matches: the
 * same bound as totalRow, so a common word costs one capped read.
 */
export async function facetsOf(db: Db, s: Search, dialect: DialectName): Promise<Facets> {
  const base = where(db.selectFrom('article_search as s') as Q, s, dialect).select(['s.columnId', 's.docYear', 's.wjType']);
  const limited = dialect === 'postgres' ? base.limit(FACET_CAP + 1) : base.orderBy('s.docKey', 'desc').limit(FACET_CAP + 1);
  const rows = (await sql<{ columnId: number; docYear: number | null; wjType: string | null; categoryTitle: string | null }>`with m as ${dialect === 'postgres' ? sql`materialized ` : sql``}${limited} select m."columnId", m."docYear", m."wjType", c."categoryTitle" from m left join category c on c."categoryId" = m."columnId"`.execute(db)).rows;
  const capped = rows.length > FACET_CAP;
  const cols = new Map<number, { columnId: number; columnTitle: string; count: number }>();
  const years = new Map<number, number>();
  const types = new Map<string, number>();
  for (const r of rows.slice(0, FACET_CAP)) {
    const c = cols.get(Number(r.columnId)) ?? { columnId: Number(r.columnId), columnTitle: String(r.categoryTitle ?? ''), count: 0 };
    c.count++;
    cols.set(c.columnId, c);
    if (r.docYear !== null && r.docYear !== undefined) years.set(Number(r.docYear), (years.get(Number(r.docYear)) ?? 0) + 1);
    if (r.wjType) types.set(r.wjType, (types.get(r.wjType) ?? 0) + 1);
  }
  return {
    columns: top([...cols.values()], 12),
    years: [...years].map(([year, count]) => ({ year, count })).sort((a, b) => b.year - a.year).slice(0, 10),
    types: top([...types].map(([wjType, count]) => ({ wjType, count })), 12),
    capped,
  };
}
