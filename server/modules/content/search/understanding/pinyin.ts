import { pinyin } from 'pinyin-pro';

/** Pinyin of words already seen (the lexicon is rebuilt every half minute from mostly the same words). */
const memo = new Map<string, [string, string]>();
const MEMO_MAX = 200_000;

function spell(word: string): [string, string] {
  let s = memo.get(word);
  if (!s) {
    s = [
      pinyin(word, { toneType: 'none', type: 'array', v: true }).join(''),
      pinyin(word, { pattern: 'first', toneType: 'none', type: 'array' }).join(''),
    ];
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(word, s);
  }
  return s;
}

/** Full pinyin without tones, joined (医保 → yibao). */
export const fullPinyin = (word: string): string => spell(word)[0];
/** Initials (医保 → yb). */
export const initials = (word: string): string => spell(word)[1];

/** Words the search knows, with a weight (staff words weigh most, then hot words, then frequent title words). */
export type LexiconWeights = Map<string, number>;

/**
 * Pinyin → word: `yibao` and `yb` → 医保 (the heaviest word with that pinyin). Initials need two letters
 * and a word of at least two characters; a homophone (医宝 → 医保) is the heaviest other word with the
 * same full pinyin and length.
 */
export function createPinyinLexicon(weights: LexiconWeights) {
  const byFull = new Map<string, { word: string; weight: number }>();
  const byInitials = new Map<string, { word: string; weight: number }>();
  const put = (m: Map<string, { word: string; weight: number }>, key: string, word: string, weight: number) => {
    const had = m.get(key);
    if (!had || had.weight < weight) m.set(key, { word, weight });
  };
  for (const [word, weight] of weights) {
    if (!/^\p{Script=Han}{2,8}$/u.test(word)) continue;
    put(byFull, fullPinyin(word), word, weight);
    put(byInitials, initials(word), word, weight);
  }
  return {
    has: (word: string) => weights.has(word),
    size: weights.size,
    /** The word a pinyin spelling stands for (full pinyin first, then initials), or null. */
    fromPinyin(latin: string): string | null {
      const key = latin.replace(/[\s']+/g, '');
      if (!/^[a-z]{2,30}$/.test(key)) return null;
      return byFull.get(key)?.word ?? byInitials.get(key)?.word ?? null;
    },
    /** A known word that sounds the same as an unknown Chinese word (typed with the wrong character), or null. */
    homophone(word: string): string | null {
      if (weights.has(word) || !/^\p{Script=Han}{2,8}$/u.test(word)) return null;
      const found = byFull.get(fullPinyin(word));
      return found && found.word !== word && [...found.word].length === [...word].length ? found.word : null;
    },
  };
}

export type PinyinLexicon = ReturnType<typeof createPinyinLexicon>;
