import { sql } from 'kysely';
import type { Db } from '../../../db/types.js';
import { formatDateTime } from '../../../util/time.js';
import { inChunks, TALLY_GATHER_MS as GATHER_MS, TALLY_CHUNK, WRITER_CHUNK } from '../../../shared/chunkedWrites.js';
import type { StatRow, TallyWriter } from './tallyWriter.js';

const MAX_KEYWORD = 50;

interface Pending { searches: number; zeroResults: number; clicks: number; rewrittenTo: string | null }

/**
 * Search statistics (table search_stat: day × keyword → searches, zero-result searches, clicks, what it was
 * rewritten to): gathered in memory and written every GATHER_MS in one transaction of upserts, off the
 * search's path (as the hot-word tally). What is left is written when the server closes. On SQLite a chunk is
 * written by the `writer` thread (tallyWriter.ts) while this thread's writer is held, as the hot words' are
 * (hotWords/index.ts `recordSearchWords`); here when there is none or it cannot take the chunk.
 */
export function createStatTally(db: Db, log: (e: unknown) => void, writer: TallyWriter | null = null) {
  let pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const write = async () => {
    const batch = pending;
    pending = new Map();
    if (!batch.size) return;
    try {
      // A few keywords per transaction, the event loop free between them (server/shared/chunkedWrites.ts).
      await inChunks(batch, (chunk) => db.transaction().execute(async (trx) => {
        const rows = chunk.map(([key, p]): StatRow => [...(JSON.parse(key) as [string, string]), p.searches, p.zeroResults, p.clicks, p.rewrittenTo]);
        if (await writer?.stats(rows)) return;
        for (const [day, keyword, searches, zeroResults, clicks, rewrittenTo] of rows) {
          await sql`insert into search_stat (day, keyword, searches, "zeroResults", clicks, "rewrittenTo") values (${day}, ${keyword}, ${searches}, ${zeroResults}, ${clicks}, ${rewrittenTo})
            on conflict (day, keyword) do update set searches = search_stat.searches + excluded.searches, "zeroResults" = search_stat."zeroResults" + excluded."zeroResults",
            clicks = search_stat.clicks + excluded.clicks, "rewrittenTo" = coalesce(excluded."rewrittenTo", search_stat."rewrittenTo")`.execute(trx);
        }
      }), writer ? WRITER_CHUNK : TALLY_CHUNK);
    } catch (e) {
      log(e);
    }
  };
  const flush = (): Promise<void> => {
    running ??= write().finally(() => (running = null));
    return running;
  };
  const add = (keyword: string, f: (p: Pending) => void) => {
    const word = keyword.trim().slice(0, MAX_KEYWORD);
    if (!word) return;
    const key = JSON.stringify([formatDateTime().slice(0, 10), word]);
    const p = pending.get(key) ?? { searches: 0, zeroResults: 0, clicks: 0, rewrittenTo: null };
    f(p);
    pending.set(key, p);
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, GATHER_MS);
    timer.unref();
  };
  return {
    search(keyword: string, found: number, rewrittenTo: string | null): void {
      add(keyword, (p) => {
        p.searches++;
        if (found === 0) p.zeroResults++;
        if (rewrittenTo && rewrittenTo !== keyword) p.rewrittenTo = rewrittenTo;
      });
    },
    click(keyword: string): void {
      add(keyword, (p) => p.clicks++);
    },
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      while (running || pending.size) await flush();
    },
  };
}

export type StatTally = ReturnType<typeof createStatTally>;
