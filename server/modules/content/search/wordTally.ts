import type { Db } from '../../../db/types.js';
import { increment } from '../../../shared/counters.js';
import { formatDateTime } from '../../../util/time.js';
import { HOT_WORD_MAX_LENGTH } from '../../system/hotWords/index.js';

/** How long words are gathered before they are written. */
const GATHER_MS = 200;

/**
 * Writes the gathered counts in ONE transaction, as recordSearchWord (system/hotWords) counts one word: the
 * word's searchCount grows, a word not known yet is added as 自动统计 and disabled; empty or longer than 30
 * characters is not counted. One transaction per word cost a commit (and its WAL sync, on the event loop)
 * for every distinct keyword: hundreds a second under a stream of distinct searches (issue 25/26, session 22).
 */
async function writeBatch(db: Db, batch: ReadonlyMap<string, number>): Promise<void> {
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    for (const [keyword, times] of batch) {
      const word = keyword.trim();
      if (!word || [...word].length > HOT_WORD_MAX_LENGTH) continue;
      const found = await trx.selectFrom('hot_word').select('id').where('word', '=', word).executeTakeFirst();
      if (found) await increment(trx, 'hot_word', 'searchCount', { column: 'id', keys: Number(found.id) }, { by: times });
      else await trx.insertInto('hot_word').values({ word, sort: 0, status: 0, type: 2, searchCount: times, creatorName: '系统', createTime: now, updateTime: now }).execute();
    }
  });
}

/**
 * Search keywords counted for the hot-words block off the search's own path: a search adds its word and
 * answers at once; the words gathered over GATHER_MS are written together by one writer (a burst of the
 * same word costs one update, a burst of different words one transaction). Whatever is left is written
 * when the server closes.
 */
export function createWordTally(db: Db, log: (error: unknown) => void) {
  let pending = new Map<string, number>();
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (pending.size) {
      const batch = pending;
      pending = new Map();
      try {
        await writeBatch(db, batch);
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
  return {
    add(word: string): void {
      pending.set(word, (pending.get(word) ?? 0) + 1);
      // Words of the next GATHER_MS go out together (a busy search box costs a few writes a second).
      timer ??= setTimeout(() => {
        timer = null;
        void flush();
      }, GATHER_MS);
      timer.unref();
    },
    /** Waits until every word added so far is written. */
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      while (running || pending.size) await flush();
    },
  };
}
