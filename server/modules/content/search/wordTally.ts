import type { Db } from '../../../db/types.js';
import { recordSearchWord } from '../../system/hotWords/index.js';

/**
 * Search keywords counted for the hot-words block off the search's own path: a search adds its word and
 * answers at once; one writer at a time records the words gathered so far (a burst of the same word
 * costs one write per round, not one per search). Whatever is left is written when the server closes.
 */
export function createWordTally(db: Db, log: (error: unknown) => void) {
  const pending = new Map<string, number>();
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (pending.size) {
      const [word, times] = pending.entries().next().value as [string, number];
      pending.delete(word);
      try {
        await recordSearchWord(db, word, times);
      } catch (error) {
        log(error);
      }
    }
  };
  const flush = (): Promise<void> => {
    running ??= drain().finally(() => (running = null));
    return running;
  };
  return {
    add(word: string): void {
      pending.set(word, (pending.get(word) ?? 0) + 1);
      void flush();
    },
    /** Waits until every word added so far is written. */
    async flush(): Promise<void> {
      while (running || pending.size) await flush();
    },
  };
}
