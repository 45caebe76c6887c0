import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.js';
import type { ScheduledJob } from '../../jobs/scheduler.js';
import { formatDateTime } from '../../util/time.js';
import { ANCHOR_TABLE, LOG_TABLE, readHead } from './head.js';

export type AnchorKind = 'periodic' | 'manual' | 'base';

/**
 * Records the chain head as an anchor (place, hash, last log id, time). A periodic anchor is skipped
 * when nothing was appended since the last anchor. Answers the anchor, or null when skipped.
 */
export async function recordAnchor(db: Db, kind: AnchorKind, creatorName = '系统') {
  const head = await readHead(db);
  if (!head) return null;
  if (kind === 'periodic') {
    const last = await db.selectFrom(ANCHOR_TABLE).select(['chainSeq']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (last && Number(last.chainSeq) === head.headSeq) return null;
  }
  const lastRow = await db.selectFrom(LOG_TABLE).select(['id']).where('chainSeq', '=', head.headSeq).executeTakeFirst();
  const anchor = { kind, chainSeq: head.headSeq, chainHash: head.headHash, lastLogId: lastRow ? Number(lastRow.id) : head.genesisId, createTime: formatDateTime(), creatorName };
  const row = await db.insertInto(ANCHOR_TABLE).values(anchor).returning('id').executeTakeFirstOrThrow();
  return { id: Number(row.id), ...anchor };
}

/** The periodic anchor (LOG_ANCHOR_MINUTES), once per interval across every instance. */
export function anchorJob(db: Db, log: FastifyBaseLogger, everyMs: number): ScheduledJob {
  return {
    name: 'log-chain-anchor',
    everyMs,
    async run() {
      const anchor = await recordAnchor(db, 'periodic');
      if (anchor) log.info({ job: 'log-chain-anchor', chainSeq: anchor.chainSeq }, 'log chain anchored');
    },
  };
}

/** Anchors as plain text, one per line, for staff to print or keep elsewhere. */
export async function anchorsText(db: Db): Promise<string> {
  const rows = await db.selectFrom(ANCHOR_TABLE).selectAll().orderBy('id').execute();
  const lines = rows.map((r) => [r.createTime, r.kind, `第${r.chainSeq}条`, r.chainHash, `日志ID≤${r.lastLogId}`, r.creatorName].join('\t'));
  return ['# 操作日志链锚点（时间、类型、链序号、链头哈希、最后日志ID、生成人）', ...lines, ''].join('\n');
}
