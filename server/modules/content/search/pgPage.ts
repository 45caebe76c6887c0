import { sql, type RawBuilder } from 'kysely';
import type { Db, Row } from '../../../db/types.js';
import { PAGE_COLUMNS, PAGE_JOINS } from './hits.js';
import type { Q } from './query.js';

/**
 * PostgreSQL's page statements as fixed text (issue 25/26 speed, session 30). On this machine a statement's
 * round trip over loopback TCP cost the request thread ~0.15–0.2 ms (its writev alone; profile of session 30),
 * more than building and running a page's statement: so the page's rows come with the count in one statement
 * where they can, and are otherwise read without Kysely's query builder.
 */

/** Keys as one array literal: one text parameter instead of a JavaScript array the driver converts. */
const keyArray = (keys: readonly number[]) => sql.val(`{${keys.join(',')}}`);

/** The rows of `keys` (hits.ts's columns and joins), in no particular order. */
export async function pgPageRows(db: Db, keys: readonly number[]): Promise<Row[]> {
  if (!keys.length) return [];
  return (await sql<Row>`select ${PAGE_COLUMNS} from article_search s ${PAGE_JOINS} where s."docKey" = any(${keyArray(keys)}::bigint[])`.execute(db)).rows;
}

/** What pgCountPage read: the count (capped at cap + 1), the page's keys newest first and their rows. */
export interface CountPage { n: number; page: number[]; rows: Row[] }

/**
 * The count of the matches `matches` selects (a `"docKey"` column; capped at cap + 1), the page's keys newest first
 * and the page's rows, in one statement: the matches read once (materialised), one round trip instead of two.
 * The page is the right one when `matches` selects every match, or when at most `cap` match.
 */
export async function pgCountPage(db: Db, matches: Q | RawBuilder<unknown>, cap: number, page: { offset: number; size: number }): Promise<CountPage> {
  // One row always (the count), the page's rows joined beside it (none when the page is empty).
  const rows = (
    await sql<Row & { matchCount: number | string }>`with m as materialized (${matches}), p as (select m."docKey" as k from m order by m."docKey" desc limit ${page.size} offset ${page.offset}) select least((select count(*) from m), ${cap + 1}) as "matchCount", x.* from (select 1) one left join lateral (select ${PAGE_COLUMNS} from p join article_search s on s."docKey" = p.k ${PAGE_JOINS}) x on true`.execute(db)
  ).rows;
  const hits = rows.filter((r) => r.docKey !== null && r.docKey !== undefined);
  return { n: Number(rows[0]?.matchCount ?? 0), page: hits.map((r) => Number(r.docKey)).sort((a, b) => b - a), rows: hits };
}

/**
 * pgCountPage for a search whose facets need the matches' keys (sortType=time): the count (capped at cap + 1), the
 * first cap + 1 keys in the order the read yields them (the GIN bitmap's, as pgCappedMatches' capped read) and the
 * page's keys newest first, from one read of every match `matches` selects.
 */
export async function pgCountKeysPage(db: Db, matches: Q, cap: number, page: { offset: number; size: number }): Promise<{ n: number; keys: number[]; page: number[] }> {
  const row = (
    await sql<{ n: number | string; ks: string | null; pk: string | null }>`with m as materialized (${matches}) select least((select count(*) from m), ${cap + 1}) as n, (select string_agg(x.k::text, ',') from (select m."docKey" as k from m limit ${cap + 1}) x) as ks, (select string_agg(p.k::text, ',' order by p.k desc) from (select m."docKey" as k from m order by m."docKey" desc limit ${page.size} offset ${page.offset}) p) as pk`.execute(db)
  ).rows[0];
  const list = (t: string | null | undefined) => (t ? t.split(',').map(Number) : []);
  return { n: Number(row?.n ?? 0), keys: list(row?.ks), page: list(row?.pk) };
}

/** The count (capped at cap + 1) and the newest cap + 1 keys, newest first, from one read of every match. */
export async function pgCountNewest(db: Db, matches: Q, cap: number): Promise<{ n: number; keys: number[] }> {
  const row = (await sql<{ n: number | string; ks: string | null }>`with m as materialized (${matches}) select least((select count(*) from m), ${cap + 1}) as n, (select string_agg(x.k::text, ',' order by x.k desc) from (select m."docKey" as k from m order by m."docKey" desc limit ${cap + 1}) x) as ks`.execute(db)).rows[0];
  return { n: Number(row?.n ?? 0), keys: row?.ks ? row.ks.split(',').map(Number) : [] };
}
