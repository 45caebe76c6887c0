import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config';
import { FloodGate, type Admission } from '../../../server/public/floodGate';

// Fake timers drive both the gate's clock (Date.now) and its timers, so the figures are exact.
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

const gateOf = (o: { ratePerSecond?: number; burst?: number; maxQueue?: number; holdMs?: number; maxHeld?: number } = {}) =>
  new FloodGate({ ratePerSecond: 10, burst: 3, maxQueue: 4, holdMs: 1000, ...o }, () => Date.now());

/** Records when each admission settles (ms of fake time) and how. */
function track(p: Promise<Admission>): { result?: Admission; at?: number } {
  const t: { result?: Admission; at?: number } = {};
  void p.then((r) => {
    t.result = r;
    t.at = Date.now();
  });
  return t;
}

describe('FloodGate', () => {
  it('admits the burst at once, then queues in order at the rate', async () => {
    const gate = gateOf();
    const first = [track(gate.admit()), track(gate.admit()), track(gate.admit())];
    await vi.advanceTimersByTimeAsync(0);
    expect(first.map((t) => [t.result, t.at])).toEqual([
      ['admitted', 0],
      ['admitted', 0],
      ['admitted', 0],
    ]);
    const q0 = track(gate.admit());
    const q1 = track(gate.admit());
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.state.queued).toBe(2);
    expect(q0.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect([q0.result, q0.at, q1.result]).toEqual(['admitted', 100, undefined]);
    await vi.advanceTimersByTimeAsync(100);
    expect([q1.result, q1.at]).toEqual(['admitted', 200]);
    expect(gate.state.queued).toBe(0);
  });

  it('refills after a quiet spell, up to the burst only', async () => {
    const gate = gateOf();
    for (let i = 0; i < 3; i += 1) await gate.admit();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gate.state.tokens).toBe(3);
  });

  it('holds a submission for holdMs and then refuses it when the queue is full', async () => {
    const gate = gateOf({ burst: 1, maxQueue: 2, holdMs: 1000 });
    await gate.admit();
    const waiting = [track(gate.admit()), track(gate.admit())];
    const over = track(gate.admit());
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.state).toMatchObject({ queued: 2, held: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(over.result).toBeUndefined();
    expect(waiting.map((t) => t.result)).toEqual(['admitted', 'admitted']);
    await vi.advanceTimersByTimeAsync(1);
    expect([over.result, over.at]).toEqual(['refused', 1000]);
    expect(gate.state.held).toBe(0);
  });

  it('refuses (after the hold) when the turn would come later than holdMs, even with room in the queue', async () => {
    const gate = gateOf({ ratePerSecond: 1, burst: 1, maxQueue: 100, holdMs: 1500 });
    await gate.admit();
    const inTime = track(gate.admit()); // its turn in 1 s
    const tooLate = track(gate.admit()); // its turn in 2 s > 1.5 s
    await vi.advanceTimersByTimeAsync(1000);
    expect([inTime.result, inTime.at]).toEqual(['admitted', 1000]);
    await vi.advanceTimersByTimeAsync(500);
    expect([tooLate.result, tooLate.at]).toEqual(['refused', 1500]);
  });

  it('lets a client that left go: out of the queue (its turn passes to the next) or out of the hold', async () => {
    const gate = gateOf({ burst: 1, maxQueue: 1, holdMs: 1000 });
    await gate.admit();
    const leaving = new AbortController();
    const left = track(gate.admit(leaving.signal));
    const heldLeaving = new AbortController();
    const heldLeft = track(gate.admit(heldLeaving.signal));
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.state).toMatchObject({ queued: 1, held: 1 });
    leaving.abort();
    heldLeaving.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect([left.result, heldLeft.result]).toEqual(['gone', 'gone']);
    expect(gate.state).toMatchObject({ queued: 0, held: 0 });
    const next = track(gate.admit());
    await vi.advanceTimersByTimeAsync(100);
    expect([next.result, next.at]).toEqual(['admitted', 100]);
    // already gone before asking: nothing waits
    expect(await gate.admit(AbortSignal.abort())).toBe('gone');
  });

  it('refuses at once beyond maxHeld (memory bound), and close() refuses those queued', async () => {
    const gate = gateOf({ burst: 1, maxQueue: 1, holdMs: 1000, maxHeld: 1 });
    await gate.admit();
    const queued = track(gate.admit());
    const held = track(gate.admit());
    const atOnce = track(gate.admit());
    await vi.advanceTimersByTimeAsync(0);
    expect([atOnce.result, atOnce.at, held.result]).toEqual(['refused', 0, undefined]);
    gate.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(queued.result).toBe('refused');
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.result).toBe('refused');
  });

  it('does not delay a lone submission (no flood)', async () => {
    const gate = gateOf({ burst: 40, ratePerSecond: 20 });
    for (let i = 0; i < 5; i += 1) {
      const t = track(gate.admit());
      await vi.advanceTimersByTimeAsync(0);
      expect([t.result, t.at]).toEqual(['admitted', Date.now()]);
      await vi.advanceTimersByTimeAsync(30_000);
    }
  });
});

describe('publicGate settings (server/config.ts)', () => {
  it('has sensible defaults and keeps the hold under half the request timeout', () => {
    expect(loadConfig({}).publicGate).toEqual({ ratePerSecond: 20, burst: 40, maxQueue: 60, holdMs: 3000 });
    const set = loadConfig({ PUBLIC_GATE_RATE: '5', PUBLIC_GATE_BURST: '10', PUBLIC_GATE_QUEUE: '15', PUBLIC_GATE_HOLD_MS: '2000' }).publicGate;
    expect(set).toEqual({ ratePerSecond: 5, burst: 10, maxQueue: 15, holdMs: 2000 });
    expect(loadConfig({ PUBLIC_GATE_HOLD_MS: '999999', REQUEST_TIMEOUT_MS: '10000' }).publicGate.holdMs).toBe(5000);
    // nonsense values fall back to the defaults or to a working minimum
    expect(loadConfig({ PUBLIC_GATE_RATE: 'x', PUBLIC_GATE_BURST: '0' }).publicGate).toMatchObject({ ratePerSecond: 20, burst: 1 });
  });
});
