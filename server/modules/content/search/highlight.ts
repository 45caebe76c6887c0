/**
 * Highlighting of search results (docs/search-and-reports.md): the piece of an excerpt around the first
 * match, and every match wrapped in <em>…</em> with nothing of the text itself able to become markup.
 * Matching ignores case and character width, like the index. A search builds one highlighter (its
 * parts, longest first) and uses it for every hit; positions are stepped over on UTF-16 indices (surrogate pairs kept
 * whole) instead of splitting each text into an array of characters, since this runs twice per hit.
 */
import { fold } from './text.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => (/[&<>"']/.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string) : s);

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** The index `n` characters (code points) before `i`, or 0. */
function back(text: string, i: number, n: number): number {
  for (; n > 0 && i > 0; n--) i -= i > 1 && isLow(text.charCodeAt(i - 1)) && isHigh(text.charCodeAt(i - 2)) ? 2 : 1;
  return i;
}

/** The index `n` characters (code points) after `i`, or the text's end. */
function forward(text: string, i: number, n: number): number {
  for (; n > 0 && i < text.length; n--) i += isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1)) ? 2 : 1;
  return i;
}

export interface Highlighter {
  /** The text HTML-escaped with every occurrence of the keywords' parts in <em>…</em>. */
  mark(text: string): string;
  /** The piece of the text around the first match (or its beginning), at most `size` characters plus '…', marked. */
  markedSnippet(text: string, size?: number): string;
}

/**
 * The text case- and width-folded with its positions kept: where folding changes a character's length
 * (NFKC turns '…' into '...'), that character is only lower-cased or kept as it is.
 */
function foldInPlace(text: string): string {
  const folded = fold(text);
  if (folded.length === text.length) return folded;
  let out = '';
  for (const ch of text) {
    const f = fold(ch);
    const lower = ch.toLowerCase();
    out += f.length === ch.length ? f : lower.length === ch.length ? lower : ch;
  }
  return out;
}

/**
 * The leftmost occurrence at or after `from` of any of `list` (longest first): what a global regular
 * expression (flags gu) of the alternatives in that order finds, for parts of whole characters (parseKeyword's
 * runs), without compiling one per search (session 31: each search's keyword is new, and its expression was
 * compiled for 40 short texts; highlighting 79 → 69 µs a page of 20).
 */
export function firstMatch(list: readonly string[], source: string, from: number): { at: number; end: number } | null {
  let at = -1;
  let found = '';
  for (const p of list) {
    const i = source.indexOf(p, from);
    if (i >= 0 && (at < 0 || i < at)) [at, found] = [i, p];
  }
  return at < 0 ? null : { at, end: at + found.length };
}

/** Characters a snippet keeps before the first match. */
const LEAD = 30;
/** Characters of a snippet (`highlightContent`). */
export const SNIPPET_CHARS = 120;

export function highlighter(parts: readonly string[]): Highlighter {
  const list = [...new Set(parts.filter(Boolean))].sort((a, b) => b.length - a.length);
  const mark = (text: string): string => {
    if (!list.length) return escapeHtml(text);
    const source = foldInPlace(text);
    let out = '';
    let last = 0;
    for (let m = firstMatch(list, source, 0); m; m = firstMatch(list, source, m.end)) {
      out += `${escapeHtml(text.slice(last, m.at))}<em>${escapeHtml(text.slice(m.at, m.end))}</em>`;
      last = m.end;
    }
    return out + escapeHtml(text.slice(last));
  };
  return {
    mark,
    markedSnippet(text, size = SNIPPET_CHARS) {
      if (text.length <= size || (text.length <= 2 * size && forward(text, 0, size) >= text.length)) return mark(text);
      const source = foldInPlace(text);
      let at = -1;
      for (const p of list) {
        const i = source.indexOf(p);
        if (i >= 0 && (at < 0 || i < at)) at = i;
      }
      const start = at < 0 ? 0 : back(text, at, LEAD);
      const end = forward(text, start, size);
      return (start > 0 ? '…' : '') + mark(text.slice(start, end)) + (end < text.length ? '…' : '');
    },
  };
}
