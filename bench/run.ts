// `npm run bench`: prints figures and writes bench/results/latest.json. Not a test: nothing is asserted.
//  1. /announcement/list over BENCH_ROWS (10,000) rows, 10 connections, beside a bare Fastify route.
//  2. Gzip size of the JavaScript the login page of each app loads.
//  3. 100,000 articles: /api/article/list page 1 and 1,000 of a column, queryEsArticle (bench/articles.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { root, startChild } from './lib/child';
import { measure } from './lib/load';
import { measureLoginBundle } from './loginBundle';
import { benchArticles, printArticles } from './articles';
import { benchPublicFlood, printPublicFlood } from './publicFlood';

const duration = Number(process.env.BENCH_SECONDS ?? 10);

async function benchList() {
  const bare = await startChild<{ port: number }>('bench/servers/bareServer.ts');
  const bareFigures = await measure(`http://127.0.0.1:${bare.info.port}/bare`, { body: { pageNum: 1, pageSize: 10 }, duration });
  await bare.stop();

  const portal = await startChild<{ port: number; token: string; seedMs: number; rows: number }>('bench/servers/portalServer.ts');
  const headers = { Authorization: portal.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
  const url = `http://127.0.0.1:${portal.info.port}/announcement/list`;
  const page1 = await measure(url, { body: { pageNum: 1, pageSize: 10 }, headers, duration });
  const filtered = await measure(url, { body: { pageNum: 1, pageSize: 10, title: '安全生产', status: 1 }, headers, duration });
  await portal.stop();
  return { rows: portal.info.rows, seedMs: portal.info.seedMs, bare: bareFigures, announcementListPage1: page1, announcementListFiltered: filtered };
}

async function benchBundle() {
  buildIfStale();
  const portal = await startChild<{ port: number }>('bench/servers/portalServer.ts', { BENCH_ROWS: '0' });
  try {
    const base = `http://127.0.0.1:${portal.info.port}`;
    return { admin: await measureLoginBundle(base, '/admin/'), report: await measureLoginBundle(base, '/report/') };
  } finally {
    await portal.stop();
  }
}

const results = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  database: process.env.DATABASE_URL ? 'postgresql' : 'sqlite',
  list: await benchList(),
  loginBundle: await benchBundle(),
  // Issue 4: 100,000 articles, article list paging and search (bench/articles.ts).
  articles: await benchArticles(duration),
  // Issue 14: staff list p99 alone and during a flood of public letters (bench/publicFlood.ts).
  publicFlood: await benchPublicFlood(duration),
};

const { list, loginBundle } = results;
const row = (name: string, f: { requestsPerSecond: number; latencyMedianMs: number; latencyP99Ms: number; non2xx: number }) =>
  `${name.padEnd(34)} ${String(f.requestsPerSecond).padStart(7)} req/s   median ${String(f.latencyMedianMs).padStart(4)} ms   p99 ${String(f.latencyP99Ms).padStart(4)} ms   non-2xx ${f.non2xx}`;
console.log(`\nPOST list, 10 connections, ${duration} s each, ${list.rows} announcements (seeded in ${list.seedMs} ms), ${results.database}`);
console.log(row('bare Fastify route', list.bare));
console.log(row('/announcement/list page 1', list.announcementListPage1));
console.log(row('/announcement/list title+status', list.announcementListFiltered));
console.log('\nJavaScript loaded by the login page (gzip)');
for (const b of [loginBundle.admin, loginBundle.report]) {
  console.log(`${b.page.padEnd(10)} ${b.scripts} scripts, ${(b.gzipBytes / 1024).toFixed(1)} KB gzip (${(b.rawBytes / 1024).toFixed(1)} KB raw), form shown after ${b.msToLoginForm} ms`);
}
printArticles(results.articles);
printPublicFlood(results.publicFlood);

const dir = join(root, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
console.log(`\nSaved ${join('bench', 'results', 'latest.json')}`);
