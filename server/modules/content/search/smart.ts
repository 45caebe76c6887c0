import type { Db } from '../../../db/types.js';
import { dialectOf } from './indexer.js';
import { facetsOf, type Facets } from './facets.js';
import type { Search } from './params.js';
import { searchPage, type CountKept } from './run.js';
import type { ServiceEntry } from './understanding/config.js';
import { fallbackOf, understand, type Tools, type Understood } from './understanding/understand.js';

/** What a search with `sortType` answers beside the page (docs/search-and-reports.md). */
export interface QueryInfo {
  keyword: string;
  searched: string;
  /** Why `searched` differs: traditional, pinyin, correction (searched because the keyword found nothing). */
  rewrite: Understood['rewrite'];
  /** 您是不是要找: a correction offered (or already searched, see rewrite). */
  suggestion: string | null;
  words: string[];
  synonyms: string[];
}

/** Service entries whose keyword (or a synonym of it) occurs in the searched words. */
export function servicesFor(u: Understood, tools: Tools): Pick<ServiceEntry, 'id' | 'title' | 'link' | 'answer'>[] {
  const said = [u.searched.toLowerCase(), ...u.words.map((w) => w.text), ...u.synonyms];
  const hit = (k: string) => said.some((s) => s.includes(k)) || (tools.config.synonyms.get(k) ?? []).some((syn) => said.some((s) => s.includes(syn)));
  return tools.config.services.filter((e) => e.keywords.some(hit)).slice(0, 3).map((e) => ({ id: e.id, title: e.title, link: e.link, answer: e.answer }));
}

/**
 * A search with `sortType`: the keyword understood (understand.ts); when it finds nothing and a correction
 * exists, the correction is searched instead; facets and service entries beside the page.
 */
export async function smartSearch(db: Db, s: Search, keyword: string, tools: Tools, kept: CountKept) {
  let u = understand(keyword, tools);
  let found = await searchPage(db, { ...s, smart: u }, kept);
  const fallback = found.page.totalRow === 0 ? fallbackOf(u, tools) : null;
  if (fallback) {
    const again = await searchPage(db, { ...s, smart: fallback }, kept);
    if (again.page.totalRow > 0) {
      u = fallback;
      found = again;
    }
  }
  const { page, newest } = found;
  const searched = { ...s, smart: u };
  const facets: Facets = page.totalRow > 0 ? await facetsOf(db, searched, dialectOf(db), newest) : { columns: [], years: [], types: [], capped: false };
  const query: QueryInfo = { keyword: u.original, searched: u.searched, rewrite: u.rewrite, suggestion: u.suggestion, words: u.words.map((w) => w.text), synonyms: u.synonyms };
  return { ...page, sortType: s.sort, query, facets, services: servicesFor(u, tools) };
}
