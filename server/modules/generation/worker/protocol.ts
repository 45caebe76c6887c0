/** Messages between the generation pool (main thread) and its render workers. */

/** One page: the template (a file of the skin), its own variables (merged over the run's common ones), where it goes. */
export interface PageJob {
  rel: string;
  template: string;
  vars: Record<string, unknown>;
  /** An article body as stored: the worker sanitises it and links its uploads from the page (`vars.article.content`). */
  body?: string;
}

/**
 * A page a worker wrote: its path below the output folder, hash and size, and those of its .br/.gz copies
 * (for the site guard's manifest: one row per page, guard/manifest.ts).
 */
export interface WrittenFile {
  path: string;
  hash: string;
  size: number;
  copies?: { suffix: string; hash: string; size: number }[];
  /** Written without its .br/.gz (a bulk run): the background pass makes them (precompress/pass.ts). */
  pendingCopies?: boolean;
}

export type ToWorker =
  /**
   * A run: engine for this skin (templates parsed once; kept for the next run while `skinStamp` is the same,
   * a new one when it changed or is absent), variables shared by every page. `deferCopies` (a bulk run): pages
   * are written without their .br/.gz, any older copies removed, and their rows marked for the background pass.
   */
  | { kind: 'setup'; runId: number; skinDir: string; skinStamp?: string; outDir: string; common: Record<string, unknown>; deferCopies?: boolean }
  /**
   * Pages to render; with `write` they are written (all of them, only when all rendered), else returned.
   * With `guardDataDir` (the site guard records the output folder) the worker also keeps each file's
   * pristine copy there and answers what it wrote (`written`).
   */
  | { kind: 'batch'; batchId: number; runId: number; pages: PageJob[]; write: boolean; guardDataDir?: string }
  /** The run is over: its engine and variables are dropped. */
  | { kind: 'end'; runId: number };

export type FromWorker =
  /** Loaded (the page timer starts only then: loading the worker is not the template's time). */
  | { kind: 'ready'; tid?: number }
  | { kind: 'done'; batchId: number; html: string[] | null; written?: WrittenFile[] }
  /** `stage` tells a template error (1002) from a failed write. */
  | { kind: 'error'; batchId: number; message: string; stage: 'render' | 'write' };

/**
 * What a worker shares with the pool without a message (a Float64Array over shared memory): when it last
 * finished a page, what it is doing, and which page of its batch it renders. The page limit applies only
 * while it renders (pool.ts `check`): a worker writing a batch to a slow disk, or done and waiting for the
 * main thread to read its answer, runs no template (issue 26, session 36: at a million articles a finished or
 * writing worker was stopped as 页面渲染超过5秒).
 */
export const PROGRESS = { finishedAt: 0, phase: 1, page: 2, length: 3 } as const;
export const PHASE = { idle: 0, rendering: 1, writing: 2 } as const;
