import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.js';
import { PROOF_NAME, proofDir } from '../modules/interaction/apply/proof.js';
import type { ScheduledJob } from './scheduler.js';

/** An uploaded 身份证明 no application names is removed once it is this old (docs/interaction.md "Proof upload"). */
export const PROOF_KEEP_MS = 24 * 60 * 60_000;
const CHUNK = 500;

/**
 * 身份证明 scans are personal data: one uploaded on 依申请公开 but never sent with an application (the
 * citizen gave up, or chose another file), or left behind by an application staff deleted, is removed
 * after PROOF_KEEP_MS. The age counts from the upload (the file's time), so a form left open for an
 * afternoon still sends; a later send of a removed file is refused with 身份证明文件无效，请重新上传.
 * Runs once per interval across all instances (the scheduler's lease), like housekeeping.
 */
export function applyProofCleanupJob(db: Db, log: FastifyBaseLogger, dataDir: string, everyMs: number, keepMs = PROOF_KEEP_MS): ScheduledJob {
  return {
    name: 'apply-proof-cleanup',
    everyMs,
    async run() {
      const removed = await removeUnusedProofs(db, proofDir(dataDir), Date.now() - keepMs);
      if (removed > 0) log.info({ job: 'apply-proof-cleanup', removed }, 'unused proof files removed');
    },
  };
}

/** Removes the proof files in `dir` older than `before` (ms) that no application names; answers how many. */
export async function removeUnusedProofs(db: Db, dir: string, before: number): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    if (!PROOF_NAME.test(name)) continue; // a partial upload's temporary name, or not ours
    const stat = await fs.lstat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < before) old.push(name);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += CHUNK) {
    const chunk = old.slice(i, i + CHUNK);
    const used = new Set((await db.selectFrom('apply').select('proofFile').where('proofFile', 'in', chunk).execute()).map((r) => r.proofFile));
    for (const name of chunk) {
      if (used.has(name)) continue;
      await fs.rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
