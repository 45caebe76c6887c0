// `npm run bench -- --only=site` (issue 24): the generated demo site scored page type by page type —
// Lighthouse mobile and desktop in normal and 适老化 mode (`?elder=1`, js/portal.js) — and the W3C Nu
// checker's errors over every generated page, each beside its goal.
//   BENCH_SITE_PAGES=home,mailbox   only these page types;  BENCH_SITE_FORMS=mobile  only this form factor
import { join } from 'node:path';
import { startChild } from '../lib/child';
import { score, withChrome, type Scores } from './lighthouse';
import { nuCheck, type NuResult } from './nu';

export const SITE_GOALS = { accessibility: 100, 'best-practices': 100, seo: 95, performance: 95, nuErrors: 0 } as const;

export interface SiteRow extends Scores {
  page: string;
  form: 'mobile' | 'desktop';
  elder: boolean;
}
export interface SiteBench {
  rows: SiteRow[];
  nu: NuResult;
}

const NAMED = ['interact', 'mailbox', 'survey', 'advice', 'suggest', 'apply', 'qa', 'zwgk', 'economy', 'projects', 'forum', 'sso', 'sitemap', 'accessibility'];

async function pageTypes(site: string): Promise<[string, string][]> {
  const home = await (await fetch(`${site}index.html`)).text();
  const list = /class="column-block"[\s\S]*?<h2[^>]*><a href="([^"]+)"/.exec(home)?.[1] ?? '';
  const article = /href="([^"]*article\/\d{4}\/\d{2}\/\d+\.html)"/.exec(home)?.[1] ?? '';
  // A published forum topic with a department's answer: the topic page type (forum.html?id=).
  const topics = (await (await fetch(new URL('/theme/weblist', site), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"pageSize":50}' })).json()) as { data?: { list?: { id: number; replyState: number }[] } };
  const topic = topics.data?.list?.find((t) => Number(t.replyState) === 1)?.id;
  return [
    ['home', 'index.html'],
    ['list', list],
    ['article', article],
    ...NAMED.map((n): [string, string] => [n, `${n}.html`]),
    ...(topic ? [['forum-topic', `forum.html?id=${topic}`] as [string, string]] : []),
    ['search', 'search.html?keyword=经济'],
    ['404', 'no-such-page.html'],
  ];
}

export async function benchSite(): Promise<SiteBench> {
  const server = await startChild<{ port: number; dataDir: string }>('bench/servers/siteServer.ts', { GENERATE_SITE_ON_START: 'off' });
  try {
    const site = `http://127.0.0.1:${server.info.port}/site/`;
    const nu = nuCheck(join(server.info.dataDir, 'site'));
    const pick = process.env.BENCH_SITE_PAGES?.split(',');
    const forms = (process.env.BENCH_SITE_FORMS?.split(',') ?? ['mobile', 'desktop']) as ('mobile' | 'desktop')[];
    const types = (await pageTypes(site)).filter(([name]) => !pick || pick.includes(name));
    const rows: SiteRow[] = [];
    await withChrome(async (port) => {
      for (const [page, rel] of types) {
        for (const elder of [false, true]) {
          const url = new URL(rel, site);
          url.searchParams.set('elder', elder ? '1' : '0');
          for (const form of forms) rows.push({ page, form, elder, ...(await score(port, url.href, form)) });
        }
      }
    });
    return { rows, nu };
  } finally {
    await server.stop();
  }
}

export function printSite(r: SiteBench): void {
  const g = SITE_GOALS;
  const mark = (v: number, goal: number) => `${String(v).padStart(3)}${v >= goal ? ' ' : '✗'}`;
  console.log(`\nPublic site (goals: accessibility ${g.accessibility}, best practices ${g['best-practices']}, SEO ≥ ${g.seo}, performance ≥ ${g.performance}; ✗ = below)`);
  console.log('page            form     mode   a11y  bp    seo   perf');
  for (const row of r.rows) {
    console.log(`${row.page.padEnd(15)} ${row.form.padEnd(8)} ${(row.elder ? '适老化' : 'normal').padEnd(6)} ${mark(row.accessibility, g.accessibility)}  ${mark(row['best-practices'], g['best-practices'])}  ${mark(row.seo, g.seo)}  ${mark(row.performance, g.performance)}${row.failing.length ? '  ' + row.failing.join(', ') : ''}`);
  }
  const below = r.rows.filter((x) => x.accessibility < g.accessibility || x['best-practices'] < g['best-practices'] || x.seo < g.seo || x.performance < g.performance).length;
  console.log(`${r.rows.length - below} of ${r.rows.length} runs meet every goal`);
  console.log(`W3C Nu checker: ${r.nu.errors} errors over ${r.nu.pages} generated pages (goal ${g.nuErrors})`);
  for (const m of r.nu.first) console.log(`  ${m}`);
}
