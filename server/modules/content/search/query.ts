import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DialectName } from '../../../db/types.js';
import type { Search } from './params.js';
import { ftsExpression, type KeywordQuery } from './text.js';
import { wordsFts, wordsPg } from './understanding/matchExpr.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Q = SelectQueryBuilder<any, any, any>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The word queries other than the understood keyword (the keyword itself without sortType, ZWGK's content). */
const plainWords = (s: Search) => [s.smart ? null : s.keyword, s.content].filter((k): k is KeywordQuery => !!k);

/** A word condition that can find nothing (a keyword of punctuation only, every word dropped). */
export function findsNothing(s: Search): boolean {
  if ([...plainWords(s), s.title].some((k) => k && k.terms.length === 0)) return true;
  return !!s.smart && s.smart.words.length === 0;
}

/** The FTS5 expression of every word condition (SQLite), or null when there is none; `ranked`: see wordsFts. */
export function matchFts(s: Search, titleOnly = false, ranked = false): string | null {
  const exprs = plainWords(s).map((k) => ftsExpression(k, titleOnly ? '{t s}' : undefined));
  if (s.smart) exprs.push(wordsFts(s.smart.words, titleOnly, ranked));
  if (s.title) exprs.push(ftsExpression(s.title, '{t s}'));
  return exprs.length ? exprs.map((e) => `(${e})`).join(' AND ') : null;
}

/** The `terms` condition of every word condition (PostgreSQL), or null when there is none; `col`: the terms' expression (pgHead.ts). */
export function matchPg(s: Search, titleOnly = false, col: RawBuilder<unknown> = sql.ref('s.terms')): RawBuilder<boolean> | null {
  const prefix = titleOnly ? 't:' : '';
  const parts: RawBuilder<boolean>[] = [];
  const terms = [...new Set([...plainWords(s), ...(s.title ? [s.title] : [])].flatMap((k) => k.terms.map((t) => prefix + t.text)))];
  if (terms.length) parts.push(sql<boolean>`${col} @> ${sql.val(terms)}::text[]`);
  if (s.smart) parts.push(wordsPg(s.smart.words, titleOnly, col));
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : null;
}

/** Conditions other than words: dates, columns, disclosure fields. */
export function hasFilters(s: Search): boolean {
  return !!(s.columnIds || s.zwgk || s.wjType || s.wjbh || s.year !== null || s.day || s.titleText);
}

export function filters(q: Q, s: Search): Q {
  if (s.titleText) q = q.where(sql<boolean>`lower(s.title) like ${like(s.titleText.toLowerCase())} escape '\\'`);
  if (s.since) q = q.where('s.publishTime', '>=', s.since);
  if (s.columnIds) q = q.where('s.columnId', 'in', s.columnIds);
  if (s.zwgk) q = q.where('s.zwgk', '=', 1);
  if (s.wjType) q = q.where('s.wjType', '=', s.wjType);
  if (s.wjbh) q = q.where(sql<boolean>`s.wjbh like ${like(s.wjbh)} escape '\\'`);
  if (s.year !== null) q = q.where('s.docYear', '=', s.year);
  if (s.day) q = q.where('s.docDay', '=', s.day);
  return q;
}

/** Every condition on `article_search as s` (the general path). */
export function where(q: Q, s: Search, dialect: DialectName, titleOnly = false): Q {
  if (findsNothing(s)) return q.where(sql<boolean>`1 = 0`);
  if (dialect === 'sqlite') {
    const match = matchFts(s, titleOnly);
    if (match) q = q.where(sql<boolean>`s.docKey in (select rowid from article_fts where article_fts match ${match})`);
  } else {
    const match = matchPg(s, titleOnly);
    if (match) q = q.where(match);
  }
  return filters(q, s);
}

/** The FTS5 expression when the words and the date are the only conditions (SQLite's fast path), else null. */
export function ftsOnly(s: Search, dialect: DialectName): string | null {
  if (dialect !== 'sqlite' || hasFilters(s) || findsNothing(s)) return null;
  return matchFts(s);
}
