import fs from 'node:fs/promises';
import path from 'node:path';
import type { Row } from '../../db/types.js';
import { buildTree, type ColumnNode } from '../content/columns/service.js';
import { columnVar, metaOf, rootOf } from './context.js';
import { siteConfig } from './siteConfig.js';
import { recordShown } from './shownIndex.js';
import type { Base, SiteGenerator } from './service.js';
import type { PageJob } from './worker/protocol.js';

/**
 * The site's own pages (docs/generation.md "Site pages"): every `pages/<name>.html` of the skin becomes
 * `<name>.html` at the site root — the citizen services (mailbox, survey, …), search, 网站地图, 404.
 * A module adds variables for its page with `registerSitePage` (e.g. an economy page's figures).
 */
export interface SitePage {
  /** The page's file name without `.html` (`economy`): template `pages/<name>.html`, output `<name>.html`. */
  name: string;
  vars: (gen: SiteGenerator, base: Base) => Promise<Row>;
  /**
   * Pages the page brings with it (a forum topic each, `forum/<id>.html`): every one on a full run or
   * 首页生成, only those changed since the last call on a republish (`changedOnly`).
   */
  family?: (gen: SiteGenerator, base: Base, shared: Row, changedOnly: boolean) => Promise<PageJob[]>;
  /** After a republish: removes the family's pages no longer public; answers the removed paths. */
  prune?: (gen: SiteGenerator) => Promise<string[]>;
}

const registered = new Map<string, SitePage>();

/** In a republish list: the home page, and every site page of the skin (resources/types.ts `republish`). */
export const HOME_PAGE = 'index';
export const EVERY_SITE_PAGE = '*';

export function registerSitePage(page: SitePage): void {
  if (!/^[a-z][a-z0-9_-]{0,63}$/.test(page.name)) throw new Error(`页面名称无效：${page.name}`);
  registered.set(page.name, page);
}

const treeVar = (nodes: ColumnNode[]): Row[] => nodes.map((n) => ({ ...columnVar(n), children: treeVar(n.children) }));

const published = (gen: SiteGenerator) => fs.access(path.join(gen.root, 'index.html')).then(() => true, () => false);

/** The names of the skin's site pages. */
export async function sitePageNames(skinDir: string): Promise<string[]> {
  const names = await fs.readdir(path.join(skinDir, 'pages')).catch(() => [] as string[]);
  return names.filter((n) => /^[a-z0-9][a-z0-9_-]{0,63}\.html$/i.test(n)).map((n) => n.slice(0, -5)).sort();
}

/** The variables every site page shares (root left to each page). */
function sharedVars(base: Base): Row {
  return { columnTree: treeVar(buildTree(base.columns)) };
}

async function pageJobs(gen: SiteGenerator, base: Base, name: string, shared: Row, changedOnly: boolean): Promise<PageJob[]> {
  const rel = `${name}.html`;
  // The 404 page is served for any missing path, so its links cannot be relative to it.
  const root = name === '404' ? siteConfig().siteBaseUrl || '/' : rootOf(rel);
  const extra = registered.get(name);
  const job: PageJob = { rel, template: `pages/${name}.html`, vars: { root, meta: metaOf(base.site, rel, null, null), ...shared, pageName: name, ...(extra ? await extra.vars(gen, base) : {}) } };
  return [job, ...(extra?.family ? await extra.family(gen, base, shared, changedOnly) : [])];
}

export async function sitePageJobs(gen: SiteGenerator, base: Base): Promise<PageJob[]> {
  const shared = sharedVars(base);
  const jobs: PageJob[] = [];
  for (const name of await sitePageNames(base.skinDir)) jobs.push(...(await pageJobs(gen, base, name, shared, false)));
  return jobs;
}

/**
 * Renders some site pages again after their data changed (a survey opened, a forum topic answered:
 * routes name them in `config.republish`, sitePageHooks.ts), with the family pages changed since the
 * last call; a page the skin does not have is skipped. `index` names the home page and `*` every site page
 * (data every page's header shows, such as 热词). Answers the written and removed paths.
 */
export async function republishSitePages(gen: SiteGenerator, names: readonly string[]): Promise<{ written: string[]; removed: string[] }> {
  // The home page and every site page are refreshed on a published site only: they never start one.
  const siteWide = (names.includes(HOME_PAGE) || names.includes(EVERY_SITE_PAGE)) && (await published(gen));
  const base = await gen.base();
  const present = await sitePageNames(base.skinDir);
  const wanted = siteWide && names.includes(EVERY_SITE_PAGE) ? present : [...new Set(names)].filter((n) => present.includes(n));
  const home = siteWide && names.includes(HOME_PAGE);
  if (!wanted.length && !home) return { written: [], removed: [] };
  const shared = sharedVars(base);
  const jobs: PageJob[] = home ? [await gen.indexJob(base)] : [];
  for (const name of wanted) jobs.push(...(await pageJobs(gen, base, name, shared, true)));
  await gen.withRun(base, (run) => gen.pool.render(run, jobs, true));
  if (home) await recordShown(gen.db, jobs.slice(0, 1));
  const removed: string[] = [];
  for (const name of wanted) removed.push(...((await registered.get(name)?.prune?.(gen)) ?? []));
  return { written: jobs.map((j) => j.rel), removed };
}
