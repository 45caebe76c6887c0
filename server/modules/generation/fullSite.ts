import fs from 'node:fs/promises';
import path from 'node:path';
import type { Row } from '../../db/types.js';
import { PortalError } from '../../http/errors.js';
import { withExclusiveLock } from '../../jobs/lock.js';
import { descendantIds } from '../content/columns/service.js';
import { articleRelPath } from './context.js';
import { sitePageJobs } from './pages.js';
import type { SiteGenerator } from './service.js';
import type { PageJob } from './worker/protocol.js';
import { copyAssets, publishUploads, removeFile } from './writer.js';

/** Articles whose bodies are read and rendered together (bounds memory: bodies of 500 articles at a time). */
const ARTICLE_CHUNK = 500;
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

/** Removes article pages (and list pages of columns gone) that the run did not write. */
async function removeStale(root: string, keepArticles: Set<string>, keepColumns: Set<number>): Promise<number> {
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
  for (const id of await fs.readdir(columns).catch(() => [] as string[])) {
    if (/^\d+$/.test(id) && !keepColumns.has(Number(id))) {
      await fs.rm(path.join(columns, id), { recursive: true, force: true });
      removed++;
    }
  }
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

async function runSite(gen: SiteGenerator, onProgress?: Progress): Promise<SiteResult> {
  const started = Date.now();
  const base = await gen.base();
  const assets = await copyAssets(base.skinDir, gen.root);
  const uploads = gen.siteUploads(base);
  const all = await gen.published(null);
  const fixed: PageJob[] = [await gen.indexJob(base), ...(await sitePageJobs(gen, base))];
  const columns = base.columns.filter((c) => c.columnType !== 3);
  const columnJobs: PageJob[][] = columns.map((c) => {
    const ids = new Set(descendantIds(base.columns, c.categoryId));
    return gen.columnJobs(base, c, all.filter((r: Row) => ids.has(Number(r.columnId))));
  });
  const total = fixed.length + columnJobs.reduce((n, j) => n + j.length, 0) + all.length;
  let done = 0;
  async function* jobs(): AsyncGenerator<PageJob[]> {
    yield fixed;
    for (const j of columnJobs) yield j;
    for (let i = 0; i < all.length; i += ARTICLE_CHUNK) yield await gen.articleJobs(base, all.slice(i, i + ARTICLE_CHUNK), uploads);
  }
  const pages = await gen.withRun(base, (run) =>
    gen.writeJobs(run, jobs(), (rels) => {
      done += rels.length;
      onProgress?.(done, total, rels);
    }),
  );
  const removed = await removeStale(gen.root, new Set(all.map(articleRelPath)), new Set(columns.map((c) => c.categoryId)));
  const published = await publishUploads(gen.dataDir, gen.root, uploads);
  return { pages, articles: all.length, columns: columns.length, assets, uploads: published, removed, ms: Date.now() - started };
}
