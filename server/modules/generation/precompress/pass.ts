import os from 'node:os';
import { withExclusiveLock } from '../../../jobs/lock.js';
import { createWorkerSlots } from '../../../shared/workerSlots.js';
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
/** Each copy worker's heap: a batch of 50 pages and their copies. */
const COPY_WORKER_HEAP_MB = 128;

export interface PassResult {
  /** False when another instance (or this one) holds the lease: it does the work. */
  ran: boolean;
  /** Pages whose copies were made and recorded. */
  made: number;
  /** Pages left waiting: rewritten or gone since they were recorded (their writer records them again). */
  skipped: number;
}

const workerCount = () => Math.max(1, Math.min(Number(process.env.SITE_PRECOMPRESS_WORKERS) || os.availableParallelism(), 8));

/** Copy workers for one pass (server/shared/workerSlots.ts): each batch goes to the least busy ready one. */
function copyWorkers(count: number) {
  const slots = createWorkerSlots({
    file: new URL('../../../shared/tsWorkerBoot.mjs', import.meta.url),
    workerData: { entry: new URL('./copyWorker.ts', import.meta.url).href },
    heapMb: COPY_WORKER_HEAP_MB,
    size: count,
    name: '压缩副本进程',
    isReady: (m) => (m as FromCopyWorker).kind === 'ready',
    // A death settles its batches with the Error, which fails the pass (logged once, by BackgroundCopies).
    log: () => {},
  });
  return {
    capacity: count * IN_FLIGHT,
    /** The batch's copies; waits for a ready worker (the pass has no thread to fall back on), fails when none will come. */
    async compress(root: string, pages: PendingPage[]): Promise<MadeCopies[]> {
      for (;;) {
        const sent = slots.send((id) => ({ kind: 'batch', id, root, pages }) satisfies ToCopyWorker);
        if (!sent) {
          await slots.ready();
          continue;
        }
        const reply = (await sent) as FromCopyWorker | Error;
        if (reply instanceof Error) throw reply;
        if (reply.kind === 'done') return reply.made;
        throw new Error(reply.kind === 'error' ? reply.message : '压缩副本进程没有回答');
      }
    },
    close: () => slots.close(),
  };
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
  const workers = copyWorkers(workerCount());
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
