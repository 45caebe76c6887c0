import type { Db, NewRow } from '../../db/types.js';
import { linkHash } from './canonical.js';
import { ensureChainStarted, LOG_TABLE, lockHead } from './head.js';

/**
 * Appends one operation-log row to the chain, in one transaction: lock the head row (PostgreSQL: FOR
 * UPDATE, so appends from several instances queue there; SQLite: writers are serialised already), insert
 * the row with its place and link, move the head. One indexed read and one update beyond the insert.
 */
export async function appendChained(db: Db, values: NewRow<'system_log'>): Promise<number> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const id = await db.transaction().execute(async (trx) => {
      const head = await lockHead(trx);
      if (!head) return undefined;
      const chainSeq = head.headSeq + 1;
      const chainHash = linkHash(head.headHash, { ...values, chainSeq });
      const row = await trx.insertInto(LOG_TABLE).values({ ...values, chainSeq, chainHash }).returning('id').executeTakeFirstOrThrow();
      await trx.updateTable('log_chain').set({ headSeq: chainSeq, headHash: chainHash, updateTime: String(values.createTime) }).where('id', '=', 1).execute();
      return Number(row.id);
    });
    if (id !== undefined) return id;
    // The chain had not been started (a write before the log routes registered): start it and retry.
    await ensureChainStarted(db);
  }
  throw new Error('operation log chain could not be started');
}
