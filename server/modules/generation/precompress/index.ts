import path from 'node:path';
import type { ScheduledJob } from '../../../jobs/scheduler.js';
import type { SiteManifest } from '../guard/manifest.js';
import { runPrecompressPass, type PassResult } from './pass.js';

export const PRECOMPRESS_JOB = 'site-precompress';

interface Logger {
  error(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

/**
 * The .br/.gz of pages written by bulk runs (docs/generation.md "Delivery"), made in the background: `kick()`
 * after a bulk run starts a pass on this instance unless one runs (then it runs once more when that ends, for
 * pages written meanwhile); the scheduled job takes up what any instance left (a restart, a pass that failed).
 */
export class BackgroundCopies {
  private running: Promise<void> | null = null;
  private again = false;
  private readonly stopping = new AbortController();

  constructor(
    readonly manifest: SiteManifest,
    private readonly log: Logger,
  ) {}

  kick(): void {
    if (this.stopping.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no pass runs on this instance (tests, the bench, the scheduled job). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      const started = Date.now();
      const result: PassResult | null = await runPrecompressPass(this.manifest, this.stopping.signal).catch((error: unknown) => {
        this.log.error({ err: error, job: PRECOMPRESS_JOB }, 'pre-compressed copies: pass failed');
        return null;
      });
      if (result?.made || result?.skipped) this.log.info({ job: PRECOMPRESS_JOB, ...result, ms: Date.now() - started }, 'pre-compressed copies made');
    } while (this.again && !this.stopping.signal.aborted);
  }
}

/** Once per interval across instances: a pass for whatever still waits (nothing to do costs one indexed query). */
export function precompressJob(copies: BackgroundCopies, everyMs: number): ScheduledJob {
  return {
    name: PRECOMPRESS_JOB,
    everyMs,
    async run() {
      copies.kick();
      await copies.idle();
    },
  };
}

/** The background copies of each site folder this process serves (one per server; tests run several). */
const registered = new Map<string, BackgroundCopies>();

export function registerCopies(copies: BackgroundCopies): () => void {
  const key = path.resolve(copies.manifest.root);
  registered.set(key, copies);
  return () => {
    if (registered.get(key) === copies) registered.delete(key);
  };
}

/** The background copies of the site folder `root` (tests and the bench wait for them: `idle()`). */
export function backgroundCopiesOf(root: string): BackgroundCopies | undefined {
  return registered.get(path.resolve(root));
}
