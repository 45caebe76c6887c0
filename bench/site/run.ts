// `npm run bench -- --only=site` (issue 24): the generated demo site scored page type by page type —
// Lighthouse mobile and desktop in normal and 适老化 mode (`?elder=1`, js/portal.js) — and the W3C Nu
// checker's errors over every generated page, each beside its goal.
//   BENCH_SITE_PAGES=home,mailbox   only these page types;  BENCH_SITE_FORMS=mobile  only this form factor;
//   BENCH_SITE_RUNS=3  each page scored 3 times, the median (by performance) kept.
// Each row also prints the page's deterministic inputs (bytes, requests, render-blocking resources, layout
// shift) and its main-thread times, and a near-empty calibration page is scored first: its TBT is what this
// machine's load alone costs (docs/performance.md "Public site").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startChild } from '../lib/child';
import { score, withChrome, type Inputs, type Scores } from './lighthouse';
import { nuCheck, type NuResult } from './nu';
import { linksUnderSite } from '../../server/modules/generation/notFoundPage';

export const SITE_GOALS = { accessibility: 100, 'best-practices': 100, seo: 95, performance: 95, nuErrors: 0 } as const;

export interface SiteRow extends Scores {
  page: string;
  form: 'mobile' | 'desktop';
  elder: boolean;
}
export interface SiteBench {
  rows: SiteRow[];
  nu: NuResult;
  /** A near-empty page (no CSS, no script) scored on mobile before and after the pages: the machine's floor. */
  calibration: (Inputs & { performance: number })[];
}

const CALIBRATION = '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>校准页</title></head><body><h1>校准页</h1><p>用于测量本机此刻的负载：没有样式表，没有脚本。</p></body></html>';

/** Scores `url` `runs` times and keeps the run with the median performance. */
async function median(port: number, url: string, form: 'mobile' | 'desktop', runs: number): Promise<Scores> {
  const all: Scores[] = [];
  for (let i = 0; i < runs; i++) all.push(await score(port, url, form));
  all.sort((a, b) => a.performance - b.performance);
  return all[Math.floor(all.length / 2)]!;
}

const NAMED = ['interact', 'mailbox', 'survey', 'advice', 'suggest', 'apply', 'qa', 'zwgk', 'economy', 'projects', 'forum', 'sso', 'sitemap', 'accessibility'];

async function pageTypes(site: string): Promise<[string, string][]> {
  const home = await (await fetch(`${site}index.html`)).text();
  const list = /class="column-block"[\s\S]*?<h2[^>]*><a href="([^"]+)"/.exec(home)?.[1] ?? '';
  const article = /href="([^"]*article\/\d{4}\/\d{2}\/\d+\.html)"/.exec(home)?.[1] ?? '';
  // A published forum topic with a department's answer: the topic page type (forum/<id>.html, generated).
  const topics = (await (await fetch(new URL('/theme/weblist', site), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"pageSize":50}' })).json()) as { data?: { list?: { id: number; replyState: number }[] } };
  const topic = topics.data?.list?.find((t) => Number(t.replyState) === 1)?.id;
  return [
    ['home', 'index.html'],
    ['list', list],
    ['article', article],
    ...NAMED.map((n): [string, string] => [n, `${n}.html`]),
    ...(topic ? [['forum-topic', `forum/${topic}.html`] as [string, string]] : []),
    ['search', 'search.html?keyword=经济'],
    // Lighthouse scores no document answered 404 (all categories 0): the page a browser gets for a missing
    // path under /site/ (links made to start at /site/, notFoundPage.ts), written beside the site by benchSite.
    ['404', 'bench-404.html'],
  ];
}

export async function benchSite(): Promise<SiteBench> {
  const server = await startChild<{ port: number; dataDir: string }>('bench/servers/siteServer.ts', { GENERATE_SITE_ON_START: 'off' });
  try {
    const site = `http://127.0.0.1:${server.info.port}/site/`;
    const nu = nuCheck(join(server.info.dataDir, 'site'));
    writeFileSync(join(server.info.dataDir, 'site', 'bench-calibration.html'), CALIBRATION);
    writeFileSync(join(server.info.dataDir, 'site', 'bench-404.html'), linksUnderSite(readFileSync(join(server.info.dataDir, 'site', '404.html'), 'utf8')));
    const runs = Math.max(1, Number(process.env.BENCH_SITE_RUNS ?? 1));
    const calibration: SiteBench['calibration'] = [];
    const calibrate = async (port: number) => {
      const c = await score(port, `${site}bench-calibration.html`, 'mobile', ['performance']);
      calibration.push({ ...c.inputs, performance: c.performance });
    };
    const pick = process.env.BENCH_SITE_PAGES?.split(',');
    const forms = (process.env.BENCH_SITE_FORMS?.split(',') ?? ['mobile', 'desktop']) as ('mobile' | 'desktop')[];
    const types = (await pageTypes(site)).filter(([name]) => !pick || pick.includes(name));
    const rows: SiteRow[] = [];
    await withChrome(async (port) => {
      await calibrate(port);
      for (const [page, rel] of types) {
        for (const elder of [false, true]) {
          const url = new URL(rel, site);
          url.searchParams.set('elder', elder ? '1' : '0');
          for (const form of forms) rows.push({ page, form, elder, ...(await median(port, url.href, form, runs)) });
        }
      }
      await calibrate(port);
    });
    return { rows, nu, calibration };
  } finally {
    await server.stop();
  }
}

export function printSite(r: SiteBench): void {
  const g = SITE_GOALS;
  const mark = (v: number, goal: number) => `${String(v).padStart(3)}${v >= goal ? ' ' : '✗'}`;
  console.log(`\nPublic site (goals: accessibility ${g.accessibility}, best practices ${g['best-practices']}, SEO ≥ ${g.seo}, performance ≥ ${g.performance}; ✗ = below)`);
  const i = (x: Inputs) => `FCP ${x.fcpMs} LCP ${x.lcpMs} TBT ${x.tbtMs} CLS ${x.cls} · ${(x.bytes / 1024).toFixed(1)} KB ${x.requests} req ${x.renderBlocking} blocking · main thread ${x.mainThreadMs} ms, JS ${x.jsBootupMs} ms`;
  console.log('page            form     mode   a11y  bp    seo   perf');
  for (const row of r.rows) {
    console.log(`${row.page.padEnd(15)} ${row.form.padEnd(8)} ${(row.elder ? '适老化' : 'normal').padEnd(6)} ${mark(row.accessibility, g.accessibility)}  ${mark(row['best-practices'], g['best-practices'])}  ${mark(row.seo, g.seo)}  ${mark(row.performance, g.performance)}${row.failing.length ? '  ' + row.failing.join(', ') : ''}`);
    console.log(`${''.padEnd(31)}${i(row.inputs)}`);
  }
  for (const c of r.calibration) console.log(`calibration page (no CSS, no JS), mobile: perf ${c.performance}  ${i(c)}`);
  const below = r.rows.filter((x) => x.accessibility < g.accessibility || x['best-practices'] < g['best-practices'] || x.seo < g.seo || x.performance < g.performance).length;
  console.log(`${r.rows.length - below} of ${r.rows.length} runs meet every goal`);
  console.log(`W3C Nu checker: ${r.nu.errors} errors over ${r.nu.pages} generated pages (goal ${g.nuErrors})`);
  for (const m of r.nu.first) console.log(`  ${m}`);
}
