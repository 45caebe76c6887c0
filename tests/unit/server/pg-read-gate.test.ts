import type { PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readGateMs } from '../../../server/db/connect.js';
import { createReadGate } from '../../../server/db/pgReadGate.js';

/** A pooled client that records its releases (pg reuses the same client object for the next checkout). */
function fakeClient() {
  const seen = { releases: 0 };
  const client = { query: async () => ({ rows: [] }), release: () => void seen.releases++ } as unknown as PostgresPoolClient;
  return { client, seen };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL read gate (session 31)', () => {
  it('follows PG_READ_GATE_MS when it is a number ≥ 0 (at most 1,000), else 100 ms', () => {
    expect(readGateMs('0')).toBe(0);
    expect(readGateMs('30')).toBe(30);
    expect(readGateMs('5000')).toBe(1000);
    for (const bad of [undefined, '', '-1', 'soon']) expect(readGateMs(bad)).toBe(100);
  });

  it('lets a read through at once with no write connection out, holds it while one is, and never longer than asked', async () => {
    let max = 5000;
    const gate = createReadGate(() => max);
    expect(gate.wait()).toBeNull();
    const { client, seen } = fakeClient();
    const taken = gate.writing(client);
    let released = false;
    const held = gate.wait()?.then(() => (released = true));
    expect(held).toBeDefined();
    await sleep(20);
    expect(released).toBe(false);
    // A bound: released after maxMs even though the save goes on.
    max = 30;
    const t = performance.now();
    await gate.wait();
    expect(performance.now() - t).toBeGreaterThanOrEqual(25);
    taken.release();
    await held;
    expect(released).toBe(true);
    expect(seen.releases).toBe(1);
    expect(gate.wait()).toBeNull();
  });

  it('stays closed until the last of two write connections is back; a second release counts once; 0 turns it off', async () => {
    let max = 5000;
    const gate = createReadGate(() => max);
    const first = fakeClient();
    const a = gate.writing(first.client);
    const b = gate.writing(fakeClient().client);
    let released = false;
    const held = gate.wait()?.then(() => (released = true));
    a.release();
    a.release();
    await sleep(10);
    expect(released).toBe(false);
    expect(first.seen.releases).toBe(1);
    b.release();
    await held;
    expect(released).toBe(true);
    gate.writing(fakeClient().client);
    max = 0;
    expect(gate.wait()).toBeNull();
  });
});
