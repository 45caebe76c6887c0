import type { Db } from '../../../../db/types.js';
import { loadSearchConfig, type SearchConfig } from './config.js';
import { createPinyinLexicon, type LexiconWeights } from './pinyin.js';
import { createSegmenter, type Segmenter } from './segmenter.js';
import type { Tools } from './understand.js';

/** The staff's configuration is read again after this long (other instances' changes). */
const CONFIG_TTL_MS = 30_000;
/** Title words for pinyin and homophones: from this many newest articles, refreshed this often. */
const TITLE_SAMPLE = 5000;
const TITLE_TTL_MS = 10 * 60_000;

/** Title words seen in at least this many titles enter the lexicon (weight = how many titles). */
const MIN_TITLES = 2;

async function titleWeights(db: Db, segmenter: Segmenter): Promise<LexiconWeights> {
  const rows = await db.selectFrom('article_search').select('title').orderBy('docKey', 'desc').limit(TITLE_SAMPLE).execute();
  const counts = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    for (const w of new Set(segmenter.lexiconWords(String(rows[i]?.title ?? '')))) counts.set(w, (counts.get(w) ?? 0) + 1);
    // Hand the event loop back now and then: searches go on while the lexicon is built.
    if (i % 200 === 199) await new Promise((r) => setImmediate(r));
  }
  return new Map([...counts].filter(([, n]) => n >= MIN_TITLES));
}

function staffWeights(c: SearchConfig): LexiconWeights {
  const w: LexiconWeights = new Map();
  const add = (word: string, weight: number) => w.set(word, Math.max(w.get(word) ?? 0, weight));
  for (const h of c.hotWords) add(h.word, 100_000 + h.count);
  for (const word of [...c.synonyms.keys(), ...c.dictWords, ...c.corrections.values(), ...c.services.flatMap((s) => s.keywords)]) add(word, 1_000_000);
  return w;
}

/**
 * The search's understanding tools, kept per instance: the staff's tables (read again after CONFIG_TTL_MS
 * or at once after a change through this instance, `invalidate`), the segmenter with their words, and the
 * pinyin lexicon of staff words and frequent title words.
 */
export function createUnderstandingStore(db: Db) {
  let tools: Tools | null = null;
  let loadedAt = 0;
  /** Set by invalidate: the next search waits for the new tables (a staff change shows at once here). */
  let mustWait = true;
  let loading: Promise<Tools> | null = null;
  let segmenterWords = '';
  let segmenter: Segmenter | null = null;
  let titles: LexiconWeights = new Map();
  let titlesAt = 0;
  const load = async (): Promise<Tools> => {
    const config = await loadSearchConfig(db);
    const words = [...config.dictWords, ...config.synonyms.keys()].sort().join('\n');
    if (!segmenter || words !== segmenterWords) {
      segmenter = createSegmenter(words ? words.split('\n') : []);
      segmenterWords = words;
      titlesAt = 0;
    }
    if (Date.now() - titlesAt > TITLE_TTL_MS) {
      titles = await titleWeights(db, segmenter);
      titlesAt = Date.now();
    }
    const weights = new Map([...titles, ...staffWeights(config)]);
    return { config, segmenter, lexicon: createPinyinLexicon(weights) };
  };
  return {
    async get(): Promise<Tools> {
      if (tools && Date.now() - loadedAt < CONFIG_TTL_MS) return tools;
      const wait = mustWait;
      mustWait = false;
      loading ??= load().then((t) => {
        tools = t;
        loadedAt = Date.now();
        return t;
      });
      const mine = loading;
      void mine.finally(() => { if (loading === mine) loading = null; }).catch(() => undefined);
      // A stale set answers while the new one loads (no search waits for a reload), except the first time.
      return wait || !tools ? loading : tools;
    },
    /** After a change of the staff's tables or the index: the next search reads them again. */
    invalidate(titlesToo = false): void {
      loadedAt = 0;
      mustWait = true;
      loading = null;
      if (titlesToo) titlesAt = 0;
    },
  };
}

export type UnderstandingStore = ReturnType<typeof createUnderstandingStore>;
