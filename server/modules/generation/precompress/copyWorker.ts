import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ownThreadId } from '../worker/threadCpu.js';
import { makeCopies } from './makeCopies.js';
import type { FromCopyWorker, ToCopyWorker } from './protocol.js';

/**
 * A copy worker of the background pass (docs/generation.md "Delivery"): makes the copies of a batch of pages
 * (makeCopies.ts). It runs at a lower priority (nice 10, this thread only) so requests and generation runs go first.
 */
const tid = ownThreadId();
try {
  if (tid !== undefined) os.setPriority(tid, 10);
} catch {
  // Not allowed here: the pass still runs, at the normal priority.
}

parentPort?.on('message', (m: ToCopyWorker) => {
  try {
    const made = m.pages.map((page) => makeCopies(m.root, page));
    parentPort?.postMessage({ kind: 'done', id: m.id, made } satisfies FromCopyWorker);
  } catch (error) {
    parentPort?.postMessage({ kind: 'error', id: m.id, message: String((error as Error).message ?? error) } satisfies FromCopyWorker);
  }
});
parentPort?.postMessage({ kind: 'ready' } satisfies FromCopyWorker);
