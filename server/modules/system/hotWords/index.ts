import type { Db } from '../../../db/types.js';
import { insertSearchedWord } from '../../../entities/hotWord.js';
import { formatDateTime } from '../../../util/time.js';
import { increment } from '../../../shared/counters.js';
import { inChunks } from '../../../shared/chunkedWrites.js';

const TABLE = 'hot_word';
export const HOT_WORD_MAX_LENGTH = 30;

/**
 * Counts one search of `keyword` (called by the portal search): the word's searchCount grows by one; a
 * word not known yet is added as 自动统计 and disabled, so an editor decides whether it is shown.
 * Words longer than 30 characters or empty are not counted. Answers the new count (0 when not counted).
 */
export async function recordSearchWord(db: Db, keyword: string, times = 1): Promise<number> {
  return db.transaction().execute((trx) => countWord(trx, keyword, times));
}

/** Several words' counts in one transaction (the search's tally: one commit for a burst of distinct words). */
export async function recordSearchWords(db: Db, counts: ReadonlyMap<string, number>): Promise<void> {
  // A few words per transaction, the event loop free between them (server/shared/chunkedWrites.ts).
  await inChunks(counts, (chunk) =>
    db.transaction().execute(async (trx) => {
      for (const [keyword, times] of chunk) await countWord(trx, keyword, times);
    }),
  );
}

async function countWord(trx: Db, keyword: string, times: number): Promise<number> {
  const word = keyword.trim();
  if (!word || [...word].length > HOT_WORD_MAX_LENGTH) return 0;
  const found = await trx.selectFrom(TABLE).select('id').where('word', '=', word).executeTakeFirst();
  if (found) {
    await increment(trx, TABLE, 'searchCount', { column: 'id', keys: found.id }, { by: times });
    const after = await trx.selectFrom(TABLE).select('searchCount').where('id', '=', found.id as number).executeTakeFirstOrThrow();
    return Number(after.searchCount);
  }
  const now = formatDateTime();
  await insertSearchedWord(trx, word, times, now);
  return times;
}
