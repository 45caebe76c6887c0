import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/types.js';
import { PortalError } from '../../http/errors.js';
import { withExclusiveLock } from '../../jobs/lock.js';
import { descendantIds } from '../content/columns/service.js';
import { articleRelPath } from './context.js';
import { coverItems, listPageChunks } from './columnPages.js';
import { sitePageJobs } from './pages.js';
import { KeptArticlePaths } from './keptArticlePaths.js';
import { forgetPages } from './shownIndex.js';
import { LIST_PAGE_SIZE, type SiteGenerator } from './service.js';
import type { PageJob } from './worker/protocol.js';
import { copyAssets, publishUploads, removeFile, removeTree } from './writer.js';

/** Articles read (with their bodies, one query) and rendered together: bounds memory whatever the site's size. */
const ARTICLE_CHUNK = 1000;
/** The lease that serialises full-site runs across server instances. */
export const SITE_LOCK = 'generation:site';
const LOCK_TTL_MS = 60_000;

export interface SiteResult {
  pages: number;
  articles: number;
  columns: number;
  assets: number;
  uploads: number;
  removed: number;
  ms: number;
}

export type Progress = (done: number, total: number, paths: string[]) => void;

/**
 * Removes what the run did not write: article pages, whole folders of columns gone, and a kept column's
 * list pages past its new last page (`index_5.html` once the column has four pages), so nothing stale
 * stays reachable.
 */
async function removeStale(db: Db, root: string, keepArticles: KeptArticlePaths, keepColumns: Set<number>, writtenLists: Set<string>): Promise<number> {
  let removed = 0;
  const articles = path.join(root, 'article');
  for (const y of await fs.readdir(articles).catch(() => [] as string[])) {
    for (const m of await fs.readdir(path.join(articles, y)).catch(() => [] as string[])) {
      for (const f of await fs.readdir(path.join(articles, y, m)).catch(() => [] as string[])) {
        if (/^\d+\.html$/.test(f) && !keepArticles.has(`article/${y}/${m}/${f}`) && (await removeFile(path.join(articles, y, m, f)))) removed++;
      }
    }
  }
  const columns = path.join(root, 'column');
  const gone: number[] = [];
  const pastLast: string[] = [];
  for (const id of await fs.readdir(columns).catch(() => [] as string[])) {
    if (!/^\d+$/.test(id)) continue;
    if (!keepColumns.has(Number(id))) {
      await removeTree(path.join(columns, id));
      gone.push(Number(id));
      removed++;
      continue;
    }
    for (const f of await fs.readdir(path.join(columns, id)).catch(() => [] as string[])) {
      const rel = `column/${id}/${f}`;
      if (/^index(_\d+)?\.html$/.test(f) && !writtenLists.has(rel) && (await removeFile(path.join(columns, id, f)))) {
        pastLast.push(rel);
        removed++;
      }
    }
  }
  await forgetPages(db, pastLast, gone);
  return removed;
}

/**
 * Generates the whole site (docs/generation.md "Full run"): the skin's assets, the home page, the site
 * pages, every page of every column, every published article, the uploads they use; removes pages of
 * articles no longer published. One run at a time across instances (lease `generation:site`).
 * This is the entry point the benchmarks call.
 */
export async function generateSite(gen: SiteGenerator, onProgress?: Progress): Promise<SiteResult> {
  const result = await withExclusiveLock(gen.db, SITE_LOCK, LOCK_TTL_MS, () => runSite(gen, onProgress));
  if (!result.ran) throw new PortalError(1005, '另一项全站生成正在进行，请稍后再试');
  return result.value;
}

/** Published articles per column (one grouped count): the list pages of each column and the run's total. */
async function publishedCounts(gen: SiteGenerator): Promise<Map<number, number>> {
  const rows = await gen.db.selectFrom('article').select(['columnId', (eb) => eb.fn.countAll().as('n')]).where('status', '=', 5).groupBy('columnId').execute();
  return new Map(rows.map((r) => [r.columnId, Number(r.n)]));
}

async function runSite(gen: SiteGenerator, onProgress?: Progress): Promise<SiteResult> {
  const started = Date.now();
  // The render workers start now, beside this thread's reads below, not after them (a new pool's workers
  // take about as long to load as the reads: issue 26, session 31).
  gen.pool.warm(gen.pool.size);
  const base = await gen.base();
  const assets = await copyAssets(base.skinDir, gen.root);
  const uploads = gen.siteUploads(base);
  const fixed: PageJob[] = [await gen.indexJob(base), ...(await sitePageJobs(gen, base))];
  const columns = base.columns.filter((c) => c.columnType !== 3);
  const counts = await publishedCounts(gen);
  const countOf = (ids: number[]) => ids.reduce((n, id) => n + (counts.get(id) ?? 0), 0);
  const published = [...counts.values()].reduce((a, b) => a + b, 0);
  const listPages = columns.reduce((n, c) => n + (c.columnType === 2 ? 1 : Math.max(1, Math.ceil(countOf(descendantIds(base.columns, c.categoryId)) / LIST_PAGE_SIZE))), 0);
  const total = fixed.length + listPages + published;
  const keepArticles = new KeptArticlePaths();
  const writtenLists = new Set<string>();
  let done = 0;
  // Streamed: a column's list pages columnChunk.pages at a time (columnPages.ts), then ARTICLE_CHUNK articles with their bodies at a time (bounded memory).
  async function* jobs(): AsyncGenerator<PageJob[]> {
    yield fixed;
    for (const c of columns) {
      if (c.columnType === 2) yield gen.columnJobs(base, c, await coverItems(gen, base, c));
      else yield* listPageChunks(gen, base, c, countOf(descendantIds(base.columns, c.categoryId)));
    }
    for (let after = 0; ; ) {
      const rows = await gen.publishedChunk(after, ARTICLE_CHUNK);
      if (!rows.length) break;
      after = Number(rows[rows.length - 1]?.articleId);
      for (const r of rows) keepArticles.add(articleRelPath(r));
      yield await gen.articleJobs(base, rows, uploads);
    }
  }
  // A bulk run: the pages go live without their .br/.gz, which the background pass makes next (precompress/).
  const pages = await gen.withRun(
    base,
    (run) =>
      gen.writeJobs(run, jobs(), (rels) => {
        for (const rel of rels) if (rel.startsWith('column/')) writtenLists.add(rel);
        done += rels.length;
        onProgress?.(done, Math.max(total, done), rels);
      }),
    true,
  );
  const removed = await removeStale(gen.db, gen.root, keepArticles, new Set(columns.map((c) => c.categoryId)), writtenLists);
  const publishedUploads = await publishUploads(gen.dataDir, gen.root, uploads);
  return { pages, articles: keepArticles.size, columns: columns.length, assets, uploads: publishedUploads, removed, ms: Date.now() - started };
}
