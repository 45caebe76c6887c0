import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readGateMs } from '../../../server/db/connect.js';
import { installLanes, whenWritesDone } from '../../../server/db/lanes.js';

describe('PostgreSQL read gate (session 31)', () => {
  it('follows PG_READ_GATE_MS when it is a number ≥ 0 (at most 1,000), else 100 ms', () => {
    expect(readGateMs('0')).toBe(0);
    expect(readGateMs('30')).toBe(30);
    expect(readGateMs('5000')).toBe(1000);
    for (const bad of [undefined, '', '-1', 'soon']) expect(readGateMs(bad)).toBe(100);
  });

  it('lets a read through at once with no save in flight, holds it while one is, and never longer than asked', async () => {
    const app = Fastify();
    installLanes(app);
    let finish: () => void = () => {};
    app.post('/api/article/update', () => new Promise<string>((resolve) => (finish = () => resolve('saved'))));
    await app.ready();
    expect(whenWritesDone(1000)).toBeNull();
    const save = app.inject({ method: 'POST', url: '/api/article/update', payload: {} });
    await new Promise((r) => setTimeout(r, 20));
    let released = false;
    const held = whenWritesDone(5000)?.then(() => (released = true));
    expect(held).toBeDefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(released).toBe(false);
    // A bound: released after maxMs even though the save goes on.
    const t = performance.now();
    await whenWritesDone(30);
    expect(performance.now() - t).toBeGreaterThanOrEqual(25);
    finish();
    expect((await save).body).toBe('saved');
    await held;
    expect(released).toBe(true);
    expect(whenWritesDone(1000)).toBeNull();
    await app.close();
  });
});
