// In-process A/B of the hot-word tally's writer (issue 25, session 32) on the uncached search: two apps in this
// process on the same kept database (SEARCH_DIR, e.g. a BENCH_KEEP_DIR's 100000), one writing the tally on its
// request thread (TALLY_WORKER=0, as before session 32), one handing it to its writer thread, answer the same
// kind of call (`queryEsArticle`, page 1, a keyword never asked before: the bench's distinct stream) through
// `inject`, 10 in flight, in alternating blocks. Per block: the request thread's CPU per search (/proc, 10 ms
// ticks; it also runs the other app's idle timers) and the process's. Answers are compared between the two.
// `SEARCH_DIR=… [MODE=relevance|time] tsx bench/searchTallyAB.ts [blocks] [searches per block]` (MODE: with
// sortType, whose search also counts the search statistics).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { buildApp } from '../server/app';
import { resultCaches } from '../server/auth/cacheVersions';
import { loadConfig } from '../server/config';
import { keywordStream } from './searchStream';

const dir = process.env.SEARCH_DIR ?? '';
const blocks = Number(process.argv[2] ?? 8);
const perBlock = Number(process.argv[3] ?? 600);
const config = { ...loadConfig({ ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off', BACKUP_SCHEDULE: 'off' }), port: 0, host: '127.0.0.1' };
async function variant(tallyWorker: string) {
  process.env.TALLY_WORKER = tallyWorker;
  return buildApp(config, { logger: false });
}
const here = await variant('0');
const writer = await variant('1');
resultCaches.enabled = false;
resultCaches.counts = false;
const mode = process.env.MODE ? `&sortType=${process.env.MODE}` : '';
const url = (k: string) => `/api/article/queryEsArticle?pageNumber=1&pageSize=20${mode}&keyword=${encodeURIComponent(k)}`;
const { keywords } = keywordStream();
let next = 0;
// Warm both (search workers start once searches come often, then build their tools).
for (const app of [here, writer]) await Promise.all(Array.from({ length: 60 }, () => app.inject(url(keywords[next++ % keywords.length]!))));
await new Promise((resolve) => setTimeout(resolve, 15_000));
const same = await Promise.all([here, writer].map(async (app) => (await app.inject(url('会议'))).body));
if (same[0] !== same[1]) throw new Error('the two apps answer differently');

const mainMs = () => {
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};
const processMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
async function block(app: typeof here) {
  const [m0, p0, t0] = [mainMs(), processMs(), performance.now()];
  let started = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (started++ < perBlock) await app.inject(url(keywords[next++ % keywords.length]!));
  }));
  // The block's words are written (the gathering's 200 ms) before the next block starts.
  await new Promise((resolve) => setTimeout(resolve, 400));
  return { main: +((mainMs() - m0) / perBlock).toFixed(3), process: +((processMs() - p0) / perBlock).toFixed(3), perSecond: Math.round(perBlock / ((performance.now() - t0 - 400) / 1000)) };
}
const rows: { variant: string; main: number; process: number }[] = [];
for (let i = 0; i < blocks; i++) {
  for (const [name, app] of (i % 2 ? [['writer', writer], ['here', here]] : [['here', here], ['writer', writer]]) as [string, typeof here][]) {
    const r = { block: i, variant: name, ...(await block(app)), load: +loadavg()[0]!.toFixed(2) };
    rows.push(r);
    console.log(JSON.stringify(r));
  }
}
const mean = (v: string, k: 'main' | 'process') => { const xs = rows.filter((r) => r.variant === v).map((r) => r[k]); return xs.reduce((a, b) => a + b, 0) / xs.length; };
for (const k of ['main', 'process'] as const) console.log(`${k} ms/search: here ${mean('here', k).toFixed(3)}, writer ${mean('writer', k).toFixed(3)}, ratio ${(mean('writer', k) / mean('here', k)).toFixed(2)}`);
console.log(`keywords used ${next} of ${keywords.length}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
await Promise.all([here.close(), writer.close()]);
