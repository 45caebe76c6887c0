import type { Db } from '../../../db/types.js';
import { TALLY_GATHER_MS as GATHER_MS } from '../../../shared/chunkedWrites.js';
import { recordSearchWords } from '../../system/hotWords/index.js';
import type { TallyWriter } from './tallyWriter.js';


/**
 * Search keywords counted for the hot-words block off the search's own path: a search adds its word and
 * answers at once; the words gathered over GATHER_MS are written together by one writer (a burst of the
 * same word costs one update, a burst of different words one transaction). Whatever is left is written
 * when the server closes. On SQLite a `writer` thread runs the statements (tallyWriter.ts, session 32), shared
 * with the statistics' tally and closed by routes.ts after both are flushed.
 */
export function createWordTally(db: Db, log: (error: unknown) => void, writer: TallyWriter | null = null) {
  let pending = new Map<string, number>();
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (pending.size) {
      const batch = pending;
      pending = new Map();
      try {
        // One transaction for the batch: a commit per distinct word cost a WAL sync each, on the event loop.
        await recordSearchWords(db, batch, writer);
      } catch (error) {
        log(error);
      }
    }
  };
  const flush = (): Promise<void> => {
    running ??= drain().finally(() => (running = null));
    return running;
  };
  let timer: NodeJS.Timeout | null = null;
  const flushAll = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (running || pending.size) await flush();
  };
  return {
    add(word: string): void {
      pending.set(word, (pending.get(word) ?? 0) + 1);
      // Words of the next GATHER_MS go out together (a busy search box costs one write every GATHER_MS).
      timer ??= setTimeout(() => {
        timer = null;
        void flush();
      }, GATHER_MS);
      timer.unref();
    },
    /** Waits until every word added so far is written. */
    flush: flushAll,
  };
}
