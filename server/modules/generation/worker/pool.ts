import { manifestOf } from '../guard/manifest.js';
import { beginSiteWrite } from '../writer.js';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { PortalError } from '../../../http/errors.js';
import { RENDER_LIMIT_MS, TemplateError } from '../render.js';
import { PHASE, PROGRESS, type FromWorker, type PageJob, type ToWorker, type WrittenFile } from './protocol.js';
import { threadCpuMs } from './threadCpu.js';
import { buildRenderWorker, renderWorkerBuilt, renderWorkerEntry } from './bundle.js';
import { workerExecArgv } from '../../../shared/workerExecArgv.js';

/** Records pages a render worker wrote in the manifest of their site folder (paths relative to it). */
export async function recordWritten(guard: NonNullable<ReturnType<typeof manifestOf>>, written: readonly WrittenFile[]): Promise<void> {
  const prefix = guard.rel ? `${guard.rel}/` : '';
  await guard.manifest.recordEntries(written.map((f) => ({ ...f, path: prefix + f.path })));
}

/** Heap of one render worker (MB): a template that allocates past it stops that worker only. */
export const WORKER_HEAP_MB = 256;
/** The hard limit per page: LiquidJS's own renderLimit plus a margin (a single filter call cannot be interrupted by LiquidJS). */
export const PAGE_HARD_LIMIT_MS = RENDER_LIMIT_MS + 2_000;
/** How often a busy worker's CPU time is looked at (at most): a runaway page stops within this of its limit. */
const CHECK_MS = 1_000;
/** A page that takes this many times its limit in wall time stops even without using the CPU (stuck, not slow). */
const WALL_FACTOR = 6;
/** What a batch asked of a closed pool fails with. */
const stopping = () => new PortalError(1006, '服务正在停止，页面未生成');
/** Batches queued on one worker at a time (one rendering, one waiting: no idle gap between them). */
const IN_FLIGHT = 2;

interface Pending {
  batchId: number;
  runId: number;
  pages: PageJob[];
  write: boolean;
  guardDataDir?: string;
  resolve: (done: { html: string[] | null; written?: WrittenFile[] }) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** What the worker does and since when (protocol.ts PROGRESS), written by the worker: no message per page. */
  progress: Float64Array;
  armedAt: number;
  /** The worker's kernel thread id (Linux), for its CPU time; undefined elsewhere. */
  tid?: number;
  /** When the page being timed started (the later of arming and the last finished page) and the thread's CPU time then. */
  pageStart: number;
  pageCpu?: number;
  runs: Set<number>;
  inflight: Pending[];
  timer: NodeJS.Timeout | null;
  dead: boolean;
  ready: boolean;
}

export interface RunSetup {
  skinDir: string;
  /** The skin's files as they stand (skinStamp.ts): a worker keeps its engine for the skin while this is unchanged. */
  skinStamp?: string;
  outDir: string;
  common: Record<string, unknown>;
  /** A bulk run: pages written without their .br/.gz, made later by the background pass (precompress/). */
  deferCopies?: boolean;
}

/**
 * Render workers (docs/generation.md "Workers"): templates render off the main thread, so a slow or
 * hostile template never blocks other requests. Each page has a hard time limit (the worker is
 * terminated and replaced when a page runs past it) and each worker a heap limit.
 */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private closed = false;
  private readonly setups = new Map<number, RunSetup>();
  private nextRun = 1;
  private nextBatch = 1;

  constructor(
    readonly size = Math.max(1, Math.min(Number(process.env.GENERATION_WORKERS) || os.availableParallelism(), 8)),
    private readonly pageLimitMs = PAGE_HARD_LIMIT_MS,
  ) {}

  /** Starts a run: its common variables are sent once to each worker that renders for it. */
  begin(setup: RunSetup): number {
    const runId = this.nextRun++;
    this.setups.set(runId, setup);
    return runId;
  }

  end(runId: number): void {
    this.setups.delete(runId);
    for (const s of this.slots) if (s.runs.delete(runId) && !s.dead) s.worker.postMessage({ kind: 'end', runId } satisfies ToWorker);
  }

  /**
   * Renders (and with `write`, writes) the pages; rejects with `1002 模板错误：…` when one fails. With
   * `unrecorded` the rows of the written pages are added to it instead of recorded: the caller records them
   * (recordWritten, several batches at once) while it holds a write to the site open (writeJobs.ts).
   */
  async render(runId: number, pages: PageJob[], write: boolean, unrecorded?: WrittenFile[]): Promise<string[] | null> {
    const outDir = write ? this.setups.get(runId)?.outDir : undefined;
    // Written pages enter the site guard's manifest like every other published file (writer.ts): the
    // worker hashes them and keeps their pristine copies from memory, the manifest rows go in one transaction.
    const guard = outDir ? manifestOf(outDir) : null;
    const end = outDir && !unrecorded ? await beginSiteWrite(outDir) : null;
    try {
      const result = await this.submit(runId, pages, write, guard?.manifest.dataDir);
      if (unrecorded) unrecorded.push(...(result.written ?? []));
      else if (guard && result.written) await recordWritten(guard, result.written);
      return result.html;
    } finally {
      await end?.();
    }
  }

  private submit(runId: number, pages: PageJob[], write: boolean, guardDataDir?: string): Promise<{ html: string[] | null; written?: WrittenFile[] }> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ batchId: this.nextBatch++, runId, pages, write, guardDataDir, resolve, reject });
      this.pump();
    });
  }

  /** Starts up to `count` workers ahead of any work (idle ones never keep the process alive). */
  warm(count = 1): void {
    if (this.closed) return;
    // Once the workers' bundle is built (bundle.ts): the workers started ahead get it.
    if (!renderWorkerBuilt()) return void buildRenderWorker().then(() => this.warm(count));
    while (this.slots.filter((s) => !s.dead).length < Math.min(count, this.size)) this.spawn();
  }

  /**
   * Stops every worker. Batches in flight or waiting fail at once: a caller still running at shutdown (a
   * read-aloud job refreshing its page) would otherwise wait forever, and the app's close with it.
   */
  async close(): Promise<void> {
    this.closed = true;
    const all = this.slots.splice(0);
    for (const s of all) {
      s.dead = true;
      if (s.timer) clearTimeout(s.timer);
      for (const job of s.inflight.splice(0)) job.reject(stopping());
    }
    this.pump();
    await Promise.all(all.map((s) => s.worker.terminate()));
  }

  private pump(): void {
    if (this.closed) {
      for (const job of this.waiting.splice(0)) job.reject(stopping());
      return;
    }
    while (this.waiting.length) {
      let slot = this.slots.filter((s) => !s.dead && s.inflight.length < IN_FLIGHT).sort((a, b) => a.inflight.length - b.inflight.length)[0];
      if (!slot && this.slots.filter((s) => !s.dead).length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.waiting.shift() as Pending;
      const setup = this.setups.get(job.runId);
      if (!setup) {
        job.reject(new PortalError(1002, '生成任务已结束'));
        continue;
      }
      if (!slot.runs.has(job.runId)) {
        slot.worker.postMessage({ kind: 'setup', runId: job.runId, ...setup } satisfies ToWorker);
        slot.runs.add(job.runId);
      }
      slot.inflight.push(job);
      slot.worker.postMessage({ kind: 'batch', batchId: job.batchId, runId: job.runId, pages: job.pages, write: job.write, guardDataDir: job.guardDataDir } satisfies ToWorker);
      this.arm(slot);
    }
  }

  private spawn(): Slot {
    const progress = new Float64Array(new SharedArrayBuffer(PROGRESS.length * Float64Array.BYTES_PER_ELEMENT));
    // The bundle (bundle.ts), or the TypeScript boot, which loads `entry`, when there is none.
    const worker = new Worker(renderWorkerEntry(), {
      workerData: { progress, entry: new URL('./renderWorker.ts', import.meta.url).href },
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    const slot: Slot = { worker, progress, armedAt: 0, pageStart: 0, runs: new Set(), inflight: [], timer: null, dead: false, ready: false };
    worker.unref();
    worker.on('message', (m: FromWorker) => this.onMessage(slot, m));
    worker.on('error', (error: Error & { code?: string }) => {
      const oom = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.kill(slot, new TemplateError(oom ? `页面渲染超出内存限制（${WORKER_HEAP_MB}MB），已停止` : error.message));
    });
    worker.on('exit', () => this.kill(slot, new TemplateError('渲染进程意外退出')));
    this.slots.push(slot);
    return slot;
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    if (m.kind === 'ready') {
      slot.ready = true;
      slot.tid = m.tid;
      return this.arm(slot);
    }
    const job = slot.inflight[0];
    if (!job || job.batchId !== m.batchId) return;
    slot.inflight.shift();
    if (m.kind === 'done') job.resolve({ html: m.html, written: m.written });
    else job.reject(m.stage === 'render' ? new TemplateError(m.message) : new PortalError(1006, `页面写入失败：${m.message}`));
    this.arm(slot);
    this.pump();
  }

  /** (Re)starts the page timer while the worker has work. */
  private arm(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (slot.dead) return;
    // An idle worker does not keep the process alive; a busy one does.
    if (!slot.inflight.length) return void slot.worker.unref();
    slot.worker.ref();
    if (!slot.ready) return;
    slot.armedAt = slot.pageStart = Date.now();
    slot.pageCpu = slot.tid === undefined ? undefined : threadCpuMs(slot.tid);
    this.wait(slot, Math.min(CHECK_MS, this.pageLimitMs));
  }

  private wait(slot: Slot, ms: number): void {
    slot.timer = setTimeout(() => this.check(slot), ms);
    slot.timer.unref();
  }

  /**
   * The page limit counts the CPU time the worker's thread spent on the current page (threadCpu.ts), so
   * a busy machine does not stop a slow but honest page; where that is unknown, the wall time since
   * the later of the arming and the worker's last finished page.
   */
  private check(slot: Slot): void {
    const started = Math.max(slot.armedAt, slot.progress[PROGRESS.finishedAt] ?? 0);
    const cpu = slot.tid === undefined ? undefined : threadCpuMs(slot.tid);
    // Writing or done (its answer not read yet: the main thread was busy): no template runs, nothing to time.
    if (slot.progress[PROGRESS.phase] !== PHASE.rendering) {
      [slot.pageStart, slot.pageCpu] = [Date.now(), cpu];
      return this.wait(slot, CHECK_MS);
    }
    if (started !== slot.pageStart) {
      // A new page since the last look: its CPU counts from here (it started at most CHECK_MS earlier).
      slot.pageStart = started;
      slot.pageCpu = cpu;
    }
    const wall = Date.now() - started;
    const used = cpu !== undefined && slot.pageCpu !== undefined ? cpu - slot.pageCpu : wall;
    if (used < this.pageLimitMs && wall < this.pageLimitMs * WALL_FACTOR) {
      return this.wait(slot, Math.min(CHECK_MS, Math.max(1, this.pageLimitMs - used)));
    }
    const page = slot.inflight[0]?.pages[slot.progress[PROGRESS.page] ?? 0]?.rel;
    this.kill(slot, new TemplateError(`页面渲染超过${Math.round(this.pageLimitMs / 1000)}秒，已停止（${page ? `${page}：` : ''}请检查模板中的循环或过滤器）`));
  }

  /** Stops a worker: its current batch fails with `error`, the batches queued behind it go to another worker. */
  private kill(slot: Slot, error: Error): void {
    if (slot.dead) return;
    slot.dead = true;
    if (slot.timer) clearTimeout(slot.timer);
    const [current, ...rest] = slot.inflight.splice(0);
    this.slots.splice(this.slots.indexOf(slot), 1);
    void slot.worker.terminate();
    current?.reject(error);
    this.waiting.unshift(...rest);
    this.pump();
  }
}
