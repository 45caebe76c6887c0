import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { compressedCopies, removeCompressedSync, writeNewOrAtomicSync } from '../compress.js';
import { hashBytes } from '../guard/pristine.js';
import { ownThreadId } from '../worker/threadCpu.js';
import type { FromCopyWorker, MadeCopies, PendingPage, ToCopyWorker } from './protocol.js';

/**
 * A copy worker of the background pass (docs/generation.md "Delivery"): makes a page's .br/.gz exactly as the
 * generator would (compressedCopies), only while the page on disk is the one its manifest row records.
 * It runs at a lower priority (nice 10, this thread only) so requests and generation runs go first.
 */
const tid = ownThreadId();
try {
  if (tid !== undefined) os.setPriority(tid, 10);
} catch {
  // Not allowed here: the pass still runs, at the normal priority.
}

const readOrNull = (file: string) => {
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
};

function makeCopies(root: string, page: PendingPage): MadeCopies {
  const target = path.join(root, ...page.path.split('/'));
  const bytes = readOrNull(target);
  if (!bytes || hashBytes(bytes).hash !== page.hash) return { ...page, copies: null };
  const copies = compressedCopies(target, bytes);
  for (const [suffix, data] of copies) writeNewOrAtomicSync(target + suffix, data);
  // Rewritten while it was compressed: the copies of the older page go (the generator's own write removes
  // them too when it comes later), so no copy of an older page stays beside the new one.
  const now = readOrNull(target);
  if (!now || !now.equals(bytes)) {
    removeCompressedSync(target);
    return { ...page, copies: null };
  }
  return { ...page, copies: copies.map(([suffix, data]) => ({ suffix, ...hashBytes(data) })) };
}

parentPort?.on('message', (m: ToCopyWorker) => {
  try {
    const made = m.pages.map((page) => makeCopies(m.root, page));
    parentPort?.postMessage({ kind: 'done', batchId: m.batchId, made } satisfies FromCopyWorker);
  } catch (error) {
    parentPort?.postMessage({ kind: 'error', batchId: m.batchId, message: String((error as Error).message ?? error) } satisfies FromCopyWorker);
  }
});
