import type { Db } from '../db/types.js';
import { INSTANCE_ID, tryLease } from './lock.js';

export interface ScheduledJob {
  /** Unique name; also the lease name (`job:<name>`) shared by every instance. */
  name: string;
  /** How often the job runs across all instances together. */
  everyMs: number;
  /** `stopping` aborts when the server closes: a long job (the link crawl) stops early instead of holding the close. */
  run(stopping: AbortSignal): Promise<void>;
}

export interface SchedulerLogger {
  error(obj: unknown, msg?: string): void;
}

/**
 * Runs registered jobs at their interval, once per interval across every instance on the database:
 * before a run an instance takes the job's lease for the interval and does not give it back, so the
 * others find it held until the next run is due. A job that throws is logged and tried next interval.
 */
export class Scheduler {
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private started = false;
  private stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly log: SchedulerLogger,
    /** How often each instance asks whether a job is due; short so a dead instance's job moves on soon. */
    private readonly pollMs = 5_000,
    /** Lease owner; one per server instance (tests give two schedulers distinct owners). */
    private readonly owner = INSTANCE_ID,
  ) {}

  add(job: ScheduledJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} already scheduled`);
    this.jobs.set(job.name, job);
    if (this.started) this.arm(job);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    for (const job of this.jobs.values()) this.arm(job);
  }

  /** Stops asking, tells runs in progress to stop (their signal aborts) and waits for them. */
  async stop(): Promise<void> {
    this.started = false;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  /** Runs a job now on this instance unless some instance ran it within its interval (tests use it). */
  async runNow(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    return this.attempt(job);
  }

  private arm(job: ScheduledJob): void {
    const wait = Math.min(this.pollMs, job.everyMs);
    const timer = setTimeout(() => {
      void this.attempt(job).finally(() => {
        if (this.started) this.arm(job);
      });
    }, wait);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  private async attempt(job: ScheduledJob): Promise<boolean> {
    let leased = false;
    try {
      leased = await tryLease(this.db, `job:${job.name}`, job.everyMs, this.owner);
    } catch (error) {
      this.log.error({ err: error, job: job.name }, 'scheduler: lease failed');
      return false;
    }
    if (!leased) return false;
    const run = job.run(this.stopping.signal).catch((error: unknown) => this.log.error({ err: error, job: job.name }, 'scheduler: job failed'));
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
    return true;
  }
}
