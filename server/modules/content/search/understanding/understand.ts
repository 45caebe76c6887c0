/**
 * Query understanding (issue 25, docs/search-and-reports.md "Understanding the query"): traditional →
 * simplified, pinyin and initials, staff corrections and homophones (您是不是要找), word segmentation and
 * synonyms. Pure: the staff's configuration, the segmenter and the lexicon are passed in.
 */
import { fold, parseKeyword, segments, type KeywordQuery } from '../text.js';
import type { SearchConfig } from './config.js';
import { simplified } from './convert.js';
import type { PinyinLexicon } from './pinyin.js';
import type { Segmenter } from './segmenter.js';

/** Why the searched words differ from the typed ones. */
export type Rewrite = 'traditional' | 'pinyin' | 'correction' | null;

/** One word of the query: found when any of its alternatives (itself and its synonyms) occurs. */
export interface QueryWord {
  text: string;
  alts: KeywordQuery[];
}

export interface Understood {
  /** The keyword as typed (trimmed). */
  original: string;
  /** What is searched. */
  searched: string;
  rewrite: Rewrite;
  /** A correction offered (您是不是要找) or searched when the keyword itself finds nothing. */
  suggestion: string | null;
  words: QueryWord[];
  /** Synonyms added to the words, for the answer. */
  synonyms: string[];
}

export interface Tools {
  config: SearchConfig;
  segmenter: Segmenter;
  lexicon: PinyinLexicon;
}

/** Replaces the staff's wrong forms (医宝 → 医保) in a keyword; null when none occurs. */
function corrected(keyword: string, corrections: ReadonlyMap<string, string>): string | null {
  let out = keyword;
  for (const [wrong, right] of corrections) if (out.includes(wrong)) out = out.split(wrong).join(right);
  return out === keyword ? null : out;
}

/** The words of a keyword and their synonyms. */
export function wordsOf(keyword: string, tools: Tools): { words: QueryWord[]; synonyms: string[] } {
  const { synonyms: groups } = tools.config;
  const synonyms: string[] = [];
  const word = (text: string): QueryWord => {
    const group = groups.get(text) ?? [text];
    synonyms.push(...group.slice(1));
    return { text, alts: group.map((w) => parseKeyword(w)).filter((k) => k.terms.length > 0) };
  };
  const whole = fold(keyword).trim();
  // A whole keyword that is a synonym (医疗保险) is one word, not its segments.
  if (groups.has(whole)) return { words: [word(whole)], synonyms };
  const words: QueryWord[] = [];
  for (const s of segments(keyword)) {
    if (s.kind === 'word') words.push(word(s.text));
    else for (const w of tools.segmenter.words(s.text)) words.push(word(w));
  }
  return { words: words.filter((w) => w.alts.length > 0), synonyms: [...new Set(synonyms)] };
}

/** A correction for a keyword: the staff's table first, then a homophone of a known word. */
function correctionOf(keyword: string, tools: Tools): string | null {
  const staff = corrected(fold(keyword), tools.config.corrections);
  if (staff) return staff;
  const whole = fold(keyword).trim();
  return tools.lexicon.homophone(whole);
}

export function understand(keyword: string, tools: Tools): Understood {
  const original = keyword.trim();
  let searched = original;
  let rewrite: Rewrite = null;
  let suggestion: string | null = null;
  const simple = simplified(original);
  if (simple !== original) {
    searched = simple;
    rewrite = 'traditional';
    suggestion = simple;
  }
  const latin = fold(searched).trim();
  if (/^[a-z][a-z\s']{1,40}$/.test(latin)) {
    const han = tools.lexicon.fromPinyin(latin);
    if (han) {
      searched = han;
      rewrite = 'pinyin';
      suggestion = han;
    }
  } else {
    const fix = correctionOf(searched, tools);
    if (fix) suggestion = fix;
  }
  return { original, searched, rewrite, suggestion, ...wordsOf(searched, tools) };
}

/** The query searched instead when the keyword finds nothing and a correction exists (医宝 → 医保). */
export function fallbackOf(u: Understood, tools: Tools): Understood | null {
  if (!u.suggestion || u.suggestion === u.searched) return null;
  return { ...u, searched: u.suggestion, rewrite: 'correction', ...wordsOf(u.suggestion, tools) };
}
