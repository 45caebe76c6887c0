import { describeInput, NO_INPUT } from '../../../http/routeInput.js';
import type { FastifyInstance } from 'fastify';
import { anchorJob, anchorsText, recordAnchor } from '../../../audit/chain/anchor.js';
import { ensureChainStarted, readHead } from '../../../audit/chain/head.js';
import { verifyChain } from '../../../audit/chain/verify.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';

/** What each log-chain route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
const CHAIN_INPUT = {
  none: NO_INPUT,
  verify: describeInput({ body: { chainSeq: ['integer', '保存的锚点：链序号（与 chainHash 同时给出或都不给）'], chainHash: ['string', '保存的锚点：链头哈希（64位十六进制）'] } }),
};

/** A staff-kept anchor to check the chain against (both or neither). */
function anchorParam(body: Record<string, unknown>): { chainSeq: number; chainHash: string } | undefined {
  const seq = body.chainSeq;
  const hash = body.chainHash;
  if ((seq === undefined || seq === '' || seq === null) && (hash === undefined || hash === '' || hash === null)) return undefined;
  const chainSeq = Number(seq);
  if (!Number.isInteger(chainSeq) || chainSeq < 1) throw invalidValue('链序号应为正整数');
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash.trim())) throw invalidValue('链头哈希应为64位十六进制');
  return { chainSeq, chainHash: hash.trim().toLowerCase() };
}

/**
 * The operation log's chain (docs/system-security.md "Tamper-evident log"): /log/chain/verify (the
 * first broken link, optionally against an anchor staff kept), /log/chain/headInfo, /log/chain/anchorNow,
 * /log/chain/exportAnchors (text to print or keep elsewhere); the anchors' list is generic (logAnchor).
 * Starts the chain on first start and anchors it every LOG_ANCHOR_MINUTES.
 */
export async function logChainRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'logAnchor');
  if (!decl) return;
  await ensureChainStarted(app.db);
  await app.db.schema.createIndex('system_log_chainSeq').ifNotExists().unique().on('system_log').column('chainSeq').execute();
  app.scheduler.add(anchorJob(app.db, app.log, app.portal.config.logAnchorMinutes * 60_000));
  const listKey = decl.permissions.list;

  app.post('/log/chain/verify', { config: { permission: listKey }, schema: CHAIN_INPUT.verify, attachValidation: true }, async (request) => {
    const options = { anchor: anchorParam(bodyOf(request)) };
    // One snapshot on PostgreSQL: an append committing between the head's read and the rows' would look
    // like a cut tail (SQLite's writes do not interleave with the reads of one request that way).
    const report = app.portal.dialect === 'postgres'
      ? await app.db.transaction().setIsolationLevel('repeatable read').execute((trx) => verifyChain(trx, options))
      : await verifyChain(app.db, options);
    return ok(report, report.ok ? `日志链完整，共校验${report.checked}条` : `日志链在第${report.firstBroken?.chainSeq}条处断开：${report.firstBroken?.reason}`);
  });

  app.post('/log/chain/headInfo', { config: { permission: listKey }, schema: CHAIN_INPUT.none, attachValidation: true }, async () => ok((await readHead(app.db)) ?? null));

  app.post('/log/chain/anchorNow', { config: { permission: 'logChain:anchor' }, schema: CHAIN_INPUT.none, attachValidation: true }, async (request) => {
    const anchor = await recordAnchor(app.db, 'manual', currentUser(request).name);
    return ok(anchor, '已生成锚点');
  });

  app.post('/log/chain/exportAnchors', { config: { permission: listKey }, schema: CHAIN_INPUT.none, attachValidation: true }, async (_request, reply) => {
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('日志链锚点.txt')}`);
    return anchorsText(app.db);
  });
}
