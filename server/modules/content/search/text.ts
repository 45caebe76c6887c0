/**
 * Text handling of the article search (docs/search-and-reports.md): HTML to plain text, the bigram
 * tokens an article is indexed under and the tokens a keyword asks for (highlighting: highlight.ts).
 */
import { plainText } from '../../../shared/text.js';

const HAN = /\p{Script=Han}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Longest Latin/digit word kept as one token (longer ones are cut, on both sides alike). */
const MAX_WORD = 40;

/** Plain text of stored (sanitised) HTML: the server's one text-strip (server/shared/text.ts). */
export const htmlToText = (html: unknown): string => plainText(html);

/** Case and width folded (full-width letters and digits become ASCII), the form both sides are tokenised in. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export interface Segment {
  kind: 'han' | 'word';
  text: string;
}

/** Runs of Chinese characters and of other letters/digits; everything else separates. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let kind: Segment['kind'] | null = null;
  let run = '';
  const flush = () => {
    if (kind && run) out.push({ kind, text: kind === 'word' ? run.slice(0, MAX_WORD) : run });
    kind = null;
    run = '';
  };
  for (const ch of fold(text)) {
    const k: Segment['kind'] | null = HAN.test(ch) ? 'han' : WORD_CHAR.test(ch) ? 'word' : null;
    if (k !== kind) flush();
    if (k) {
      kind = k;
      run += ch;
    }
  }
  flush();
  return out;
}

function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + (chars[i + 1] as string));
  return out;
}

/**
 * The token stream of a text for SQLite FTS5 (unicode61 splits it on the spaces): each Chinese run as
 * its overlapping bigrams followed by its last character alone (so a one-character keyword finds every
 * occurrence with a prefix query: each character starts a bigram or ends a run), each other word as is.
 */
export function ftsText(text: string): string {
  const out: string[] = [];
  for (const s of segments(text)) {
    if (s.kind === 'word') out.push(s.text);
    else {
      const chars = Array.from(s.text);
      if (chars.length > 1) out.push(...bigrams(s.text));
      out.push(chars[chars.length - 1] as string);
    }
  }
  return out.join(' ');
}

/** The distinct terms of a text for PostgreSQL (a text[] with a GIN index): bigrams, single characters, words. */
export function termSet(text: string): string[] {
  const out = new Set<string>();
  for (const s of segments(text)) {
    if (s.kind === 'word') out.add(s.text);
    else {
      for (const b of bigrams(s.text)) out.add(b);
      for (const c of s.text) out.add(c);
    }
  }
  return [...out];
}

/** What a keyword asks for: every term must occur (AND); `single` terms are one Chinese character. */
export interface KeywordQuery {
  terms: { text: string; single: boolean }[];
  /** The keyword's runs, for highlighting. */
  parts: string[];
}

export function parseKeyword(keyword: string): KeywordQuery {
  const terms = new Map<string, { text: string; single: boolean }>();
  const parts: string[] = [];
  for (const s of segments(keyword)) {
    parts.push(s.text);
    if (s.kind === 'word') terms.set(s.text, { text: s.text, single: false });
    else if (Array.from(s.text).length === 1) terms.set(s.text, { text: s.text, single: true });
    else for (const b of bigrams(s.text)) terms.set(b, { text: b, single: false });
  }
  return { terms: [...terms.values()], parts };
}

/** An FTS5 MATCH expression (terms contain only letters and digits, so quoting is enough). */
export function ftsExpression(q: KeywordQuery, column?: string): string {
  const body = q.terms.map((t) => `"${t.text}"${t.single ? '*' : ''}`).join(' AND ');
  return column ? `${column} : (${body})` : body;
}

/** Characters of plain text the index keeps per article for the result snippets. */
export const EXCERPT_CHARS = 1000;

/** The stored excerpt: the first EXCERPT_CHARS characters of the plain text (whole code points). */
export function excerptOf(text: string): string {
  return text.length <= EXCERPT_CHARS ? text : Array.from(text).slice(0, EXCERPT_CHARS).join('');
}
