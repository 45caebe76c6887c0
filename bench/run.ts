// `npm run bench`: prints each figure beside its anchor of the same run and writes bench/results/latest.json
// (latest-pg.json on PostgreSQL). Not a test: nothing is asserted. See docs/performance.md.
//   --pg            the same on a throwaway PostgreSQL (re-runs itself under scripts/with-postgres.sh)
//   --only=a,b      parts: list (announcements), articles (lists + search), search (distinct keywords, issue 25),
//                   searchQuality (nDCG@10 of the judged query set, issue 25), ftsDetail (FTS5 detail=full vs column;
//                   SQLite, only when named),
//                   front (login and shell), generation, addresses (load and floods from many source addresses, issue 22),
//                   site (Lighthouse and the W3C Nu checker on the generated public site, bench/site/run.ts),
//                   login (Lighthouse on /admin/ and /report/ and their script bytes, issue 23; only when named),
//                   million (issue 26: 100,000 then 1,000,000 articles on disk, BENCH_MILLION_SIZES; only when named),
//                   soak (issue 26: server memory over BENCH_SOAK_MINUTES (10) minutes of uncached lists, searches and
//                   saves; only when named)
//   BENCH_SECONDS   seconds per load run (default 5); BENCH_ARTICLES (100,000); BENCH_GEN_ARTICLES (20,000);
//   BENCH_GEN_100K=1 adds the 100,000-article generation run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { root, startChild } from './lib/child';
import { measure } from './lib/load';
import { benchArticles, printArticles } from './articles';
import { benchFrontEnd, printFrontEnd } from './frontEnd';
import { benchGeneration, printGeneration } from './generation/run';
import { benchPublicFlood, printPublicFlood } from './publicFlood';
import { benchManyAddresses, printManyAddresses } from './manyAddresses';
import { benchFtsDetail, printFtsDetail } from './ftsDetail';
import { benchSearchQuality, printSearchQuality } from './searchQuality';
import { benchSearchStream, printSearchStream } from './searchStream';
import { benchSite, printSite } from './site/run';
import { benchLogin, printLogin } from './loginLighthouse';
import { benchMillion, millionGoals, printMillion } from './million';
import { benchSoak, printSoak } from './soak';

const args = process.argv.slice(2);
if (args.includes('--pg') && !process.env.DATABASE_URL) {
  const rest = args.filter((a) => a !== '--pg');
  const r = spawnSync('bash', [join(root, 'scripts/with-postgres.sh'), join(root, 'node_modules/.bin/tsx'), join(root, 'bench/run.ts'), ...rest], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const wanted = (part: string) => !only || only.includes(part);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const started = performance.now();

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

const database = process.env.DATABASE_URL ? 'postgresql' : 'sqlite';
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  database,
};
const row = (name: string, f: { requestsPerSecond: number; latencyMedianMs: number; latencyP99Ms: number; non2xx: number }) =>
  `${name.padEnd(34)} ${String(f.requestsPerSecond).padStart(7)} req/s   median ${String(f.latencyMedianMs).padStart(4)} ms   p99 ${String(f.latencyP99Ms).padStart(4)} ms   non-2xx ${f.non2xx}`;

if (wanted('list')) {
  const list = await benchList();
  results.list = list;
  console.log(`\nPOST list, 10 connections, ${duration} s each, ${list.rows} announcements, ${database}`);
  console.log(row('bare Fastify route', list.bare));
  console.log(row('/announcement/list page 1', list.announcementListPage1));
  console.log(row('/announcement/list title+status', list.announcementListFiltered));
}
if (wanted('front')) {
  buildIfStale();
  const front = await benchFrontEnd();
  results.frontEnd = front;
  printFrontEnd(front);
}
if (only?.includes('login')) {
  // Asked by name only (Lighthouse takes a minute or more): the login pages' scores, issue 23.
  buildIfStale();
  const login = await benchLogin();
  results.login = login;
  printLogin(login);
}
if (wanted('articles')) {
  const articles = await benchArticles(duration);
  results.articles = articles;
  printArticles(articles);
}
if (wanted('addresses')) {
  // Issue 22: load and floods from many source addresses, no proxy in front (bench/manyAddresses.ts).
  const many = await benchManyAddresses(duration);
  results.manyAddresses = many;
  printManyAddresses(many);
}

if (wanted('search')) {
  // Issue 25: distinct keywords of every frequency class, pinyin and misspellings, caches off (bench/searchStream.ts).
  const search = await benchSearchStream(duration);
  results.searchStream = search;
  printSearchStream(search);
}
if (wanted('searchQuality')) {
  // Issue 25: nDCG@10 of the judged query set, relevance beside today's default order (bench/searchQuality.ts).
  const quality = await benchSearchQuality();
  results.searchQuality = quality;
  printSearchQuality(quality);
}
if (only?.includes('ftsDetail') && database === 'sqlite') {
  // Issue 25: the SQLite index's detail=full (bm25) against detail=column: size and common-word cost (bench/ftsDetail.ts).
  // Asked by name only: it builds two 100,000-article indexes (about 3 minutes), a one-off design measurement.
  const fts = benchFtsDetail();
  results.ftsDetail = fts;
  printFtsDetail(fts);
}
if (wanted('flood')) {
  // Issue 14: staff list p99 alone and during a flood of public letters (bench/publicFlood.ts).
  const flood = await benchPublicFlood(duration);
  results.publicFlood = flood;
  printPublicFlood(flood);
}
if (wanted('generation')) {
  const generation = await benchGeneration();
  results.generation = generation;
  printGeneration(generation);
}
if (wanted('site')) {
  const site = await benchSite();
  results.site = site;
  printSite(site);
}
if (only?.includes('million')) {
  // Issue 26: seeding, lists, search, generation and republishing at a million articles beside 100,000 (bench/million.ts).
  // Asked by name only: about an hour on two cores, tens of GB on disk while it runs.
  const million = await benchMillion(duration);
  results.million = { ...million, goals: millionGoals(million) };
  printMillion(million);
}
if (only?.includes('soak')) {
  // Issue 26: no growth of the server's memory over ten minutes of uncached reads and saves (bench/soak.ts).
  const soak = await benchSoak();
  results.soak = soak;
  printSoak(soak);
}
results.seconds = Math.round((performance.now() - started) / 1000);

const dir = join(root, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = join(dir, database === 'sqlite' ? 'latest.json' : 'latest-pg.json');
writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
console.log(`\nSaved ${file} (${results.seconds} s)`);
