import type { Db } from '../../../../db/types.js';

/** A service entry shown above matching searches (搜索即服务, resources/searchService.ts). */
export interface ServiceEntry {
  id: number;
  title: string;
  link: string;
  answer: string;
  keywords: string[];
}

/** What staff configure for the search (resources/searchSynonym.ts, searchService.ts, searchTerm.ts, hotWord.ts). */
export interface SearchConfig {
  /** Each word of an enabled synonym group → the whole group (itself first). */
  synonyms: Map<string, string[]>;
  services: ServiceEntry[];
  /** 分词词典 words: kept whole by the segmenter, offered for pinyin. */
  dictWords: string[];
  /** 纠错: wrong form → right word. */
  corrections: Map<string, string>;
  /** Enabled hot words (staff chose them; counted words a citizen typed stay out until enabled), with their search counts. */
  hotWords: { word: string; count: number }[];
}

/** Splits a staff-entered list: commas (both widths), 、, ；, spaces. */
export const splitWords = (v: unknown): string[] =>
  [...new Set(String(v ?? '').split(/[,，、;；\s]+/u).map((w) => w.trim().normalize('NFKC').toLowerCase()).filter(Boolean))];

export async function loadSearchConfig(db: Db): Promise<SearchConfig> {
  const [groups, services, terms, hot] = await Promise.all([
    db.selectFrom('search_synonym').select(['words']).where('status', '=', 1).orderBy('id').execute(),
    db.selectFrom('search_service').select(['id', 'title', 'link', 'answer', 'keywords']).where('status', '=', 1).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('search_term').select(['word', 'kind', 'correctTo']).where('status', '=', 1).execute(),
    db.selectFrom('hot_word').select(['word', 'searchCount', 'status']).where('status', '=', 1).orderBy('searchCount', 'desc').limit(2000).execute(),
  ]);
  const synonyms = new Map<string, string[]>();
  for (const g of groups) {
    const words = splitWords(g.words);
    if (words.length < 2) continue;
    for (const w of words) synonyms.set(w, [w, ...words.filter((x) => x !== w), ...(synonyms.get(w) ?? []).filter((x) => !words.includes(x))]);
  }
  const corrections = new Map<string, string>();
  const dictWords: string[] = [];
  for (const t of terms) {
    const word = String(t.word ?? '').trim().normalize('NFKC').toLowerCase();
    if (!word) continue;
    if (Number(t.kind) === 2) {
      const right = String(t.correctTo ?? '').trim();
      if (right && right !== word) corrections.set(word, right);
    } else dictWords.push(word);
  }
  return {
    synonyms,
    services: services.map((s) => ({ id: Number(s.id), title: String(s.title ?? ''), link: String(s.link ?? ''), answer: String(s.answer ?? ''), keywords: splitWords(s.keywords) })),
    dictWords,
    corrections,
    hotWords: hot
      .filter((h) => Number(h.status) === 1)
      .map((h) => ({ word: String(h.word ?? '').trim(), count: Number(h.searchCount ?? 0) }))
      .filter((h) => h.word),
  };
}
