import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { Liquid } from 'liquidjs';
import { sanitizeArticleHtml } from '../../../shared/articleHtml.js';
import { relinkUploads } from '../uploadLinks.js';
import { levelHeadings } from '../headings.js';
import { plainBodyOrNull } from '../plainBody.js';
import { compressedCopies, isCompressible, precompressOn, removeCompressedSync, writeCopiesSync, writeNewOrAtomicSync } from '../compress.js';
import { hashBytes, keepPristineBytesSync } from '../guard/pristine.js';
import { createEngine, messageOf, renderSync } from '../render.js';
import { PHASE, PROGRESS, type FromWorker, type PageJob, type ToWorker, type WrittenFile } from './protocol.js';
import { ownThreadId } from './threadCpu.js';

/**
 * A render worker: one cached LiquidJS engine per run (each template parsed once), pages rendered
 * synchronously, a batch written with synchronous writes (a new file in place, an existing one through a
 * temporary file + rename) only when all of it rendered. The pool stops this thread when a page runs past the time limit or the heap limit.
 */
interface Run {
  runId: number;
  skinDir: string;
  outDir: string;
  engine: Liquid;
  common: Record<string, unknown>;
  dirs: Set<string>;
  /** Hashes whose pristine copy this worker stored lately in this run (at most PRISTINE_KNOWN). */
  pristine: Set<string>;
  /** A bulk run: .br/.gz are left to the background pass (precompress/). */
  deferCopies: boolean;
}

const runs = new Map<number, Run>();
/**
 * Hashes a worker remembers having stored (a run writes the same small pages many times): a shortcut only, as a
 * copy that exists already is left as it is. Bounded: at a million articles the worker's set of every page's
 * hash held ~45 MB by the end of the run (issue 26, session 36).
 */
const PRISTINE_KNOWN = 20_000;
const post = (m: FromWorker) => parentPort?.postMessage(m);
/** Shared with the pool (protocol.ts PROGRESS): its page timer reads what this worker does and since when. */
const progress = (workerData as { progress?: Float64Array } | null)?.progress ?? new Float64Array(PROGRESS.length);

/**
 * One buffer per worker that each page's HTML is encoded into (UTF-8 needs at most 3 bytes per UTF-16 unit):
 * Buffer.from measured the length in a first pass and allocated a buffer per page — about twice the time
 * (issue 26, session 30). The bytes are used (written, hashed, compressed) before the next page reuses it.
 */
let scratch = Buffer.allocUnsafe(1 << 20);
function utf8(html: string): Buffer {
  if (html.length * 3 > scratch.length) scratch = Buffer.allocUnsafe(html.length * 3);
  return scratch.subarray(0, scratch.write(html, 0, 'utf8'));
}

/** Writes the pages and their compressed copies (or, deferred, none); with `guardDataDir`, keeps their pristine copies and answers what was written. */
function writeAll(r: Run, pages: PageJob[], html: string[], guardDataDir?: string): WrittenFile[] {
  const written: WrittenFile[] = [];
  const defer = r.deferCopies && precompressOn();
  pages.forEach((page, i) => {
    const target = path.join(r.outDir, ...page.rel.split('/'));
    const dir = path.dirname(target);
    if (!r.dirs.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      r.dirs.add(dir);
    }
    const bytes = utf8(html[i] ?? '');
    const pending = defer && isCompressible(target);
    const copies = pending ? [] : compressedCopies(target, bytes);
    // Deferred: when the page replaces an older one, the older page's copies go before the write and again
    // after it (a background pass that compressed the older page meanwhile), so a copy of an older page is
    // never served beside the new one. A page created where none was has no copies to drop (removing a page
    // removes its copies; a pass removes a copy whose page is gone or changed once it has written it).
    const dropCopies = pending ? () => removeCompressedSync(target) : undefined;
    if (!writeNewOrAtomicSync(target, bytes, dropCopies)) dropCopies?.();
    writeCopiesSync(target, copies);
    // The page keeps a pristine copy; its .br/.gz only a hash, in the page's own entry (the guard compresses the page's copy again).
    if (r.pristine.size >= PRISTINE_KNOWN) r.pristine.clear();
    if (guardDataDir) written.push({ path: page.rel, ...keepPristineBytesSync(guardDataDir, bytes, r.pristine), copies: copies.map(([suffix, data]) => ({ suffix, ...hashBytes(data) })), pendingCopies: pending || undefined });
    progress[PROGRESS.finishedAt] = Date.now();
  });
  return written;
}

/** The article body, sanitised again (imports and direct edits bypass the editor) with page-relative upload links: here, off the main thread. */
function withBody(page: PageJob): Record<string, unknown> {
  const body = page.body ?? '';
  // A plain body (paragraphs, headings, inline tags, no attributes) comes out of the sanitiser unchanged: recognised in one pass.
  const clean = plainBodyOrNull(body) ?? sanitizeArticleHtml(body);
  const article = { ...(page.vars.article as Record<string, unknown>), content: relinkUploads(levelHeadings(clean), String(page.vars.root ?? '')) };
  return { ...page.vars, article };
}

function onBatch(m: Extract<ToWorker, { kind: 'batch' }>): void {
  const r = runs.get(m.runId);
  if (!r) {
    post({ kind: 'error', batchId: m.batchId, message: '生成任务未初始化', stage: 'render' });
    return;
  }
  const html: string[] = [];
  try {
    progress[PROGRESS.phase] = PHASE.rendering;
    m.pages.forEach((page, i) => {
      progress[PROGRESS.page] = i;
      const vars = page.body === undefined ? page.vars : withBody(page);
      html.push(renderSync(r.engine, page.template, { ...r.common, ...vars }));
      progress[PROGRESS.finishedAt] = Date.now();
    });
  } catch (error) {
    return answer({ kind: 'error', batchId: m.batchId, message: messageOf(error, r.skinDir), stage: 'render' });
  }
  if (!m.write) return answer({ kind: 'done', batchId: m.batchId, html });
  try {
    progress[PROGRESS.phase] = PHASE.writing;
    const written = writeAll(r, m.pages, html, m.guardDataDir);
    answer({ kind: 'done', batchId: m.batchId, html: null, written: m.guardDataDir ? written : undefined });
  } catch (error) {
    answer({ kind: 'error', batchId: m.batchId, message: messageOf(error, r.outDir), stage: 'write' });
  }
}

/** A batch's answer: the worker is idle from here, whenever the main thread gets to read it. */
function answer(m: FromWorker): void {
  progress[PROGRESS.phase] = PHASE.idle;
  post(m);
}

/** Engines by skin folder with the stamp of the files they parsed: reused by the next run while the skin is unchanged. */
const engines = new Map<string, { stamp: string; engine: Liquid }>();
const KEPT_ENGINES = 4;

function engineFor(skinDir: string, stamp: string | undefined): Liquid {
  const kept = engines.get(skinDir);
  if (kept && stamp && kept.stamp === stamp) return kept.engine;
  const engine = createEngine(skinDir, true);
  engines.delete(skinDir);
  if (stamp) engines.set(skinDir, { stamp, engine });
  // The oldest skin's engine goes first (Map keeps insertion order).
  for (const name of engines.keys()) if (engines.size > KEPT_ENGINES) engines.delete(name);
  return engine;
}

parentPort?.on('message', (m: ToWorker) => {
  if (m.kind === 'setup') {
    runs.set(m.runId, { runId: m.runId, skinDir: m.skinDir, outDir: m.outDir, engine: engineFor(m.skinDir, m.skinStamp), common: m.common, dirs: new Set(), pristine: new Set(), deferCopies: m.deferCopies === true });
  } else if (m.kind === 'end') {
    runs.delete(m.runId);
  } else {
    onBatch(m);
  }
});
post({ kind: 'ready', tid: ownThreadId() });
