import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/** Single characters a query drops when other words remain (的, 和…: in nearly every article). */
const STOP = new Set(['的', '了', '和', '与', '及', '在', '是', '之', '或', '对', '把', '被', '等', '关于']);

/**
 * Chinese word segmentation of queries (jieba, @node-rs/jieba with its bundled dictionary) plus the staff's
 * words (分词词典 and synonym words), so 云溪县 and 医疗保险 stay whole. Built again when those words change.
 */
export function createSegmenter(extra: readonly string[]) {
  const jieba = Jieba.withDict(dict);
  const han = extra.filter((w) => /\p{Script=Han}/u.test(w) && !/\s/.test(w));
  if (han.length) jieba.loadDict(Buffer.from(han.map((w) => `${w} 100000 n`).join('\n')));
  return {
    /**
     * The words of a Chinese run: consecutive one-character pieces are joined again (an unknown name split into
     * characters is searched as one run), stop characters dropped while other words remain.
     */
    words(run: string): string[] {
      const out: string[] = [];
      let single = '';
      for (const piece of jieba.cut(run, true)) {
        if ([...piece].length === 1 && !STOP.has(piece)) single += piece;
        else {
          if (single) out.push(single);
          single = '';
          if (!STOP.has(piece)) out.push(piece);
        }
      }
      if (single) out.push(single);
      return out.length ? out : [run];
    },
    /** Words of a text for the pinyin lexicon (titles): two to six characters. */
    lexiconWords(text: string): string[] {
      return jieba.cut(text, false).filter((w) => /^\p{Script=Han}{2,6}$/u.test(w));
    },
  };
}

export type Segmenter = ReturnType<typeof createSegmenter>;
