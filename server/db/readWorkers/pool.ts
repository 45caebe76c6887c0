import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What a worker answers: the rows and its own time (µs), or why it failed. */
type FromReader = { ready: true } | { id: number; rows: unknown[]; blobs: boolean; micros: number } | { id: number; failed: string };

interface Job {
  resolve: (answer: { rows: unknown[]; micros: number } | null) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  inflight: Map<number, Job>;
}

/** The worker's file, as a path (a URL object of a test environment's own is refused by Worker). */
const READER = join(dirname(fileURLToPath(import.meta.url)), 'reader.mjs');
/** A worker that died this many times turns the pool off: the request thread runs every statement. */
const MAX_DEATHS = 3;
/** Each worker's heap: a page of rows at a time, an export's many (one that does not fit runs on the request thread). */
const WORKER_HEAP_MB = 192;

/** READ_WORKERS when set (0: none), else the cores but the request thread's, at least one, at most two. */
export function readWorkerCount(asked: string | undefined): number {
  const n = Number(asked);
  if (asked !== undefined && asked.trim() !== '' && Number.isInteger(n) && n >= 0) return Math.min(n, 8);
  return Math.min(2, Math.max(1, availableParallelism() - 1));
}

/** A blob comes back as a Uint8Array (structured cloning); the driver answers Buffers, as better-sqlite3 does. */
function withBuffers(rows: unknown[]): unknown[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const [k, v] of Object.entries(row)) if (ArrayBuffer.isView(v) && !Buffer.isBuffer(v)) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return rows;
}

/**
 * Worker threads, each with its own read-only connection to the SQLite file (reader.mjs), that run SELECT
 * statements for the request thread (issue 26, session 29). `run` answers null whenever the caller should
 * run the statement itself: no worker ready yet, every worker `busy` statements deep, the worker failed
 * (the caller's own run then gives the real error) or died.
 */
export function createReadPool(file: string, size: number, log: (error: unknown) => void) {
  const slots: Slot[] = [];
  let nextId = 1;
  let deaths = 0;
  let closed = false;
  let readyNow: () => void = () => {};
  const firstReady = new Promise<void>((resolve) => (readyNow = resolve));
  const spawn = () => {
    const worker = new Worker(READER, { workerData: { file }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const slot: Slot = { worker, ready: false, inflight: new Map() };
    worker.unref();
    worker.on('message', (m: FromReader) => {
      if ('ready' in m) {
        slot.ready = true;
        return readyNow();
      }
      const job = slot.inflight.get(m.id);
      slot.inflight.delete(m.id);
      job?.resolve('failed' in m ? null : { rows: m.blobs ? withBuffers(m.rows) : m.rows, micros: m.micros });
    });
    const dead = (error: Error) => {
      if (!slots.includes(slot)) return;
      slots.splice(slots.indexOf(slot), 1);
      if (!closed && ++deaths <= MAX_DEATHS) log(error);
      for (const job of slot.inflight.values()) job.resolve(null);
      slot.inflight.clear();
    };
    worker.on('error', dead);
    worker.on('exit', (code) => dead(new Error(`read worker exited (${code})`)));
    slots.push(slot);
  };
  return {
    /** The rows of `sql` from the least busy ready worker, or null (run it yourself). Starts the workers on first use. */
    run(sql: string, parameters: readonly unknown[], busy: number): Promise<{ rows: unknown[]; micros: number } | null> | null {
      if (closed || deaths >= MAX_DEATHS || size < 1) return null;
      while (slots.length < size) spawn();
      let slot: Slot | null = null;
      for (const s of slots) if (s.ready && s.inflight.size < busy && (!slot || s.inflight.size < slot.inflight.size)) slot = s;
      if (!slot) return null;
      const id = nextId++;
      const target = slot;
      return new Promise((resolve) => {
        target.inflight.set(id, { resolve });
        target.worker.postMessage({ id, sql, parameters });
      });
    },
    /** Resolves once a worker is ready (tests; the pool never waits for it). */
    ready: () => firstReady,
    async close(): Promise<void> {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

export type ReadPool = ReturnType<typeof createReadPool>;
