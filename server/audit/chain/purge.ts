import type { Db } from '../../db/types.js';
import { PortalError } from '../../http/errors.js';
import { formatDateTime } from '../../util/time.js';
import { ANCHOR_TABLE, LOG_TABLE, lockHead, readHead } from './head.js';
import { verifyChain } from './verify.js';

/**
 * Removes log entries older than `before` and keeps the chain verifiable: the chained rows up to the
 * last link older than `before` go, that link becomes the chain's new base (and a `base` anchor), so
 * verification starts there. The part removed is verified first: a broken chain is not purged (the
 * evidence would go with it). Rows outside the chain (from before it) go by time as before.
 */
export async function purgeLog(db: Db, before: string): Promise<{ deleted: number; baseSeq: number }> {
  const head = await readHead(db);
  const last = await db.selectFrom(LOG_TABLE).select((eb) => eb.fn.max('chainSeq').as('seq')).where('createTime', '<', before).where('chainSeq', 'is not', null).executeTakeFirst();
  const upTo = Number(last?.seq ?? 0);
  if (head && upTo > head.baseSeq) {
    const report = await verifyChain(db, { until: upTo });
    if (!report.ok && report.firstBroken) throw new PortalError(1005, `日志链校验未通过（${report.firstBroken.reason}），不能清理，请先核查`);
  }
  return db.transaction().execute(async (trx) => {
    const locked = await lockHead(trx);
    const old = await trx.deleteFrom(LOG_TABLE).where('chainSeq', 'is', null).where('createTime', '<', before).executeTakeFirst();
    let deleted = Number(old.numDeletedRows ?? 0);
    if (!locked || upTo <= locked.baseSeq) return { deleted, baseSeq: locked?.baseSeq ?? 0 };
    const baseRow = await trx.selectFrom(LOG_TABLE).select(['id', 'chainHash']).where('chainSeq', '=', upTo).executeTakeFirstOrThrow();
    const gone = await trx.deleteFrom(LOG_TABLE).where('chainSeq', '<=', upTo).executeTakeFirst();
    deleted += Number(gone.numDeletedRows ?? 0);
    const now = formatDateTime();
    await trx.updateTable('log_chain').set({ baseSeq: upTo, baseHash: String(baseRow.chainHash), updateTime: now }).where('id', '=', 1).execute();
    await trx.insertInto(ANCHOR_TABLE).values({ kind: 'base', chainSeq: upTo, chainHash: String(baseRow.chainHash), lastLogId: Number(baseRow.id), createTime: now, creatorName: '清理' }).execute();
    return { deleted, baseSeq: upTo };
  });
}
