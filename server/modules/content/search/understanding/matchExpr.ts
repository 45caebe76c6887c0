import { sql, type RawBuilder } from 'kysely';
import { ftsExpression, type KeywordQuery } from '../text.js';
import type { QueryWord } from './understand.js';

/**
 * How the understood words are matched: every word must occur, a word occurs when any of its alternatives
 * (itself, its synonyms) does, an alternative when all its bigrams do (the same index as the plain keyword).
 */

/**
 * Relevance weights of a word's alternatives. bm25() sums over the expression's phrases, so a synonym spelt
 * with more bigrams (医疗保障: 3) outweighed the typed word (医保: 1). For ranking, each alternative's phrases
 * are repeated to the same count (the word's longest alternative) and the typed word's TYPED times over;
 * repeating a phrase changes no match, only its weight. Capped so an expression stays short.
 */
const TYPED = 3;
const MAX_COPIES = 12;

/** How many times an alternative's phrases are written in the ranking expression. */
export function copiesOf(word: QueryWord, alt: number): number {
  const longest = Math.max(...word.alts.map((a) => a.terms.length));
  const own = word.alts[alt]?.terms.length || 1;
  if (word.alts.length < 2) return 1;
  return Math.min(MAX_COPIES, Math.max(1, Math.round(((alt === 0 ? TYPED : 1) * longest) / own)));
}

/**
 * SQLite FTS5: `(alt1 OR alt2) AND (…)`; `titleOnly` limits it to the title and subtitle columns. `ranked`:
 * the same matches, phrases repeated by copiesOf so that bm25() weighs the typed word above its synonyms.
 */
export function wordsFts(words: readonly QueryWord[], titleOnly = false, ranked = false): string {
  const alt = (w: QueryWord, a: KeywordQuery, n: number) => `(${Array<string>(ranked ? copiesOf(w, n) : 1).fill(ftsExpression(a)).join(' AND ')})`;
  const body = words.map((w) => `(${w.alts.map((a, n) => alt(w, a, n)).join(' OR ')})`).join(' AND ');
  return titleOnly ? `{t s} : (${body})` : body;
}

const pgArray = (k: KeywordQuery, prefix: string) => sql`${sql.val(k.terms.map((t) => prefix + t.text))}::text[]`;

/** PostgreSQL: the same over `terms` (GIN); title-only uses the `t:` terms. */
export function wordsPg(words: readonly QueryWord[], titleOnly = false, col: RawBuilder<unknown> = sql.ref('s.terms')): RawBuilder<boolean> {
  const prefix = titleOnly ? 't:' : '';
  const each = words.map((w) => sql`(${sql.join(w.alts.map((a) => sql`${col} @> ${pgArray(a, prefix)}`), sql` or `)})`);
  return sql<boolean>`(${sql.join(each, sql` and `)})`;
}

/** PostgreSQL tsquery text of one alternative: one-character terms as prefixes (they end runs in the vector). */
const altTsQuery = (a: KeywordQuery) => `(${a.terms.map((t) => `'${t.text}'${t.single ? ':*' : ''}`).join(' & ')})`;

/** A synonym's rank counts this share of the typed word's (PostgreSQL; SQLite weighs by copiesOf). */
const SYNONYM_SHARE = 0.5;

/**
 * PostgreSQL relevance: per word the best of its alternatives, each ranked alone (ts_rank_cd over one
 * alternative, synonyms at SYNONYM_SHARE), summed over the words. One ts_rank_cd over `a | b` ranked a synonym
 * of more terms above the typed word.
 */
export function wordsPgRank(words: readonly QueryWord[], weights: string, tsv: RawBuilder<unknown>): RawBuilder<number> {
  const rankOf = (a: KeywordQuery, n: number) => sql`${n === 0 ? 1 : SYNONYM_SHARE}::float4 * ts_rank_cd(${weights}::float4[], ${tsv}, to_tsquery('simple', ${altTsQuery(a)}))`;
  const each = words.map((w) => (w.alts.length === 1 ? rankOf(w.alts[0] as KeywordQuery, 0) : sql`greatest(${sql.join(w.alts.map(rankOf))})`));
  return each.length ? sql<number>`(${sql.join(each, sql` + `)})` : sql<number>`0`;
}
