import type { Db } from '../../../db/types.js';
import { formatDateTime } from '../../../util/time.js';
import { copiesText, PENDING_COPIES } from '../guard/manifest.js';
import type { MadeCopies, PendingPage } from './protocol.js';

/**
 * The background pass's work, kept in the site manifest itself (so every instance sees it and a pass stopped
 * half-way resumes): a page a bulk run wrote without its .br/.gz has `copies = 'pending'` (partial index
 * `site_manifest_pending`); its copies, once made, replace that in the same row.
 */

/** Up to `limit` waiting pages after `afterPath`, in path order (keyset through the partial index). */
export async function pendingPages(db: Db, afterPath: string, limit: number): Promise<PendingPage[]> {
  const rows = await db
    .selectFrom('site_manifest')
    .select(['path', 'hash'])
    .where('copies', '=', PENDING_COPIES)
    .where('path', '>', afterPath)
    .orderBy('path')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: String(r.path), hash: String(r.hash) }));
}

/** How many pages wait for their copies. */
export async function pendingCount(db: Db): Promise<number> {
  const row = await db.selectFrom('site_manifest').select((eb) => eb.fn.countAll().as('n')).where('copies', '=', PENDING_COPIES).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Records copies made, each only in a row that still waits with the hash they were made from: a page
 * rewritten meanwhile (another hash, or copies of its own) keeps what its writer recorded. Answers how many rows took them.
 */
export async function recordMade(db: Db, made: readonly MadeCopies[]): Promise<number> {
  const now = formatDateTime();
  let recorded = 0;
  await db.transaction().execute(async (trx) => {
    // In path order, as a run records its rows (guard/manifest.ts recordEntries): one lock order, no deadlock.
    for (const m of [...made].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      if (!m.copies) continue;
      const r = await trx
        .updateTable('site_manifest')
        .set({ copies: copiesText(m.copies), updateTime: now })
        .where('path', '=', m.path)
        .where('hash', '=', m.hash)
        .where('copies', '=', PENDING_COPIES)
        .executeTakeFirst();
      recorded += Number(r.numUpdatedRows);
    }
  });
  return recorded;
}
