import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { withExclusiveLock } from '../../../jobs/lock.js';
import type { SiteManifest } from '../guard/manifest.js';
import { precompressOn } from '../compress.js';
import type { FromCopyWorker, MadeCopies, PendingPage, ToCopyWorker } from './protocol.js';
import { pendingPages, recordMade } from './queue.js';

/** The lease that makes one instance at a time run the pass (job_lock; renewed while it runs). */
export const PRECOMPRESS_LOCK = 'generation:precompress';
const LOCK_TTL_MS = 60_000;
/** Pages read from the manifest at a time, and sent to a worker at a time. */
const READ = 400;
const BATCH = 50;
/** Batches at one worker at a time (one compressing, one waiting). */
const IN_FLIGHT = 2;

export interface PassResult {
  /** False when another instance (or this one) holds the lease: it does the work. */
  ran: boolean;
  /** Pages whose copies were made and recorded. */
  made: number;
  /** Pages left waiting: rewritten or gone since they were recorded (their writer records them again). */
  skipped: number;
}

const workerCount = () => Math.max(1, Math.min(Number(process.env.SITE_PRECOMPRESS_WORKERS) || os.availableParallelism(), 8));

/** Copy workers for one pass: each batch goes to the least busy one. */
class CopyWorkers {
  private readonly workers: { worker: Worker; waiting: Map<number, { resolve: (m: MadeCopies[]) => void; reject: (e: Error) => void }> }[] = [];
  private nextBatch = 1;

  constructor(count: number) {
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./boot.mjs', import.meta.url));
      const slot = { worker, waiting: new Map<number, { resolve: (m: MadeCopies[]) => void; reject: (e: Error) => void }>() };
      const failAll = (error: Error) => {
        for (const w of slot.waiting.values()) w.reject(error);
        slot.waiting.clear();
      };
      worker.on('message', (m: FromCopyWorker) => {
        const w = slot.waiting.get(m.batchId);
        slot.waiting.delete(m.batchId);
        if (m.kind === 'done') w?.resolve(m.made);
        else w?.reject(new Error(m.message));
      });
      worker.on('error', failAll);
      worker.on('exit', () => failAll(new Error('压缩副本进程意外退出')));
      this.workers.push(slot);
    }
  }

  get capacity(): number {
    return this.workers.length * IN_FLIGHT;
  }

  compress(root: string, pages: PendingPage[]): Promise<MadeCopies[]> {
    const slot = [...this.workers].sort((a, b) => a.waiting.size - b.waiting.size)[0];
    if (!slot) return Promise.reject(new Error('no copy worker'));
    const batchId = this.nextBatch++;
    return new Promise((resolve, reject) => {
      slot.waiting.set(batchId, { resolve, reject });
      slot.worker.postMessage({ kind: 'batch', batchId, root, pages } satisfies ToCopyWorker);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}

/**
 * The background pass (docs/generation.md "Delivery"): makes the .br/.gz of every page a bulk run wrote without
 * them, in path order, and records them in each page's manifest row. One instance at a time (lease
 * `generation:precompress`); the work is the rows still marked, so a pass stopped half-way (a restart, another
 * instance's death) is taken up by the next. Each batch's writes are marked for the site guard (beginWrite), so
 * a check never takes a copy written but not yet recorded for tampering. `stopping` ends it between batches.
 */
export async function runPrecompressPass(manifest: SiteManifest, stopping?: AbortSignal): Promise<PassResult> {
  if (!precompressOn()) return { ran: false, made: 0, skipped: 0 };
  const result = await withExclusiveLock(manifest.db, PRECOMPRESS_LOCK, LOCK_TTL_MS, () => pass(manifest, stopping));
  return result.ran ? result.value : { ran: false, made: 0, skipped: 0 };
}

async function pass(manifest: SiteManifest, stopping?: AbortSignal): Promise<PassResult> {
  const out: PassResult = { ran: true, made: 0, skipped: 0 };
  let after = '';
  const first = await pendingPages(manifest.db, after, READ);
  if (!first.length) return out;
  const workers = new CopyWorkers(workerCount());
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  try {
    for (let pages = first; pages.length && !stopping?.aborted && !failure; pages = await pendingPages(manifest.db, after, READ)) {
      after = pages[pages.length - 1]?.path ?? after;
      for (let i = 0; i < pages.length && !failure; i += BATCH) {
        const batch = pages.slice(i, i + BATCH);
        const tracked: Promise<void> = (async () => {
          const end = await manifest.beginWrite();
          try {
            const made = await workers.compress(manifest.root, batch);
            const recorded = await recordMade(manifest.db, made);
            out.made += recorded;
            out.skipped += made.length - recorded;
          } finally {
            await end();
          }
        })().catch((error: unknown) => {
          failure ??= error;
        }).finally(() => inFlight.delete(tracked));
        inFlight.add(tracked);
        if (inFlight.size >= workers.capacity) await Promise.race(inFlight);
      }
    }
    await Promise.all(inFlight);
  } finally {
    await workers.close();
  }
  if (failure) throw failure;
  return out;
}
