import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorkerSlots } from '../../shared/workerSlots.js';

/** What a worker answers for one statement: the rows and its own time (µs), or why it failed. */
type Answer = { rows: unknown[]; blobs: boolean; micros: number } | { failed: string };
/** A worker's message: ready, or the answers to one batch, in its order. */
type FromReader = { ready: true } | { id: number; answers: Answer[] };
/** A statement waiting for the next batch, and how its caller hears the answer (null: run it yourself). */
interface Job {
  sql: string;
  parameters: readonly unknown[];
  settle: (answer: { rows: unknown[]; micros: number } | null) => void;
}

/** The worker's file, as a path (a URL object of a test environment's own is refused by Worker). */
const READER = join(dirname(fileURLToPath(import.meta.url)), 'reader.mjs');
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
  const slots = createWorkerSlots({ file: READER, workerData: { file }, heapMb: WORKER_HEAP_MB, size, name: 'read worker', isReady: (m) => 'ready' in (m as object), log, countAnswered: true });
  // The statements of one event-loop turn (a list's count and page, the other requests' of the same turn) go in
  // one message and come back in one (session 30): a message costs the request thread 20–40 µs each way.
  let batch: Job[] = [];
  const flush = () => {
    const jobs = batch;
    batch = [];
    const sent = slots.send((id) => ({ id, jobs: jobs.map(({ sql, parameters }) => ({ sql, parameters })) }), { weight: jobs.length });
    if (!sent) return jobs.forEach((j) => j.settle(null));
    void sent.then((m) => {
      const answers = m instanceof Error ? [] : (m as Extract<FromReader, { answers: Answer[] }>).answers;
      jobs.forEach((job, i) => {
        const a = answers[i];
        job.settle(!a || 'failed' in a ? null : { rows: a.blobs ? withBuffers(a.rows) : a.rows, micros: a.micros });
      });
    });
  };
  return {
    /**
     * The rows of `sql` from the least busy ready worker (sent with the turn's other statements), or null (run it
     * yourself): at once when no worker has fewer than `busy` statements queued, later when the worker failed or died.
     * Starts the workers on first use.
     */
    run(sql: string, parameters: readonly unknown[], busy: number): Promise<{ rows: unknown[]; micros: number } | null> | null {
      if (!slots.available(busy)) return null;
      if (!batch.length) setImmediate(flush);
      return new Promise((settle) => batch.push({ sql, parameters, settle }));
    },
    /** Resolves once a worker is ready (tests; the pool never waits for it). */
    ready: slots.ready,
    close: () => slots.close(),
  };
}

export type ReadPool = ReturnType<typeof createReadPool>;
