import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerExecArgv } from './workerExecArgv.js';

/** The entry file, as a path (a URL object of a test environment's own is refused by Worker). */
const BOOT = join(dirname(fileURLToPath(import.meta.url)), 'workerCallBoot.mjs');

type Answer<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Calls an exported function of a module in a worker thread of its own, once, and answers its result:
 * for long work that would otherwise hold the request thread for seconds or minutes (a backup's copy of the
 * database, its integrity check and row hashes). Arguments and result must be structured-cloneable.
 */
export function callInWorker<T>(module: URL, fn: string, args: readonly unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(BOOT, { workerData: { module: String(module), fn, args }, execArgv: workerExecArgv() });
    let settled = false;
    worker.once('message', (m: Answer<T>) => {
      settled = true;
      if (m.ok) resolve(m.value);
      else reject(new Error(m.message));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`工作线程意外退出（${code}）`));
    });
  });
}
