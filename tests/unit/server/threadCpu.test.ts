import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from '../../../server/modules/generation/worker/threadCpu';

// The worker reads its own thread id the way renderWorker.ts does (threadCpu.ts's ownThreadId), then
// spins or sleeps on command, so the main thread can see what the render pool's page limit counts.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
parentPort.postMessage(Number(readlinkSync('/proc/thread-self').split('/').pop()));
parentPort.on('message', (m) => {
  const end = Date.now() + m.ms;
  if (m.spin) while (Date.now() < end);
  setTimeout(() => parentPort.postMessage('done'), m.spin ? 0 : m.ms);
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
});
