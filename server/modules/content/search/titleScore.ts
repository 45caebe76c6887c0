import { sql } from 'kysely';
import type { Db } from '../../../db/types.js';
import { dialectOf } from './indexer.js';
import type { Search } from './params.js';
import { fold, type KeywordQuery } from './text.js';

/**
 * Relevance of a common word's candidates, on both databases (issue 25 speed, docs/search-and-reports.md):
 * FTS5's bm25() (and ts_rank_cd over a thousand vectors) reads the whole doclist of every phrase once per query, which for a word in a third of 100,000 articles cost
 * more than the rest of the search together. Every candidate matches the words somewhere; what tells them
 * apart is the title: a BM25 of the title (title and subtitle as indexed, k1 1.2, b 0.75), weighed as FTS5's
 * title column is (10 against the body's 1), a synonym at half the typed word.
 */
const TITLE_WEIGHT = 10;
const K1 = 1.2;
const B = 0.75;
const SYNONYM_SHARE = 0.5;

/** Each word of the query as its alternatives' runs (the typed one first). */
function wordsOf(s: Search): string[][][] {
  if (s.smart) return s.smart.words.map((w) => w.alts.map((a) => a.parts));
  return [s.keyword, s.content, s.title].filter((k): k is KeywordQuery => !!k).map((k) => [k.parts]);
}

function occurrences(text: string, part: string): number {
  let n = 0;
  for (let i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length)) n++;
  return n;
}

/** The candidates (docKeys) with their score before the recency boost. */
export async function titleScored(db: Db, s: Search, keys: readonly number[]): Promise<{ k: number; r: number }[]> {
  if (!keys.length) return [];
  const words = wordsOf(s);
  // Only titles holding some word come back (a few in a hundred): the others score the body's 1. instr() on
  // lower() is a first sieve; the score below folds as the index does.
  const pg = dialectOf(db) === 'postgres';
  const has = (parts: string[]) => sql.join(parts.map((p) => (pg ? sql`strpos(lower(s.title), ${p}) > 0` : sql`instr(lower(s.title), ${p}) > 0`)), sql` and `);
  const any = sql.join(words.flatMap((alts) => alts.filter((p) => p.length).map((p) => sql`(${has(p)})`)), sql` or `);
  const from = pg
    ? sql`article_search s where s."docKey" = any(${sql.val(`{${keys.join(',')}}`)}::bigint[])`
    : sql`article_search s indexed by article_search_facet_idx where s."docKey" in (select value from json_each(${JSON.stringify(keys)}))`;
  const hits = words.some((alts) => alts.some((p) => p.length)) ? (await sql<{ k: number; t: string }>`select s."docKey" as k, s.title as t from ${from} and (${any})`.execute(db)).rows : [];
  const scored = new Map(score(hits, words).map((x) => [Number(x.k), x.r]));
  return keys.map((k) => ({ k, r: scored.get(k) ?? 1 }));
}

/** Scores of titles holding some word: 1 (the body) + TITLE_WEIGHT × the title BM25 (exported for tests). */
export function score(rows: readonly { k: number; t: string }[], words: string[][][]): { k: number; r: number }[] {
  const titles = rows.map((r) => fold(String(r.t ?? '')));
  // Average title length: of the titles read (the others are not read); titles of one site vary little.
  const avg = titles.reduce((a, t) => a + t.length, 0) / (titles.length || 1) || 1;
  return rows.map((r, i) => {
    const t = titles[i] as string;
    const norm = K1 * (1 - B + (B * t.length) / avg);
    let score = 0;
    for (const alts of words) {
      let best = 0;
      alts.forEach((parts, a) => {
        const tf = parts.length && parts.every((p) => t.includes(p)) ? Math.min(...parts.map((p) => occurrences(t, p))) : 0;
        best = Math.max(best, ((tf * (K1 + 1)) / (tf + norm)) * (a === 0 ? 1 : SYNONYM_SHARE));
      });
      score += best;
    }
    return { k: Number(r.k), r: 1 + TITLE_WEIGHT * score };
  });
}
