/** Entries written per transaction by a background tally (hot words, search statistics). */
export const TALLY_CHUNK = 25;

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
