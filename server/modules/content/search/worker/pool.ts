import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromSearchWorker, SearchAnswer, SearchJob, SearchSource, ToSearchWorker } from './protocol.js';

interface Slot {
  worker: Worker;
  ready: boolean;
  inflight: Map<number, { resolve: (a: SearchAnswer) => void; reject: (e: Error) => void }>;
}

/** A worker that died this many times turns the pool off: the request thread answers every search. */
const MAX_DEATHS = 3;
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
  const slots: Slot[] = [];
  let nextId = 1;
  let deaths = 0;
  let closed = false;
  const spawn = () => {
    const worker = new Worker(new URL('./boot.mjs', import.meta.url), {
      workerData: source,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const slot: Slot = { worker, ready: false, inflight: new Map() };
    worker.unref();
    worker.on('message', (m: FromSearchWorker) => {
      if (m.kind === 'ready') return void (slot.ready = true);
      const job = slot.inflight.get(m.id);
      slot.inflight.delete(m.id);
      // A transferred body arrives as a plain Uint8Array: the same memory viewed as a Buffer again.
      if (m.kind === 'done') job?.resolve({ ...m.answer, body: Buffer.from(m.answer.body.buffer, m.answer.body.byteOffset, m.answer.body.byteLength) });
      else job?.reject(new Error(m.message));
    });
    const dead = (error: Error) => {
      if (!slots.includes(slot)) return;
      slots.splice(slots.indexOf(slot), 1);
      if (!closed && ++deaths <= MAX_DEATHS) log(error);
      for (const job of slot.inflight.values()) job.reject(error);
      slot.inflight.clear();
    };
    worker.on('error', dead);
    worker.on('exit', (code) => dead(new Error(`search worker exited (${code})`)));
    slots.push(slot);
  };
  return {
    /**
     * The answer from the least busy ready worker, or null when none is ready. Workers are started only when
     * `start` (the route: when searches come often, routes.ts), so a quiet server (tests, a small site)
     * never pays their start (a few seconds of CPU each) nor their memory.
     */
    run(job: SearchJob, counts: boolean, start = true): Promise<SearchAnswer> | null {
      if (closed || deaths >= MAX_DEATHS || (!slots.length && !start)) return null;
      while (slots.length < size) spawn();
      let slot: Slot | null = null;
      for (const s of slots) if (s.ready && (!slot || s.inflight.size < slot.inflight.size)) slot = s;
      if (!slot) return null;
      const id = nextId++;
      const target = slot;
      return new Promise<SearchAnswer>((resolve, reject) => {
        target.inflight.set(id, { resolve, reject });
        target.worker.postMessage({ kind: 'job', id, job, counts } satisfies ToSearchWorker);
      });
    },
    /** The staff's tables changed: every worker reads them again before its next search. */
    invalidate(titlesToo = false): void {
      for (const s of slots) s.worker.postMessage({ kind: 'invalidate', titlesToo } satisfies ToSearchWorker);
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

export type SearchPool = ReturnType<typeof createSearchPool>;
