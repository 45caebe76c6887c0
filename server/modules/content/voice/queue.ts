/**
 * A bounded work queue (docs/voice.md "Off the request thread"): at most `concurrency` jobs run at
 * once, at most `max` wait; one waiting entry per key (an article asked twice is made once, from its
 * latest text). The request that enqueues returns at once; `close()` stops the running jobs.
 */
export class BoundedQueue {
  private readonly waiting = new Map<number, true>();
  private readonly running = new Map<number, Promise<void>>();
  private readonly controller = new AbortController();

  constructor(
    private readonly concurrency: number,
    private readonly max: number,
    private readonly work: (key: number, signal: AbortSignal) => Promise<void>,
    private readonly onError: (key: number, error: unknown) => void,
  ) {}

  get size(): number {
    return this.waiting.size + this.running.size;
  }

  /** Adds a key; false when the queue is full or closed (the caller answers "try later"). */
  add(key: number): boolean {
    if (this.controller.signal.aborted) return false;
    if (this.waiting.has(key)) return true;
    if (this.waiting.size >= this.max) return false;
    this.waiting.set(key, true);
    this.pump();
    return true;
  }

  private pump(): void {
    for (const key of this.waiting.keys()) {
      if (this.running.size >= this.concurrency) return;
      // The same article is never made twice at once: it waits for the running one.
      if (this.running.has(key)) continue;
      this.waiting.delete(key);
      const job = this.work(key, this.controller.signal)
        // A job cut short by close() is not a failure: its row stays 'working' and the next start queues it again.
        .catch((error: unknown) => {
          if (!this.controller.signal.aborted) this.onError(key, error);
        })
        .finally(() => {
          this.running.delete(key);
          this.pump();
        });
      this.running.set(key, job);
    }
  }

  /** Resolves when nothing waits or runs (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  async close(): Promise<void> {
    this.waiting.clear();
    this.controller.abort();
    await Promise.all([...this.running.values()]);
  }
}
