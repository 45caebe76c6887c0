// Child process of the articles benchmark: the portal on a fresh database (SQLite, or DATABASE_URL) with
// BENCH_ARTICLES articles over 50 columns, indexed for search. A second Fastify server in this process
// holds the anchors of the same run: a fixed envelope (/bare), the captured SQL of each list scenario
// replayed through the driver alone (/replay/:i, `?part=list` without the authentication's statements),
// and the bare FTS/GIN top-20 of a keyword (/fts). Prints one JSON line when it listens.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { resultCaches } from '../server/auth/cacheVersions';
import { loadConfig } from '../server/config';
import { rebuildSearchIndex } from '../server/modules/content/search/indexer';
import { maintainHeads } from '../server/modules/content/search/pgHead';
import { ftsExpression, parseKeyword } from '../server/modules/content/search/text';
import { ftsPageFloor } from './lib/ftsPageFloor';
import { seedArticles, seedColumns } from './articlesSeed';
import { installCapture, type CapturedQuery } from './lib/capture';
import { freshDatabase } from './lib/pgDatabase';
import { pgReplayer, selectsOnly, sqliteReplayer } from './lib/replay';
import { listScenarios } from './listScenarios';

const rows = Number(process.env.BENCH_ARTICLES ?? 100_000);
// BENCH_KEEP_DIR (SQLite): the seeded database is kept in that directory and used again by the next run
// of the same size (seeding 100,000 articles takes minutes). Delete the directory to seed afresh.
const keepDir = process.env.DATABASE_URL ? '' : (process.env.BENCH_KEEP_DIR ?? '');
const keepPath = keepDir ? join(keepDir, String(rows)) : '';
const database = await freshDatabase();
// BENCH_KEEP_DB (PostgreSQL): the same for a kept database (bench/lib/pgDatabase.ts).
const reuse = (!!keepPath && existsSync(join(keepPath, 'portal.sqlite'))) || database.reused;
if (keepPath) mkdirSync(keepPath, { recursive: true });
const dataDir = keepPath || mkdtempSync(join(tmpdir(), 'portal-bench-articles-'));
const password = 'Bench@2026pass';
// No scheduled backup: within its window (BACKUP_AT + 4 h) a fresh server makes the day's backup at start,
// a copy and hash of the whole database beside the measured loads (3 GB at a million articles).
const config = { ...loadConfig({ ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: password, SEED_DEMO: 'off', BACKUP_SCHEDULE: 'off' }), port: 0, host: '127.0.0.1' };

const app = await buildApp(config, { logger: false });
const t0 = performance.now();
const columns = reuse ? await seededColumns() : await seedColumns(app.db);
if (!reuse) await seedArticles(app.db, columns, rows);
const seedMs = Math.round(performance.now() - t0);
const t1 = performance.now();
const indexed = reuse ? Number((await sql<{ n: number }>`select count(*) as n from article_search`.execute(app.db)).rows[0]?.n) : await rebuildSearchIndex(app.db);
const indexMs = Math.round(performance.now() - t1);
await sql`analyze`.execute(app.db);
// PostgreSQL (session 29): the word index's heads, which a server builds in the background at its first
// search (pgHead.ts), built before any measured run.
if (database.url) await maintainHeads(app.db);
// Peak memory of this process once seeded and indexed (the million-article part checks the seeding's memory).
const seedRssMb = Math.round(process.resourceUsage().maxRSS / 1024);

/** The bench columns of a kept database, in seeding order. */
async function seededColumns(): Promise<number[]> {
  const r = await app.db.selectFrom('category').select('categoryId').where('categoryTitle', 'like', '基准栏目%').orderBy('categorySort').execute();
  return r.map((c) => Number(c.categoryId));
}
const capture = installCapture(app.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;

const login = await fetch(`${base}/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, {
  method: 'POST',
  headers: { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' },
});
const token = ((await login.json()) as { data: { value: string } }).data.value;
const headers = { Authorization: token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0', 'content-type': 'application/json' };
const columnId = columns[7] as number;

// Each scenario once to warm up (session and permissions cached), then captured as the list runs without
// its result cache: an unchanged write to an article's title moves the list counter first, and the call
// after the first one following it is captured (session 28: the first reads again what is kept per counter
// value — the columns —, the calls after it do not; the anchor replays what a typical uncached call runs).
// Then once more with the cache, as a hit.
const AUTH_TABLES = /\bfrom "(sessions|perm_version|users|user_roles|roles|role_resources|resources|departments)"/;
const captured: { all: CapturedQuery[]; list: CapturedQuery[]; cached: number; afterWrite: number }[] = [];
for (const s of listScenarios(columnId)) {
  const call = () => fetch(`${base}/api/article/list`, { method: 'POST', headers, body: JSON.stringify(s.body) }).then((r) => r.json());
  await call();
  await sql`update article set "title" = "title" where "articleId" = 1`.execute(app.db);
  resultCaches.enabled = false;
  const afterWrite = selectsOnly(await capture.during(call)).length;
  const all = selectsOnly(await capture.during(call));
  resultCaches.enabled = true;
  await call();
  const cached = selectsOnly(await capture.during(call)).length;
  captured.push({ all, list: all.filter((q) => !AUTH_TABLES.test(q.sql)), cached, afterWrite });
}

const replay = app.portal.dialect === 'postgres' ? pgReplayer(database.url as string) : sqliteReplayer(join(dataDir, 'portal.sqlite'));
const bare = Fastify({ logger: false });
const page = { errorCode: '0', errorMsg: '操作成功', data: { list: [], currPage: 1, totalRow: 0, totalPage: 0 } };
bare.get('/bare', async () => page);
// The portal's process memory, printed beside each load (issue 26); on Linux also its anonymous part (heaps,
// buffers) apart from mapped files (the search workers read through mmap until session 33, in the RSS too).
const statusKb = (text: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
bare.get('/memory', async () => {
  const status = existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : '';
  return { rss: process.memoryUsage().rss, rssAnon: statusKb(status, 'RssAnon') || null, rssFile: statusKb(status, 'RssFile') || null, walBytes: walBytes() };
});
// SQLite's write-ahead log (session 32): the `-wal` file's size is the most it ever held since the file was made —
// after a checkpoint that copied every frame, the next write starts again at its beginning, and nothing truncates it.
function walBytes(): number | null {
  const wal = join(dataDir, 'portal.sqlite-wal');
  return database.url || !existsSync(wal) ? null : statSync(wal).size;
}
// The event loop's delay (ms) since the last call (session 26): how long a ready callback waited for the
// one thread, the portal's and this anchor's alike. Read and reset around each run.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
// The process's CPU (all threads, µs) and the request thread's busy share since start: CPU per request.
// `mainMs`: the request thread's own CPU (Linux /proc, 10 ms ticks), apart from the search workers'.
// `dbMs` (PostgreSQL on this machine, session 28): the CPU of every backend of this database (/proc), the
// portal's pools' and its search workers' alike.
bare.get('/cpu', async () => ({ ...process.cpuUsage(), mainMs: threadCpuMs(process.pid), dbMs: await backendCpuMs(), elu: performance.eventLoopUtilization() }));
bare.get('/loop', async () => {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const r = { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) };
  loopDelay.reset();
  return r;
});
// Switches the result caches of the portal: `on` (as deployed), `counts` (answers off, search counts kept)
// or `off` (nothing kept). The bench measures every path.
bare.post<{ Params: { mode: string } }>('/result-caches/:mode', async (request) => {
  resultCaches.enabled = request.params.mode === 'on';
  resultCaches.counts = request.params.mode !== 'off';
  return page;
});
bare.post('/bare', async () => page);
// A CPU profile of this process between /profile/start and /profile/stop?file=… (session 28: the list's own
// cost over real HTTP, without the start-up and the capture).
const profiler = new Session();
bare.post('/profile/start', async () => {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
  return page;
});
bare.post<{ Querystring: { file: string } }>('/profile/stop', async (request) => {
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  writeFileSync(request.query.file, JSON.stringify(profile));
  return page;
});
bare.post<{ Params: { i: string }; Querystring: { part?: string } }>('/replay/:i', async (request) => {
  const c = captured[Number(request.params.i)];
  if (!c) return { errorCode: '1003', errorMsg: 'no scenario' };
  const list = await replay(request.query.part === 'list' ? c.list : c.all);
  return { errorCode: '0', errorMsg: '操作成功', data: { list, currPage: 1, totalRow: list.length, totalPage: 1 } };
});
bare.get<{ Querystring: { keyword: string } }>('/fts', async (request) => {
  const kw = parseKeyword(String(request.query.keyword ?? ''));
  const q: CapturedQuery =
    app.portal.dialect === 'postgres'
      ? { sql: 'select "articleId" from article_search where terms @> $1::text[] order by "docKey" desc limit 20', parameters: [kw.terms.map((t) => t.text)] }
      : { sql: 'select rowid as k from article_fts where article_fts match ? order by rowid desc limit 20', parameters: [ftsExpression(kw)] };
  const list = await replay([q]);
  return { errorCode: '0', errorMsg: '操作成功', data: { list, currPage: 1, totalRow: list.length, totalPage: 1 } };
});
// The floor of a search page (SQLite, issue 25): the portal's own statements for the newest 20 matches, their
// count (`count=1`) and their rows, answered as the rows without highlighting, here on this thread.
if (app.portal.dialect === 'sqlite') {
  const floor = ftsPageFloor(join(dataDir, 'portal.sqlite'));
  bare.get<{ Querystring: { keyword: string; count?: string } }>('/fts-page', async (request) => {
    const data = floor(ftsExpression(parseKeyword(String(request.query.keyword ?? ''))), request.query.count === '1');
    return { errorCode: '0', errorMsg: '操作成功', data };
  });
}
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address();
const barePort = typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0;

const statements = captured.map((c) => ({ all: c.all.length, list: c.list.length, cached: c.cached, afterWrite: c.afterWrite }));
process.stdout.write(JSON.stringify({ port, barePort, token, rows, reused: reuse, columns: columns.length, columnId, seedMs, indexMs, seedRssMb, indexed, dialect: app.portal.dialect, statements }) + '\n');

/** The CPU (ms) of this database's client backends, from /proc (null on SQLite or a remote server). */
async function backendCpuMs(): Promise<number | null> {
  if (app.portal.dialect !== 'postgres') return null;
  const pids = (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`.execute(app.db)).rows;
  let ms = 0;
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  }
  return ms;
}

/** A thread's user + system CPU in ms from /proc (null off Linux). */
function threadCpuMs(tid: number): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const stop = async () => {
  await bare.close();
  await app.close();
  await database.drop();
  if (!keepPath) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
