import { sql, type RawBuilder } from 'kysely';
import { ftsExpression, type KeywordQuery } from '../text.js';
import type { QueryWord } from './understand.js';

/**
 * How the understood words are matched: every word must occur, a word occurs when any of its alternatives
 * (itself, its synonyms) does, an alternative when all its bigrams do (the same index as the plain keyword).
 */

/** SQLite FTS5: `(alt1 OR alt2) AND (…)`; `titleOnly` limits it to the title and subtitle columns. */
export function wordsFts(words: readonly QueryWord[], titleOnly = false): string {
  const body = words.map((w) => `(${w.alts.map((a) => `(${ftsExpression(a)})`).join(' OR ')})`).join(' AND ');
  return titleOnly ? `{t s} : (${body})` : body;
}

const pgArray = (k: KeywordQuery, prefix: string) => sql`${sql.val(k.terms.map((t) => prefix + t.text))}::text[]`;

/** PostgreSQL: the same over `terms` (GIN); title-only uses the `t:` terms. */
export function wordsPg(words: readonly QueryWord[], titleOnly = false): RawBuilder<boolean> {
  const prefix = titleOnly ? 't:' : '';
  const each = words.map((w) => sql`(${sql.join(w.alts.map((a) => sql`s.terms @> ${pgArray(a, prefix)}`), sql` or `)})`);
  return sql<boolean>`(${sql.join(each, sql` and `)})`;
}

/** PostgreSQL tsquery text for ts_rank_cd: one-character terms as prefixes (they end runs in the vector). */
export function wordsTsQuery(words: readonly QueryWord[]): string {
  const alt = (a: KeywordQuery) => `(${a.terms.map((t) => `'${t.text}'${t.single ? ':*' : ''}`).join(' & ')})`;
  return words.map((w) => `(${w.alts.map(alt).join(' | ')})`).join(' & ');
}
