import { sql } from 'kysely';
import type { Db } from '../../../db/types.js';
import { dialectOf } from './indexer.js';
import { ftsExpression, fold, parseKeyword } from './text.js';
import { fullPinyin, initials } from './understanding/pinyin.js';
import type { Tools } from './understanding/understand.js';

export interface Suggestion { word: string; kind: 'hot' | 'title' }

/**
 * Keyword suggestions as the citizen types: enabled hot words and staff words that contain the input or
 * whose pinyin or initials start with it (`yib` → 医保), then titles of the newest matching articles.
 */
export async function suggestionsFor(db: Db, input: string, tools: Tools, size: number): Promise<Suggestion[]> {
  const q = fold(input).trim();
  if (!q) return [];
  const latin = /^[a-z][a-z\s']*$/.test(q) ? q.replace(/[\s']+/g, '') : null;
  const words = [...tools.config.hotWords.map((h) => h.word), ...tools.config.synonyms.keys(), ...tools.config.dictWords];
  const hot = [...new Set(words)].filter((w) => (latin ? fullPinyin(w).startsWith(latin) || initials(w).startsWith(latin) : w.includes(q)));
  const out: Suggestion[] = hot.slice(0, size).map((word) => ({ word, kind: 'hot' }));
  const han = latin ? tools.lexicon.fromPinyin(latin) : q;
  const k = han ? parseKeyword(han) : null;
  if (out.length < size && k && k.terms.length) {
    const n = size - out.length;
    const rows = dialectOf(db) === 'sqlite'
      ? (await sql<{ title: string }>`select s.title from (select rowid as k from article_fts where article_fts match ${ftsExpression(k, '{t s}')} order by rowid desc limit ${n}) f join article_search s on s."docKey" = f.k order by f.k desc`.execute(db)).rows
      : (await sql<{ title: string }>`with m as materialized (select "docKey", title from article_search s where s.terms @> ${sql.val(k.terms.map((t) => `t:${t.text}`))}::text[] limit 200) select title from m order by "docKey" desc limit ${n}`.execute(db)).rows;
    for (const r of rows) if (!out.some((o) => o.word === r.title)) out.push({ word: String(r.title), kind: 'title' });
  }
  return out.slice(0, size);
}
