/**
 * The admission gate in front of the database work of every public submission (docs/deploy.md "Floods").
 * A token bucket (`ratePerSecond`, `burst`) with a bounded FIFO queue: within the budget a submission
 * passes at once; over it, it waits its turn (a citizen's letter during a flood is delayed, not lost);
 * when the queue is full or its turn would come later than `holdMs`, it is held for `holdMs` and then
 * refused (a closed-loop flooder's rate falls to connections / holdMs, and it costs a timer, not a query).
 *
 * Per instance on purpose: it protects this process's event loop and CPU, which a shared store cannot.
 * The per-address and daily limits are the ones shared by every instance (in the database).
 */
export interface FloodGateOptions {
  /** Submissions admitted per second, on average. */
  ratePerSecond: number;
  /** Submissions admitted at once after a quiet spell. */
  burst: number;
  /** Submissions waiting their turn, at most. */
  maxQueue: number;
  /** The longest wait in the queue, and how long a refused submission is held before its answer (ms). */
  holdMs: number;
  /** Refused submissions being held at once, at most; beyond it they are refused at once (memory bound). */
  maxHeld?: number;
}

/** `admitted`: go on; `refused`: answer 429; `gone`: the client left while waiting (answer nothing useful). */
export type Admission = 'admitted' | 'refused' | 'gone';

interface Waiter {
  settle(result: Admission): void;
}

export class FloodGate {
  private tokens: number;
  private last: number;
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private held = 0;

  constructor(
    readonly options: FloodGateOptions,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = options.burst;
    this.last = now();
  }

  /** Figures for tests and logs. */
  get state(): { tokens: number; queued: number; held: number } {
    this.refill();
    return { tokens: Math.floor(this.tokens * 100) / 100, queued: this.queue.length, held: this.held };
  }

  /** Waits for this submission's turn; `signal` aborts when the client disconnects (it leaves the queue). */
  admit(signal?: AbortSignal): Promise<Admission> {
    if (signal?.aborted) return Promise.resolve('gone');
    this.refill();
    if (this.queue.length === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      return Promise.resolve('admitted');
    }
    const { ratePerSecond, maxQueue, holdMs } = this.options;
    const turnInMs = ((this.queue.length + 1 - this.tokens) / ratePerSecond) * 1000;
    if (this.queue.length >= maxQueue || turnInMs > holdMs) return this.hold(signal);
    return new Promise<Admission>((resolve) => {
      const onAbort = () => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        resolve('gone');
      };
      const waiter: Waiter = {
        settle: (result) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(result);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.schedule();
    });
  }

  /** Stops the timers (server shutdown): queued submissions are refused. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.splice(0).forEach((w) => w.settle('refused'));
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.options.burst, this.tokens + ((t - this.last) * this.options.ratePerSecond) / 1000);
    this.last = t;
  }

  /** One timer for the head of the queue: it fires when the next token is there. */
  private schedule(): void {
    if (this.timer || this.queue.length === 0) return;
    const delay = Math.max(1, Math.ceil(((1 - this.tokens) * 1000) / this.options.ratePerSecond));
    this.timer = setTimeout(() => this.drain(), delay);
    this.timer.unref();
  }

  private drain(): void {
    this.timer = undefined;
    this.refill();
    while (this.queue.length > 0 && this.tokens >= 1) {
      this.tokens -= 1;
      this.queue.shift()?.settle('admitted');
    }
    this.schedule();
  }

  /** A refusal answered after `holdMs` (or at once when too many are held already). */
  private hold(signal?: AbortSignal): Promise<Admission> {
    if (this.held >= (this.options.maxHeld ?? 5000)) return Promise.resolve('refused');
    this.held += 1;
    return new Promise<Admission>((resolve) => {
      const done = (result: Admission) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.held -= 1;
        resolve(result);
      };
      const onAbort = () => done('gone');
      const timer = setTimeout(() => done('refused'), this.options.holdMs);
      timer.unref();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
