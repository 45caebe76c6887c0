/**
 * Similar-question lookup of the Q&A knowledge base (docs/interaction-forums.md):
 * score = 100 for the same question, + 3 per keyword of the entry found in the visitor's question,
 * + 10 × Dice coefficient of the character bigrams of both questions (characters for one-character
 * questions). Only entries scoring above 0 are answered, best first (ties: more hits, then lower id).
 */
export interface QaEntry {
  id: number;
  quest: string;
  keywords: string | null;
  hitCount?: number;
}

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '')
    .trim();
}

export function splitKeywords(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set(text.split(/[,，、;；\s]+/).map((k) => normalise(k)).filter(Boolean))];
}

function grams(text: string): string[] {
  const chars = [...text];
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

export function dice(a: string, b: string): number {
  const ga = grams(a);
  const gb = grams(b);
  if (!ga.length || !gb.length) return 0;
  const counts = new Map<string, number>();
  for (const g of gb) counts.set(g, (counts.get(g) ?? 0) + 1);
  let common = 0;
  for (const g of ga) {
    const n = counts.get(g) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(g, n - 1);
    }
  }
  return (2 * common) / (ga.length + gb.length);
}

export function score(question: string, entry: QaEntry): number {
  const q = normalise(question);
  const e = normalise(entry.quest);
  if (!q || !e) return 0;
  let s = q === e ? 100 : 0;
  for (const k of splitKeywords(entry.keywords)) if (q.includes(k)) s += 3;
  s += 10 * dice(q, e);
  return Math.round(s * 100) / 100;
}

export function rank<T extends QaEntry>(question: string, entries: readonly T[]): (T & { score: number })[] {
  return entries
    .map((e) => ({ ...e, score: score(question, e) }))
    .filter((e) => e.score > 0)
    .sort((a, b) => b.score - a.score || Number(b.hitCount ?? 0) - Number(a.hitCount ?? 0) || a.id - b.id);
}
