import type { Db } from '../../../db/types.js';
import { insertSearchedWords } from '../../../entities/hotWord.js';
import { formatDateTime } from '../../../util/time.js';
import { increment } from '../../../shared/counters.js';
import { inChunks, TALLY_CHUNK, WRITER_CHUNK } from '../../../shared/chunkedWrites.js';

const TABLE = 'hot_word';

/** Writes a chunk of counts elsewhere (the search's writer thread on SQLite): false when the caller must. */
export interface WordWriter {
  words(words: readonly (readonly [string, number])[], now: string): Promise<boolean>;
}
export const HOT_WORD_MAX_LENGTH = 30;

/** The word a search counts under: trimmed; null when empty or longer than 30 characters. */
const wordOf = (keyword: string) => {
  const word = keyword.trim();
  return word && [...word].length <= HOT_WORD_MAX_LENGTH ? word : null;
};

/**
 * Counts one search of `keyword` (called by the portal search): the word's searchCount grows by one; a
 * word not known yet is added as 自动统计 and disabled, so an editor decides whether it is shown.
 * Words longer than 30 characters or empty are not counted. Answers the new count (0 when not counted).
 */
export async function recordSearchWord(db: Db, keyword: string, times = 1): Promise<number> {
  const word = wordOf(keyword);
  if (!word) return 0;
  return db.transaction().execute(async (trx) => {
    await countWords(trx, [[word, times]]);
    return Number((await trx.selectFrom(TABLE).select('searchCount').where('word', '=', word).orderBy('id').executeTakeFirstOrThrow()).searchCount);
  });
}

/**
 * Several words' counts in one transaction per chunk (the search's tally: one commit for a burst of distinct
 * words). With a `writer` (SQLite: content/search/tallyWriter.ts) a chunk is written by its thread while this transaction
 * holds the request thread's writer without a statement (so SQLite holds no lock for it): the request thread
 * only hands the words over, and no transaction of this instance can read a snapshot that the writer's commit
 * outdates before it writes. Without one, or when it cannot take the chunk, the chunk is written here.
 */
export async function recordSearchWords(db: Db, counts: ReadonlyMap<string, number>, writer?: WordWriter | null): Promise<void> {
  const words = new Map<string, number>();
  for (const [keyword, times] of counts) {
    const word = wordOf(keyword);
    // Two spellings of one word (spaces around it) add up.
    if (word) words.set(word, (words.get(word) ?? 0) + times);
  }
  // A few words per transaction, the event loop free between them (server/shared/chunkedWrites.ts).
  await inChunks(words, (chunk) => db.transaction().execute(async (trx) => {
    const now = formatDateTime();
    if (!(await writer?.words(chunk, now))) await countWords(trx, chunk, now);
  }), writer ? WRITER_CHUNK : TALLY_CHUNK);
}

/**
 * A chunk of words counted in a few statements (one lookup, one update per distinct count, one insert)
 * instead of two or three per word: under a stream of distinct searches those were a fifth of the request
 * thread's work (issue 25, session 28). A word kept twice counts on its first row. content/search/tallyWriter.mjs
 * runs the same statements on its own thread.
 */
async function countWords(trx: Db, chunk: readonly (readonly [string, number])[], now = formatDateTime()): Promise<void> {
  const found = await trx.selectFrom(TABLE).select(['word', (eb) => eb.fn.min<number>('id').as('id')]).where('word', 'in', chunk.map(([w]) => w)).groupBy('word').execute();
  const ids = new Map(found.map((r) => [String(r.word), Number(r.id)]));
  const byTimes = new Map<number, number[]>();
  const fresh: [string, number][] = [];
  for (const [word, times] of chunk) {
    const id = ids.get(word);
    if (id === undefined) fresh.push([word, times]);
    else byTimes.set(times, [...(byTimes.get(times) ?? []), id]);
  }
  for (const [times, keys] of byTimes) await increment(trx, TABLE, 'searchCount', { column: 'id', keys }, { by: times });
  await insertSearchedWords(trx, fresh, now);
}
