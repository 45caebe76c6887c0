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
