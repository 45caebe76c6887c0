import fs from 'node:fs/promises';
import path from 'node:path';
import type { Row } from '../../db/types.js';
import { buildTree, type ColumnNode } from '../content/columns/service.js';
import { columnVar, metaOf, rootOf } from './context.js';
import { siteConfig } from './siteConfig.js';
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
}

const registered = new Map<string, SitePage>();

export function registerSitePage(page: SitePage): void {
  if (!/^[a-z][a-z0-9_-]{0,63}$/.test(page.name)) throw new Error(`页面名称无效：${page.name}`);
  registered.set(page.name, page);
}

const treeVar = (nodes: ColumnNode[]): Row[] => nodes.map((n) => ({ ...columnVar(n), children: treeVar(n.children) }));

/** The names of the skin's site pages. */
export async function sitePageNames(skinDir: string): Promise<string[]> {
  const names = await fs.readdir(path.join(skinDir, 'pages')).catch(() => [] as string[]);
  return names.filter((n) => /^[a-z0-9][a-z0-9_-]{0,63}\.html$/i.test(n)).map((n) => n.slice(0, -5)).sort();
}

export async function sitePageJobs(gen: SiteGenerator, base: Base): Promise<PageJob[]> {
  const columnTree = treeVar(buildTree(base.columns));
  const jobs: PageJob[] = [];
  for (const name of await sitePageNames(base.skinDir)) {
    const rel = `${name}.html`;
    // The 404 page is served for any missing path, so its links cannot be relative to it.
    const root = name === '404' ? siteConfig().siteBaseUrl || '/' : rootOf(rel);
    const extra = registered.get(name);
    jobs.push({ rel, template: `pages/${name}.html`, vars: { root, meta: metaOf(base.site, rel, null, null), columnTree, pageName: name, ...(extra ? await extra.vars(gen, base) : {}) } });
  }
  return jobs;
}
