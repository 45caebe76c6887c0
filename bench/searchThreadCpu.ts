// Developer aid (issue 25, session 29): CPU per uncached search by thread over real HTTP — the request
// thread (Fastify, parsing, the hot-word tally, the hand-off and the send) and the search workers — on a
// kept database, load from wrk (another process, 10 connections, a distinct keyword per request), so that
// old and new code can be run back to back and compared by CPU rather than by latency on a shared machine.
// `SEARCH_DIR=/tmp/x/100000 npx tsx bench/searchThreadCpu.ts` (needs wrk: apt-get install wrk; the directory of portal.sqlite, e.g. a
// BENCH_KEEP_DIR's); CLASSES (rare,middle,common), SECONDS (5), PORT (0: any). Session 30: on PostgreSQL
// (DATABASE_URL of a kept database) also the database backends' CPU per search; MODES (`,time,relevance`:
// the original call, then with sortType).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { resultCaches } from '../server/auth/cacheVersions';
import { loadConfig } from '../server/config';
import { warmSearch, keywordStream } from './searchStream';

const dir = process.env.SEARCH_DIR ?? '';
const seconds = Number(process.env.SECONDS ?? 5);
const config = { ...loadConfig({ ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
resultCaches.enabled = false;
resultCaches.counts = false;
await warmSearch(base);

/** This thread's CPU (ms, 10 ms ticks) from /proc: the request thread's own, apart from the workers'. */
const mainMs = () => {
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};
/** The CPU (ms) of this database's client backends from /proc (PostgreSQL on this machine; 0 on SQLite). */
const dbMs = async () => {
  if (app.portal.dialect !== 'postgres') return 0;
  const pids = (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`.execute(app.db)).rows;
  return pids.reduce((ms, { pid }) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ms + (Number(f[11]) + Number(f[12])) * 10;
  }, 0);
};
/** Every thread's CPU (ms) by thread id (session 33: which worker a search's CPU went to). */
const threadsMs = () => {
  const m = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      m.set(tid === String(process.pid) ? 'request thread' : `thread ${tid}`, (Number(f[11]) + Number(f[12])) * 10);
    } catch { /* the thread ended */ }
  }
  return m;
};
// PROFILE=/tmp/x: a CPU profile of the request thread over each load, written to /tmp/x-<class>.cpuprofile.
const profiler = process.env.PROFILE ? new Session() : null;
const processMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const { frequency } = keywordStream();
const out: Record<string, unknown> = {};
const modes = (process.env.MODES ?? '').split(',');
for (const mode of modes) {
  for (const name of (process.env.CLASSES ?? 'rare,middle,common').split(',') as (keyof typeof frequency)[]) {
    const lua = path.join(tmpdir(), `searchThreadCpu-${process.pid}-${name}.lua`);
    const words = frequency[name].slice(Math.floor(frequency[name].length / 3));
    const extra = mode ? `&sortType=${mode}` : '';
    writeFileSync(lua, `local w = {${words.map((k) => JSON.stringify(encodeURIComponent(k))).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i % #w + 1\n  return wrk.format("GET", "/api/article/queryEsArticle?pageNumber=1&pageSize=20${extra}&keyword=" .. w[i])\nend\n`);
    const [m0, p0, d0, t0] = [mainMs(), processMs(), await dbMs(), threadsMs()];
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const text = await new Promise<string>((resolve, reject) => execFile('wrk', ['--latency', '-t1', '-c10', `-d${seconds}s`, '-s', lua, base], (e, stdout) => (e ? reject(e) : resolve(stdout))));
    const n = Math.max(1, Number(/(\d+) requests in/.exec(text)?.[1] ?? 0));
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      writeFileSync(`${process.env.PROFILE}-${name}.cpuprofile`, JSON.stringify(profile));
    }
    const byThread = [...threadsMs()].map(([t, ms]) => [t, (ms - (t0.get(t) ?? 0)) / n] as const).filter(([, ms]) => ms >= 0.01).sort((a, b) => b[1] - a[1]);
    console.log(`  by thread: ${byThread.map(([t, ms]) => `${t} ${ms.toFixed(3)} ms`).join(', ')}`);
    const main = (mainMs() - m0) / n;
    const all = (processMs() - p0) / n;
    const db = ((await dbMs()) - d0) / n;
    const fig = (x: number) => Number(x.toFixed(3));
    // wrk --latency: its percentiles (ms), for A/B runs of the same load (not the bench's figure).
    const pct = (p: string) => { const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(text); return m ? Number((Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1)).toFixed(2)) : null; };
    const latencyMs = { p50: pct('50'), p99: pct('99') };
    out[`${name}${mode ? ` ${mode}` : ''}`] = { requests: n, perSecond: Math.round(n / seconds), latencyMs, mainMs: fig(main), workersMs: fig(all - main), processMs: fig(all), dbMs: fig(db), load: loadavg()[0] };
    console.log(`${name.padEnd(6)} ${(mode || 'original').padEnd(9)} ${n} searches (${Math.round(n / seconds)}/s, p50 ${latencyMs.p50} p99 ${latencyMs.p99} ms): request thread ${main.toFixed(3)} ms, workers ${(all - main).toFixed(3)} ms, process ${all.toFixed(3)} ms, db ${db.toFixed(3)} ms per search (load ${loadavg()[0]?.toFixed(1)})`);
  }
}
console.log(JSON.stringify(out));
await app.close();
