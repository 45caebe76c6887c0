import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ownThreadCpuMs, threadCpuMs } from '../../../server/modules/generation/worker/threadCpu';

// The worker reads its own thread id the way renderWorker.ts does (threadCpu.ts's ownThreadId), then
// computes or sleeps on command, so the main thread can see what the render pool's page limit counts.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
parentPort.postMessage(Number(readlinkSync('/proc/thread-self').split('/').pop()));
// Its own CPU time, read as the pool reads it; a spin runs until the thread has used m.ms of CPU (not of the
// clock: on a loaded machine a wall-clock spin gets a fraction of a core), or 20 s have passed.
const ownCpu = () => {
  const rest = require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(rest[11]) + Number(rest[12])) * 10;
};
parentPort.on('message', (m) => {
  if (!m.spin) return void setTimeout(() => parentPort.postMessage('done'), m.ms);
  const start = ownCpu();
  const stop = Date.now() + 20000;
  let x = 0;
  while (ownCpu() - start < m.ms && Date.now() < stop) for (let i = 0; i < 100000; i++) x += i;
  globalThis.sink = x; // keeps the loop from being optimised away
  parentPort.postMessage('done');
});`;

const onLinux = process.platform === 'linux';

describe.runIf(onLinux)('a render worker’s CPU time (the page limit’s measure)', () => {
  it('grows while the thread computes and stays while it waits', async () => {
    const worker = new Worker(WORKER, { eval: true });
    try {
      const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
      const ask = (m: { ms: number; spin: boolean }) =>
        new Promise<void>((resolve) => {
          worker.once('message', () => resolve());
          worker.postMessage(m);
        });
      const start = threadCpuMs(tid) as number;
      expect(start).toBeGreaterThanOrEqual(0);
      await ask({ ms: 400, spin: false });
      const afterSleep = threadCpuMs(tid) as number;
      expect(afterSleep - start).toBeLessThan(150);
      await ask({ ms: 400, spin: true });
      expect((threadCpuMs(tid) as number) - afterSleep).toBeGreaterThan(250);
    } finally {
      await worker.terminate();
    }
    expect(threadCpuMs(999_999_999)).toBeUndefined();
  });

  it('is read by a thread of itself too (the page render limit reads it so)', () => {
    const before = ownThreadCpuMs() as number;
    expect(before).toBeGreaterThan(0);
    let x = 0;
    for (const stop = Date.now() + 200; Date.now() < stop; ) x += 1;
    expect(x).toBeGreaterThan(0);
    expect(ownThreadCpuMs()).toBeGreaterThanOrEqual(before);
  });
});
