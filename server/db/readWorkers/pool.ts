import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorkerSlots } from '../../shared/workerSlots.js';

/** What a worker answers: the rows and its own time (µs), or why it failed. */
type FromReader = { ready: true } | { id: number; rows: unknown[]; blobs: boolean; micros: number } | { id: number; failed: string };

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
  const slots = createWorkerSlots({ file: READER, workerData: { file }, heapMb: WORKER_HEAP_MB, size, name: 'read worker', isReady: (m) => 'ready' in (m as object), log });
  return {
    /** The rows of `sql` from the least busy ready worker, or null (run it yourself). Starts the workers on first use. */
    run(sql: string, parameters: readonly unknown[], busy: number): Promise<{ rows: unknown[]; micros: number } | null> | null {
      return (
        slots.send((id) => ({ id, sql, parameters }), { busy })?.then((m) => {
          if (m instanceof Error || 'failed' in (m as FromReader)) return null;
          const reply = m as Extract<FromReader, { rows: unknown[] }>;
          return { rows: reply.blobs ? withBuffers(reply.rows) : reply.rows, micros: reply.micros };
        }) ?? null
      );
    },
    /** Resolves once a worker is ready (tests; the pool never waits for it). */
    ready: slots.ready,
    close: () => slots.close(),
  };
}

export type ReadPool = ReturnType<typeof createReadPool>;
