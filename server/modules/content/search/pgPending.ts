import { sql } from 'kysely';
import type { Db } from '../../../db/types.js';

/**
 * The pending lists of PostgreSQL's word indexes (issue 25, session 31). A GIN index with `fastupdate` (the
 * default) takes new rows into an unsorted pending list, merged into the index only when it reaches
 * gin_pending_list_limit (4 MB: ~500 articles' terms) or at a VACUUM, and every search reads the whole list:
 * ~100 articles re-indexed (publishes, edits) cost each search ~0.5 ms more (a rare word 0.16–0.38 → 0.55–0.99
 * ms at 100,000 articles), up to ~2.5 ms at the limit. Turning `fastupdate` off instead made re-indexing an
 * article ~10× dearer (2–4 → 23–27 ms into the word index and its four heads, load 10), on the save's path.
 * So the lists are merged here, off the request's path: after a bulk build, and a few seconds after the last
 * article was re-indexed.
 */

/** Merges the pending list of every valid GIN index of `article_search` (the word index, its heads). */
export async function cleanPendingLists(db: Db): Promise<number> {
  const row = (await sql<{ n: string | number | null }>`select sum(gin_clean_pending_list(i.indexrelid)) as n from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam where i.indrelid = 'article_search'::regclass and a.amname = 'gin' and i.indisvalid and i.indisready`.execute(db)).rows[0];
  return Number(row?.n ?? 0);
}

/** After the last re-index of a burst, this long before the lists are merged. */
const QUIET_MS = 3000;
/** A burst that never pauses (staff saving all day) is merged at least this often. */
const MAX_WAIT_MS = 30_000;

/** A merge QUIET_MS after the last `touch()` (one per burst of re-indexed articles), or MAX_WAIT_MS after the burst's first; errors go to `log`. */
export function createPendingCleaner(db: Db, log: (error: unknown) => void) {
  let timer: NodeJS.Timeout | null = null;
  let firstAt = 0;
  return {
    touch(): void {
      const now = Date.now();
      if (timer && now - firstAt >= MAX_WAIT_MS - QUIET_MS) return;
      if (timer) clearTimeout(timer);
      else firstAt = now;
      timer = setTimeout(() => {
        timer = null;
        cleanPendingLists(db).catch(log);
      }, QUIET_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
