import { lstatSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Row } from '../../db/types.js';
import { dirNames } from '../../shared/dirNames.js';
import type { ArticleChange } from '../content/articles/changes.js';
import { descendantIds } from '../content/columns/service.js';
import { ARTICLE_FIELDS, articleRelPath } from './context.js';
import { HOME_BLOCK_SIZE, LIST_PAGE_SIZE, type Base, type SiteGenerator } from './service.js';
import { pagesShowingIndexed, recordShown } from './shownIndex.js';
import { publishUploads, removeFile } from './writer.js';
import { unmovedPage } from './unmovedPage.js';
import { besideInListOrder } from './listOrder.js';
import type { PageJob } from './worker/protocol.js';

/** What one article change rewrote (docs/generation.md "Republishing"). */
export interface RepublishResult {
  written: string[];
  removed: string[];
}

/**
 * Where the generated site shows the article today, read from the pages' links: only for a site
 * generated before the index of shown articles existed (shownIndex.ts).
 */
export async function pagesShowingInFiles(siteDir: string, articleId: number): Promise<{ lists: Map<number, Set<number>>; home: boolean }> {
  const link = new RegExp(`article/\\d{4}/\\d{2}/${articleId}\\.html["'#?]`);
  const lists = new Map<number, Set<number>>();
  const homeFile = path.join(siteDir, 'index.html');
  // Absent files are seen synchronously (session 30): each awaited miss cost a save one event-loop turn behind every reader's work.
  const home = !!lstatSync(homeFile, { throwIfNoEntry: false }) && link.test(await fs.readFile(homeFile, 'utf8').catch(() => ''));
  const columnsDir = path.join(siteDir, 'column');
  for (const id of dirNames(columnsDir)) {
    if (!/^\d{1,10}$/.test(id)) continue;
    for (const name of await fs.readdir(path.join(columnsDir, id)).catch(() => [] as string[])) {
      const m = /^index(?:_(\d+))?\.html$/.exec(name);
      if (!m) continue;
      if (link.test(await fs.readFile(path.join(columnsDir, id, name), 'utf8').catch(() => ''))) {
        const set = lists.get(Number(id)) ?? new Set<number>();
        set.add(m[1] ? Number(m[1]) : 1);
        lists.set(Number(id), set);
      }
    }
  }
  return { lists, home };
}

/**
 * Removes every generated page of the article (whatever month it was filed under) but `keep`. The months are
 * listed and the page looked for synchronously (a few metadata calls): a draft's save, which has no page, used
 * to wait one event-loop turn — behind every reader's work — for each month of the site (issue 26, session 30).
 */
export async function removeArticlePages(siteDir: string, articleId: number, keep?: string): Promise<string[]> {
  const dir = path.join(siteDir, 'article');
  const removed: string[] = [];
  for (const year of dirNames(dir)) {
    if (!/^\d{4}$/.test(year)) continue;
    for (const month of dirNames(path.join(dir, year))) {
      if (!/^\d{2}$/.test(month)) continue;
      const rel = `article/${year}/${month}/${articleId}.html`;
      const file = path.join(dir, year, month, `${articleId}.html`);
      if (rel !== keep && lstatSync(file, { throwIfNoEntry: false }) && (await removeFile(file))) removed.push(rel);
    }
  }
  return removed;
}

function ancestors(base: Base, columnId: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  let current = base.columns.find((c) => c.categoryId === columnId);
  while (current && !seen.has(current.categoryId)) {
    seen.add(current.categoryId);
    out.push(current.categoryId);
    const parent = current.categoryCategoryId;
    current = base.columns.find((c) => c.categoryId === parent);
  }
  return out;
}

/** How many published articles of these columns come before the article in list order (sort, publish time, id: all descending). */
async function positionIn(gen: SiteGenerator, columnIds: number[], row: Row): Promise<number> {
  const r = await gen.db
    .selectFrom('article')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 5)
    .where('columnId', 'in', columnIds)
    .where((eb) => besideInListOrder(eb, row, 'before'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

const add = (map: Map<number, Set<number>>, column: number, page: number) => map.set(column, (map.get(column) ?? new Set()).add(page));

/**
 * The article hook: refreshes exactly the pages that show the article, before and after the change —
 * its own page, the list page (whichever number) of its column and of each column above that holds it,
 * the list pages that showed it before (so a move refreshes the old column), and the home page only
 * when it is or was there. An article no longer public loses its page.
 */
export async function republishArticle(gen: SiteGenerator, articleId: number, change: ArticleChange): Promise<RepublishResult> {
  const row = await gen.db.selectFrom('article').select([...ARTICLE_FIELDS, 'status']).where('articleId', '=', articleId).executeTakeFirst();
  const isPublic = row !== undefined && row.status === 5 && change !== 'removed';
  const before = (await pagesShowingIndexed(gen.db, articleId)) ?? (await pagesShowingInFiles(gen.root, articleId));
  const lists = new Map(before.lists);
  let home = before.home;
  // A draft saved again, never public and shown nowhere, has nothing to refresh: answer before reading the
  // site's settings, columns and skin (gen.base()), which a save would otherwise wait for (issue 26).
  let removed = isPublic ? [] : await removeArticlePages(gen.root, articleId);
  if (!isPublic && !removed.length && !lists.size && !home) return { written: [], removed };
  const base = await gen.base();
  // One render run for every page rewritten here: the workers parse the skin's templates once.
  return await gen.withRun(base, async (run) => {
    const written: string[] = [];
    const unmoved = new Map<number, PageJob>();
    if (isPublic) {
      const rel = articleRelPath(row);
      // Its current page is overwritten in place, never removed first: no moment without it (a read-aloud
      // refresh republishing it while another edit does, a reader).
      removed = await removeArticlePages(gen.root, articleId, rel);
      const uploads = new Set<string>();
      const jobs = await gen.articleJobs(base, [row], uploads);
      home = (await listPagesOf(gen, base, row, lists, unmoved)) || home;
      // The article's page and the list pages it stayed on (unmovedPage.ts, rewritten from the ids the index
      // records) go as two batches at once, side by side when two workers run; their index rows in one transaction.
      const stayed = [...unmoved.values()];
      await Promise.all([gen.pool.render(run, jobs, true), stayed.length ? gen.pool.render(run, stayed, true) : null]);
      await publishUploads(gen.dataDir, gen.root, uploads);
      await recordShown(gen.db, stayed);
      written.push(rel, ...stayed.map((j) => j.rel));
    }
    for (const [id, pages] of lists) {
      const column = base.columns.find((c) => c.categoryId === id);
      if (!column || column.columnType === 3 || unmoved.has(id)) continue;
      const r = await gen.generateColumn(id, { only: pages, base, run });
      written.push(...r.paths);
    }
    if (home) {
      const job = await gen.indexJob(base);
      await gen.pool.render(run, [job], true);
      await recordShown(gen.db, [job]);
      written.push('index.html');
    }
    return { written, removed };
  });
}

/**
 * Adds to `lists` the list page (by position) that shows the article in its column and each above (`unmoved`: the pages an edit
 * left it on, unmovedPage.ts); answers whether the home page shows it.
 */
async function listPagesOf(gen: SiteGenerator, base: Base, row: Row, lists: Map<number, Set<number>>, unmoved: Map<number, PageJob>): Promise<boolean> {
  let home = false;
  for (const id of ancestors(base, Number(row.columnId))) {
    const column = base.columns.find((c) => c.categoryId === id);
    if (!column || column.columnType === 3) continue;
    // Shown on one page of this list column and still there: that page, no position count (its home block is unchanged too).
    const shownOn = [...(lists.get(id) ?? [])];
    const job = column.columnType === 1 && shownOn.length === 1 ? await unmovedPage(gen, base, column, shownOn[0] as number, Number(row.articleId)) : null;
    if (job) {
      unmoved.set(id, job);
      continue;
    }
    const pos = await positionIn(gen, descendantIds(base.columns, id), row);
    if (column.columnType === 2) {
      if (pos < LIST_PAGE_SIZE) add(lists, id, 1);
    } else {
      add(lists, id, Math.floor(pos / LIST_PAGE_SIZE) + 1);
      if (pos < HOME_BLOCK_SIZE) home = true;
    }
  }
  return home;
}
