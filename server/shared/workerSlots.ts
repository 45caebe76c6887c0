import { Worker } from 'node:worker_threads';
import { workerExecArgv } from './workerExecArgv.js';

/** A worker that died this many times turns the pool off: the caller does the work on the request thread. */
const MAX_DEATHS = 3;

export interface WorkerSlotsOptions {
  /** The worker's entry file. */
  file: string | URL;
  workerData: unknown;
  /** Each worker's heap (MB). */
  heapMb: number;
  /** How many workers, started on the first `send` that allows it. */
  size: number;
  /** Named in the error of a worker that exited ("search worker", "read worker"). */
  name: string;
  /** True for the worker's "ready" message; every other message answers the job of its `id`. */
  isReady: (message: unknown) => boolean;
  log: (error: unknown) => void;
  /**
   * The worker counts the jobs it has answered in `workerData.answered` (an Int32Array over shared memory, Atomics.add):
   * `busy` then compares the jobs still queued *at the worker*, not the replies the request thread has yet to read.
   */
  countAnswered?: boolean;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  inflight: Map<number, (reply: unknown) => void>;
  /** Jobs sent (each message's weight) and, when counted, those the worker has answered. */
  sent: number;
  answered: Int32Array | null;
}

/** Jobs the worker has yet to answer: by its own count when it keeps one, else the replies not yet read. */
const queued = (s: Slot) => (s.answered ? s.sent - Atomics.load(s.answered, 0) : s.inflight.size);

/**
 * Worker threads that each take jobs by id (the search workers and the SQLite read workers, session 29): started
 * on demand, each job sent to the least busy ready one, a dead worker's jobs settled with its Error and the
 * worker dropped, the whole pool off after MAX_DEATHS deaths. `send` answers null whenever the caller should do
 * the work itself (no worker ready, every one `busy` deep, the pool closed or off).
 */
export function createWorkerSlots(options: WorkerSlotsOptions) {
  const slots: Slot[] = [];
  let nextId = 1;
  let deaths = 0;
  let closed = false;
  /** Callers of `ready()` waiting for a worker to say it is ready, or for the pool to turn off. */
  let waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const settleWaiting = (error?: Error) => {
    const now = waiting;
    waiting = [];
    for (const w of now) if (error) w.reject(error);
    else w.resolve();
  };
  const off = () => closed || deaths >= MAX_DEATHS || options.size < 1;
  const spawn = () => {
    const answered = options.countAnswered ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const workerData = answered ? { ...(options.workerData as object), answered } : options.workerData;
    const worker = new Worker(options.file, { workerData, execArgv: workerExecArgv(), resourceLimits: { maxOldGenerationSizeMb: options.heapMb } });
    const slot: Slot = { worker, ready: false, inflight: new Map(), sent: 0, answered };
    worker.unref();
    worker.on('message', (m: { id: number }) => {
      if (options.isReady(m)) {
        slot.ready = true;
        return settleWaiting();
      }
      const settle = slot.inflight.get(m.id);
      slot.inflight.delete(m.id);
      settle?.(m);
    });
    const dead = (error: Error) => {
      if (!slots.includes(slot)) return;
      slots.splice(slots.indexOf(slot), 1);
      if (!closed && ++deaths <= MAX_DEATHS) options.log(error);
      for (const settle of slot.inflight.values()) settle(error);
      slot.inflight.clear();
      // Someone waits for a ready worker: start a replacement, or tell them none will come.
      if (waiting.length && off()) settleWaiting(new Error(`${options.name}: ${closed ? 'closed' : `exited ${deaths} times`}`));
      else if (waiting.length) pick(Infinity, true);
    };
    worker.on('error', dead);
    worker.on('exit', (code) => dead(new Error(`${options.name} exited (${code})`)));
    slots.push(slot);
  };
  /** The least busy ready worker with fewer than `busy` jobs queued (starting the workers unless `start` is false). */
  const pick = (busy: number, start: boolean): Slot | null => {
    if (off() || (!slots.length && !start)) return null;
    while (slots.length < options.size) spawn();
    let slot: Slot | null = null;
    for (const s of slots) if (s.ready && queued(s) < busy && (!slot || queued(s) < queued(slot))) slot = s;
    return slot;
  };
  return {
    /**
     * Sends `message(id)` to the least busy ready worker with fewer than `busy` jobs queued; answers its reply,
     * or the Error of the worker's death. `start: false` sends only when workers were started already; `weight`:
     * how many jobs the message holds (counted workers).
     */
    send(message: (id: number) => unknown, { busy = Infinity, start = true, weight = 1 }: { busy?: number; start?: boolean; weight?: number } = {}): Promise<unknown> | null {
      const target = pick(busy, start);
      if (!target) return null;
      const id = nextId++;
      return new Promise((resolve) => {
        target.inflight.set(id, resolve);
        target.sent += weight;
        target.worker.postMessage(message(id));
      });
    },
    /** Whether `send` with the same `busy` would find a worker now. */
    available: (busy = Infinity): boolean => pick(busy, true) !== null,
    /** The same message to every worker started. */
    broadcast(message: unknown): void {
      for (const s of slots) s.worker.postMessage(message);
    },
    /**
     * Resolves when a worker is ready now, or once one says so (starting the workers); rejects when none will be
     * (the pool closed, or off after MAX_DEATHS deaths). The request paths never wait for it: tests and the
     * background pass of pre-compressed copies, whose work has no request thread to fall back on, do.
     */
    ready(): Promise<void> {
      if (off()) return Promise.reject(new Error(`${options.name}: ${closed ? 'closed' : 'off'}`));
      if (slots.some((s) => s.ready)) return Promise.resolve();
      pick(Infinity, true);
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    async close(): Promise<void> {
      closed = true;
      settleWaiting(new Error(`${options.name}: closed`));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
