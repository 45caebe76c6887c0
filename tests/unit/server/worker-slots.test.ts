import { describe, expect, it } from 'vitest';
import { createWorkerSlots } from '../../../server/shared/workerSlots.js';

/**
 * server/shared/workerSlots.ts, the pool behind the search workers, SQLite's read workers and (session 31) the copy
 * workers of the background pass: `ready()` is what the pass waits on, so it must settle — resolve once a worker is
 * ready, reject once none will be (workers dying at start, the pool closed) instead of hanging the pass.
 */
const source = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);
const ECHO = source(`
  import { parentPort } from 'node:worker_threads';
  parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, doubled: m.n * 2 }));
  parentPort.postMessage({ ready: true });
`);
const DIES_AT_START = source(`throw new Error('boom at start');`);
const SILENT = source(`setInterval(() => {}, 1000);`);

const slotsOf = (file: URL, logged: unknown[] = []) =>
  createWorkerSlots({ file, workerData: null, heapMb: 32, size: 1, name: 'test worker', isReady: (m) => 'ready' in (m as object), log: (e) => logged.push(e) });

describe('worker slots', () => {
  it('ready() resolves once a worker says so, and the job is answered by it', async () => {
    const slots = slotsOf(ECHO);
    expect(slots.send((id) => ({ id, n: 1 }))).toBeNull(); // started, not ready yet: the caller does the work
    await slots.ready();
    await expect(slots.ready()).resolves.toBeUndefined(); // at once while one is ready
    expect(await slots.send((id) => ({ id, n: 21 }))).toMatchObject({ doubled: 42 });
    await slots.close();
  });

  it('ready() rejects once workers die at start three times, and send answers null from then on', async () => {
    const logged: unknown[] = [];
    const slots = slotsOf(DIES_AT_START, logged);
    await expect(slots.ready()).rejects.toThrow(/test worker: exited 3 times/);
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(slots.send((id) => ({ id, n: 1 }))).toBeNull();
    await expect(slots.ready()).rejects.toThrow(/off/);
    await slots.close();
  });

  it('a waiting ready() rejects when the pool is closed', async () => {
    const slots = slotsOf(SILENT);
    const rejected = expect(slots.ready()).rejects.toThrow(/closed/);
    await slots.close();
    await rejected;
  });
});
