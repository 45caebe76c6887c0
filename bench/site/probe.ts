// What a page's main-thread time is made of (issue 24), outside `npm run bench`: the generated demo site,
// Lighthouse mobile, per page the main-thread breakdown, the long tasks, layout shifts, DOM size and script
// boot-up. `PROBE_PAGES=economy.html,forum/1.html npx tsx bench/site/probe.ts` (docs/performance.md "Public site").
import lighthouse from 'lighthouse';
import { startChild } from '../lib/child';
import { withChrome } from './lighthouse';

const pages = (process.env.PROBE_PAGES ?? 'economy.html,projects.html').split(',');
const server = await startChild<{ port: number; dataDir: string }>('bench/servers/siteServer.ts', { GENERATE_SITE_ON_START: 'off' });
try {
  await withChrome(async (port) => {
    for (const p of pages) {
      for (const elder of ['0']) {
        const url = `http://127.0.0.1:${server.info.port}/site/${p}${p.includes('?') ? '&' : '?'}elder=${elder}`;
        const r = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const a = r!.lhr.audits;
        const items = (id: string) => ((a[id]?.details as { items?: Record<string, unknown>[] })?.items ?? []);
        console.log(`\n${p} perf ${Math.round((r!.lhr.categories.performance?.score ?? 0) * 100)} TBT ${Math.round(a['total-blocking-time']?.numericValue ?? 0)} CLS ${a['cumulative-layout-shift']?.numericValue}`);
        console.log(' main:', items('mainthread-work-breakdown').map((i) => `${String(i.groupLabel)} ${Math.round(Number(i.duration))}`).join(', '));
        console.log(' long:', items('long-tasks').map((i) => `${String(i.url).slice(-40)} @${Math.round(Number(i.startTime))} ${Math.round(Number(i.duration))}`).join(' | '));
        console.log(' shifts:', JSON.stringify(items('layout-shifts').slice(0, 3).map((i) => [i.score, (i.node as { snippet?: string } | undefined)?.snippet?.slice(0, 80)])));
        console.log(' dom:', a['dom-size']?.numericValue, 'bootup:', items('bootup-time').map((i) => `${String(i.url).slice(-30)} ${Math.round(Number(i.total))}`).join(', '));
      }
    }
  });
} finally {
  await server.stop();
}
