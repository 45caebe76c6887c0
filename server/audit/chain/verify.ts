import type { Db } from '../../db/types.js';
import { linkHash } from './canonical.js';
import { ANCHOR_TABLE, LOG_TABLE, readHead } from './head.js';

/** The first place where the chain does not hold, in chain order. */
export interface BrokenLink {
  /** The chain place where it breaks (the expected place for a missing row). */
  chainSeq: number;
  /** The log row concerned, when there is one. */
  id: number | null;
  reason: string;
}

export interface ChainReport {
  ok: boolean;
  /** Chained rows checked. */
  checked: number;
  baseSeq: number;
  headSeq: number;
  headHash: string;
  /** Anchors recorded in the database that the chain matched. */
  anchorsChecked: number;
  firstBroken: BrokenLink | null;
  checkedAt: string;
}

const PAGE = 2000;

type ChainRow = Record<string, unknown> & { id: number; chainSeq: number | null; chainHash: string | null };

/**
 * Walks the chain from its base (genesis or the last purge) in place order and re-computes every link:
 * an altered row no longer matches its link, a deleted one leaves a gap, a row inserted by hand has no
 * link, a wrong link or a repeated place; rows cut off the end leave the head pointing past the last
 * row; each recorded anchor must name a link the chain still has. `until` stops at that place (a purge
 * checks what it is about to remove).
 */
export async function verifyChain(db: Db, options: { until?: number; anchor?: { chainSeq: number; chainHash: string } } = {}): Promise<ChainReport> {
  const head = await readHead(db);
  const checkedAt = new Date().toISOString();
  if (!head) return { ok: true, checked: 0, baseSeq: 0, headSeq: 0, headHash: '', anchorsChecked: 0, firstBroken: null, checkedAt };
  const anchors = new Map<number, string>();
  const stored = await db.selectFrom(ANCHOR_TABLE).select(['chainSeq', 'chainHash']).where('chainSeq', '>', head.baseSeq).execute();
  for (const a of stored) anchors.set(Number(a.chainSeq), String(a.chainHash));
  if (options.anchor) anchors.set(options.anchor.chainSeq, options.anchor.chainHash);
  // Without `until` the walk goes past the head too: a row made up after it is found.
  const until = options.until ?? Number.MAX_SAFE_INTEGER;
  const report = { ok: true, checked: 0, baseSeq: head.baseSeq, headSeq: head.headSeq, headHash: head.headHash, anchorsChecked: 0, firstBroken: null as BrokenLink | null, checkedAt };
  const broken = (b: BrokenLink) => {
    report.ok = false;
    report.firstBroken = b;
    return report;
  };

  // A row added by hand without a link (after the chain started): the earliest one.
  const unchained = await db.selectFrom(LOG_TABLE).select(['id']).where('chainSeq', 'is', null).where('id', '>', head.genesisId).orderBy('id').limit(1).executeTakeFirst();
  const unchainedAt: BrokenLink | null = unchained ? { chainSeq: 0, id: Number(unchained.id), reason: `日志ID ${unchained.id} 不在链上（手工插入）` } : null;

  let prevSeq = head.baseSeq;
  let prevHash = head.baseHash;
  for (;;) {
    let q = db.selectFrom(LOG_TABLE).selectAll().where('chainSeq', '>', prevSeq);
    // No bound past the head (PostgreSQL's integer column would refuse MAX_SAFE_INTEGER).
    if (options.until !== undefined) q = q.where('chainSeq', '<=', until);
    const rows = (await q.orderBy('chainSeq').limit(PAGE).execute()) as unknown as ChainRow[];
    for (const row of rows) {
      const seq = Number(row.chainSeq);
      if (unchainedAt && unchainedAt.id !== null && row.id > unchainedAt.id) return broken({ ...unchainedAt, chainSeq: prevSeq + 1 });
      if (seq === prevSeq) return broken({ chainSeq: seq, id: row.id, reason: `第${seq}条重复出现（手工插入）` });
      if (seq !== prevSeq + 1) return broken({ chainSeq: prevSeq + 1, id: null, reason: `缺少第${prevSeq + 1}条（被删除）` });
      if (linkHash(prevHash, row) !== row.chainHash) return broken({ chainSeq: seq, id: row.id, reason: `第${seq}条（日志ID ${row.id}）内容或链接被修改` });
      const anchored = anchors.get(seq);
      if (anchored !== undefined) {
        if (anchored !== row.chainHash) return broken({ chainSeq: seq, id: row.id, reason: `第${seq}条与锚点不符（链被重写）` });
        report.anchorsChecked += 1;
      }
      prevSeq = seq;
      prevHash = String(row.chainHash);
      report.checked += 1;
    }
    if (rows.length < PAGE) break;
  }
  if (unchainedAt) return broken({ ...unchainedAt, chainSeq: prevSeq + 1 });
  const end = options.until ?? head.headSeq;
  if (prevSeq < end) return broken({ chainSeq: prevSeq + 1, id: null, reason: `缺少第${prevSeq + 1}条至第${end}条（链尾被删除）` });
  if (prevSeq > end) return broken({ chainSeq: end + 1, id: null, reason: `第${end + 1}条起在链头之后（手工插入）` });
  if (options.until === undefined && prevHash !== head.headHash) return broken({ chainSeq: prevSeq, id: null, reason: '链头记录与最后一条日志不符' });
  for (const [seq] of anchors) {
    if (seq > prevSeq && options.until === undefined) return broken({ chainSeq: seq, id: null, reason: `锚点第${seq}条已不在链上（链尾被删除或重写）` });
  }
  return report;
}
