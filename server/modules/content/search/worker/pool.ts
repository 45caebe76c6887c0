import { availableParallelism } from 'node:os';
import { createWorkerSlots } from '../../../../shared/workerSlots.js';
import type { FromSearchWorker, SearchAnswer, SearchJob, SearchSource, ToSearchWorker } from './protocol.js';

/** Each worker's heap: a search's rows and the understanding tools need far less. */
const WORKER_HEAP_MB = 192;

/** Workers by default: the cores but the request thread's, at least one, at most two. */
export const defaultSearchWorkers = () => Math.min(2, Math.max(1, availableParallelism() - 1));

/**
 * Search workers (issue 26): each holds its own read-only connection to the SQLite file, or on PostgreSQL
 * a small pool of its own (session 28), and answers whole searches, so ten concurrent searches no longer queue on the request thread (nor a draft save behind
 * them). Started when searches come often (routes.ts); until a worker says it is ready, and whenever none can, `run`
 * answers null and the caller answers on the request thread (the same code, answer.ts).
 */
export function createSearchPool(source: SearchSource, size: number, log: (error: unknown) => void) {
  const slots = createWorkerSlots({
    file: new URL('../../../../shared/tsWorkerBoot.mjs', import.meta.url),
    workerData: { ...source, entry: new URL('./searchWorker.ts', import.meta.url).href },
    heapMb: WORKER_HEAP_MB,
    size,
    name: 'search worker',
    isReady: (m) => (m as FromSearchWorker).kind === 'ready',
    log,
  });
  const answerOf = (m: unknown): SearchAnswer => {
    if (m instanceof Error) throw m;
    const reply = m as FromSearchWorker;
    if (reply.kind !== 'done') throw new Error(reply.kind === 'failed' ? reply.message : 'search worker: no answer');
    // A transferred body arrives as a plain Uint8Array: the same memory viewed as a Buffer again.
    return { ...reply.answer, body: Buffer.from(reply.answer.body.buffer, reply.answer.body.byteOffset, reply.answer.body.byteLength) };
  };
  return {
    /**
     * The answer from the least busy ready worker, or null when none is ready. Workers are started only when
     * `start` (the route: when searches come often, routes.ts), so a quiet server (tests, a small site)
     * never pays their start (a few seconds of CPU each) nor their memory.
     */
    run(job: SearchJob, counts: boolean, start = true): Promise<SearchAnswer> | null {
      return slots.send((id) => ({ kind: 'job', id, job, counts }) satisfies ToSearchWorker, { start })?.then(answerOf) ?? null;
    },
    /** The staff's tables changed: every worker reads them again before its next search. */
    invalidate(titlesToo = false): void {
      slots.broadcast({ kind: 'invalidate', titlesToo } satisfies ToSearchWorker);
    },
    close: () => slots.close(),
  };
}

export type SearchPool = ReturnType<typeof createSearchPool>;
