import { describe, expect, it } from 'vitest';
import { inLane, keepRequestCounters } from '../../../server/db/lanes.js';
import { keptPerCounter } from '../../../server/db/keptPerCounter.js';
import type { Db } from '../../../server/db/types.js';

/** A value read once per value of the running request's cache counter (server/db/keptPerCounter.ts). */
describe('keptPerCounter', () => {
  const root = { isTransaction: false } as unknown as Db;
  const trx = { isTransaction: true } as unknown as Db;
  let reads = 0;
  const kept = keptPerCounter('articleLists', async () => ++reads);
  const inRequest = (lane: 'read' | 'write', articleLists: number | undefined, db: Db) =>
    inLane(lane, () => {
      if (articleLists !== undefined) keepRequestCounters({ articleLists });
      return kept(db);
    });

  it('reads once per counter value in read-lane requests, again when the counter moves', async () => {
    reads = 0;
    expect(await inRequest('read', 7, root)).toBe(1);
    expect(await inRequest('read', 7, root)).toBe(1);
    expect(await inRequest('read', 8, root)).toBe(2);
    expect(reads).toBe(2);
  });

  it('reads afresh in a write-lane request, in a transaction, and without counters', async () => {
    reads = 0;
    await inRequest('read', 20, root);
    expect(await inRequest('write', 20, root)).toBe(2);
    expect(await inRequest('read', 20, trx)).toBe(3);
    expect(await inRequest('read', undefined, root)).toBe(4);
    expect(await kept(root)).toBe(5);
  });

  it('does not keep a failed read', async () => {
    let calls = 0;
    const flaky = keptPerCounter('articleLists', async () => {
      calls++;
      if (calls === 1) throw new Error('down');
      return calls;
    });
    const call = () => inLane('read', () => (keepRequestCounters({ articleLists: 1 }), flaky(root)));
    await expect(call()).rejects.toThrow('down');
    expect(await call()).toBe(2);
  });
});
