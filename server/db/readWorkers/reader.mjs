// A read worker (issue 26, session 29): runs the SELECT statements the request thread sends it on its own
// read-only connection to the SQLite file (WAL: each statement sees the latest commit, as the request
// thread's reader does) and answers the rows. Plain JavaScript: a worker thread does not inherit tsx's loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const MAX_STATEMENTS = 1000;
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();

function prepared(text) {
  const hit = statements.get(text);
  if (hit) return hit;
  if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value);
  const statement = db.prepare(text);
  statements.set(text, statement);
  return statement;
}

/** True when a row holds a blob: structured cloning turns its Buffer into a Uint8Array, which the pool turns back. */
const hasBlob = (rows) => rows.some((r) => Object.values(r).some((v) => ArrayBuffer.isView(v)));

function answer({ sql, parameters }) {
  const started = performance.now();
  try {
    const rows = prepared(sql).all(parameters);
    return { rows, blobs: hasBlob(rows), micros: Math.round((performance.now() - started) * 1000) };
  } catch (error) {
    statements.delete(sql);
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

// A batch of statements (one event-loop turn's), answered in one message; the shared count tells the request
// thread how many are still queued here (workerSlots.ts `countAnswered`).
parentPort.on('message', ({ id, jobs }) => {
  const answers = jobs.map(answer);
  Atomics.add(workerData.answered, 0, jobs.length);
  parentPort.postMessage({ id, answers });
});
parentPort.postMessage({ ready: true });
