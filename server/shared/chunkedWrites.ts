/** Entries written per transaction by a background tally (hot words, search statistics) on the request thread. */
export const TALLY_CHUNK = 25;

/**
 * Entries per transaction on SQLite's tally writer thread (content/search/tallyWriter.ts): its statements do not
 * hold the request thread, and every commit costs each other connection its page cache at its next read (SQLite
 * resets a reader's cache when the file changed) and a search worker its memory map (session 33); a chunk of
 * this size holds the write lock a few milliseconds.
 */
export const WRITER_CHUNK = 250;

/**
 * How long a background tally gathers before it writes (session 33: 200 and 500 ms before). A write every
 * 200 ms of a stream of distinct searches made a search cost 2-4x the CPU it costs against a file nobody writes:
 * the search worker's SQLite connection dropped its page cache and unmapped its 256 MB map after every commit,
 * and the unmapping's TLB shootdowns slowed the request thread's socket writes too. Hot words and statistics
 * lag by this much; a closing server writes what it holds.
 */
export const TALLY_GATHER_MS = 2000;

/**
 * A background batch written a few entries at a time, one event-loop turn between chunks (issue 26): on
 * SQLite every statement completes at once, so one transaction of hundreds of upserts ran as one unbroken
 * stretch of the request thread (every request arriving meanwhile waited for all of it), and held the
 * writer that much longer before a staff member's save.
 */
export async function inChunks<T>(entries: Iterable<T>, write: (chunk: T[]) => Promise<void>, size = TALLY_CHUNK): Promise<void> {
  let chunk: T[] = [];
  let first = true;
  const flush = async () => {
    if (!first) await new Promise<void>((resolve) => setImmediate(resolve));
    first = false;
    await write(chunk);
    chunk = [];
  };
  for (const e of entries) {
    chunk.push(e);
    if (chunk.length >= size) await flush();
  }
  if (chunk.length) await flush();
}
