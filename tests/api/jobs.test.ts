import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releaseLease, renewLease, tryLease, withExclusiveLock } from '../../server/jobs/lock.js';
import { Scheduler } from '../../server/jobs/scheduler.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

// Leases in the database stand for "one instance at a time"; distinct owners play the instances.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quietLog = { error: () => undefined };

describe('job leases', () => {
  it('are held by one owner until released or expired', async () => {
    const db = s.app.db;
    expect(await tryLease(db, 'lease-a', 60_000, 'one')).toBe(true);
    expect(await tryLease(db, 'lease-a', 60_000, 'two')).toBe(false);
    // Not even the holder takes it twice: a second caller in the same instance waits as well.
    expect(await tryLease(db, 'lease-a', 60_000, 'one')).toBe(false);
    expect(await renewLease(db, 'lease-a', 60_000, 'two')).toBe(false);
    expect(await renewLease(db, 'lease-a', 60_000, 'one')).toBe(true);
    await releaseLease(db, 'lease-a', 'two');
    expect(await tryLease(db, 'lease-a', 60_000, 'two')).toBe(false);
    await releaseLease(db, 'lease-a', 'one');
    expect(await tryLease(db, 'lease-a', 60_000, 'two')).toBe(true);

    expect(await tryLease(db, 'lease-b', 1, 'one')).toBe(true);
    await sleep(10);
    expect(await tryLease(db, 'lease-b', 60_000, 'two')).toBe(true);
  });

  it('lets only one caller run exclusive work at a time', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inside = false;
    const first = withExclusiveLock(s.app.db, 'exclusive', 60_000, async () => {
      inside = true;
      await gate;
      return 'first';
    });
    // The first caller holds the lease once its work has begun (not after a fixed sleep, which a loaded
    // machine can outlast before the lease statement has even returned).
    await vi.waitFor(() => expect(inside).toBe(true), { timeout: 15_000, interval: 10 });
    expect(await withExclusiveLock(s.app.db, 'exclusive', 60_000, async () => 'second')).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await withExclusiveLock(s.app.db, 'exclusive', 60_000, async () => 'third')).toEqual({ ran: true, value: 'third' });
  });
});

describe('scheduler', () => {
  it('runs a job once per interval across two instances', async () => {
    const everyMs = 1_000;
    // Each run records the lease it runs under: its row's `until` is the lease's start (taken by tryLease
    // before its statement) plus the interval, so the spacing of the leases is exact, whatever the machine's
    // load does to the moment a run gets to record it. (Read first thing in the run: another instance can
    // take the row only a whole interval later.)
    const runs: { owner: string; holder: string; until: number }[] = [];
    const make = (owner: string) => {
      const sch = new Scheduler(s.app.db, quietLog, 40, owner);
      sch.add({
        name: 'tick',
        everyMs,
        run: async () => {
          const row = await s.app.db.selectFrom('job_lock').select(['owner', 'until']).where('name', '=', 'job:tick').executeTakeFirstOrThrow();
          runs.push({ owner, holder: String(row.owner), until: Date.parse(String(row.until)) });
        },
      });
      return sch;
    };
    const a = make('instance-a');
    const b = make('instance-b');
    const started = Date.now();
    a.start();
    b.start();
    // Three runs, however long a loaded machine takes to get to them.
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3), { timeout: 30_000, interval: 50 });
    await Promise.all([a.stop(), b.stop()]);
    const elapsed = Date.now() - started;

    // Never more than one run per interval, whichever instance ran it: at most one run per whole interval
    // that passed, each under its own lease, the leases a whole interval apart.
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / everyMs) + 1);
    for (const r of runs) expect(r.holder).toBe(r.owner);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.until - runs[i - 1]!.until).toBeGreaterThanOrEqual(everyMs);
  });

  it('keeps running after a job throws', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const sch = new Scheduler(s.app.db, { error: (e) => void errors.push(e) }, 20, 'instance-c');
    sch.add({
      name: 'flaky',
      everyMs: 100,
      run: async () => {
        calls++;
        throw new Error('boom');
      },
    });
    sch.start();
    // A second run after the first one threw; on a loaded machine the 100 ms spacing stretches, so wait for it.
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 50 });
    await sch.stop();
    expect(errors.length).toBe(calls);
  });

  it('tells a running job to stop when it is stopped, and waits for it: a close is not held by a long run', async () => {
    const sch = new Scheduler(s.app.db, quietLog, 20, 'instance-d');
    let started = false;
    let sawAbort = false;
    sch.add({
      name: 'long',
      everyMs: 60_000,
      run: async (stopping) => {
        started = true;
        // A crawl that would take a minute, ending as soon as the close asks.
        for (let i = 0; i < 600 && !stopping.aborted; i++) await sleep(100);
        sawAbort = stopping.aborted;
      },
    });
    sch.start();
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 15_000, interval: 20 });
    const t0 = Date.now();
    await sch.stop();
    expect(sawAbort).toBe(true);
    // The run would last a minute; its 100 ms steps end within a few of them once asked (ten-fold margin
    // over the 1 s this took on a loaded machine, still a sixth of the run's own length).
    expect(Date.now() - t0).toBeLessThan(10_000);
  });
});
