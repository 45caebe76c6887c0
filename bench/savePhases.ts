// Developer aid (issue 26, session 31): where a draft save waits while 10 connections search on PostgreSQL.
// The portal runs in a child process (this file with SAVE_PHASES_ROLE=server) on a kept database
// (DATABASE_URL of a BENCH_KEEP_DB database, seeded by the bench); this process sends the searches
// (autocannon, distinct keywords of one class, caches off) and a draft save every 200 ms, idle and under the
// load, and samples pg_stat_activity every few ms. Per save it prints: the client's latency, the server's
// (request event → response finished), the save's statements' wall time (sent → answered on the request
// thread) and count, the request thread's delay (event-loop delay p50/p99), the run-queue wait of the write
// backends and of the request thread (/proc schedstat), and what the write backends were doing when sampled.
// `DATABASE_URL=… npx tsx bench/savePhases.ts`; CLASS (middle), SECONDS (6), PHASES (idle,search; `search:0`,
// `search:100`: that phase with PG_READ_GATE_MS 0 or 100, switched in the running server), SHOW_SAVE=1 (one save's statements).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

const role = process.env.SAVE_PHASES_ROLE ?? 'driver';

/** /proc schedstat of a task: [on-CPU ns, run-queue wait ns, time slices]; null when gone. */
function schedstat(path: string): [number, number, number] | null {
  try {
    const [a, b, c] = readFileSync(path, 'utf8').trim().split(' ').map(Number);
    return [a ?? 0, b ?? 0, c ?? 0];
  } catch {
    return null;
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Number((s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0).toFixed(1)) : 0;
};

if (role === 'server') await server();
else await driver();

async function server() {
  const { buildApp } = await import('../server/app');
  const { resultCaches } = await import('../server/auth/cacheVersions');
  const { loadConfig } = await import('../server/config');
  const { currentLane } = await import('../server/db/lanes');
  const { readGate } = await import('../server/db/connect');
  const password = 'Bench@2026pass';
  const config = { ...loadConfig({ ...process.env, DATA_DIR: '/tmp/save-phases-data', ADMIN_PASSWORD: password, SEED_DEMO: 'off', BACKUP_SCHEDULE: 'off' }), port: 0, host: '127.0.0.1' };
  const app = await buildApp(config, { logger: false });
  resultCaches.enabled = false;
  resultCaches.counts = false;
  // Every write-lane statement: sent → answered (connection taken, round trip, the request thread's turn).
  let statements: { sql: string; ms: number; at: number }[] = [];
  const proto = Object.getPrototypeOf(app.db.getExecutor()) as { executeQuery: (c: { sql: string }, ...r: unknown[]) => Promise<unknown> };
  const original = proto.executeQuery;
  proto.executeQuery = async function (this: unknown, compiled, ...rest) {
    if (currentLane() !== 'write') return original.call(this, compiled, ...rest);
    const t = performance.now();
    try {
      return await original.call(this, compiled, ...rest);
    } finally {
      statements.push({ sql: compiled.sql.slice(0, 60), ms: performance.now() - t, at: t });
    }
  };
  // The save's time in the server: from Node's request event to the response's end (before Fastify's hooks).
  let saves: { ms: number; statements: { sql: string; ms: number; gap: number }[] }[] = [];
  app.server.prependListener('request', (req, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/api/article/update')) return;
    const t = performance.now();
    statements = [];
    // Each statement with the time since the previous one ended (the request's JavaScript and its turns).
    res.once('finish', () => saves.push({ ms: performance.now() - t, statements: statements.map((x, i) => ({ sql: x.sql, ms: x.ms, gap: x.at - (i ? (statements[i - 1]?.at ?? t) + (statements[i - 1]?.ms ?? 0) : t) })) }));
  });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const self = `/proc/self/task/${process.pid}/schedstat`;
  let main0 = schedstat(self);
  let cpu0 = process.cpuUsage();
  const routes: Record<string, () => unknown> = {};
  let gate: number | undefined;
  routes['/gate/0'] = () => (gate = 0);
  routes['/gate/100'] = () => (gate = 100);
  routes['/phases/reset'] = () => {
    saves = [];
    if (gate !== undefined) readGate.ms = gate;
    loop.reset();
    main0 = schedstat(self);
    cpu0 = process.cpuUsage();
    return {};
  };
  routes['/phases'] = () => {
    const main1 = schedstat(self);
    const cpu = process.cpuUsage(cpu0);
    const ms = (ns: number) => Number((ns / 1e6).toFixed(2));
    return {
      saves,
      loopMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      mainThread: main0 && main1 ? { cpuMs: ms(main1[0] - main0[0]), runQueueMs: ms(main1[1] - main0[1]) } : null,
      processCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    };
  };
  // Its own small server: the portal's routes are fixed once it is built.
  const side = createServer((req, res) => res.end(JSON.stringify(routes[req.url ?? '']?.() ?? {})));
  await new Promise<void>((r) => side.listen(0, '127.0.0.1', r));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, { method: 'POST', headers: { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' } });
  const token = ((await login.json()) as { data: { value: string } }).data.value;
  const column = await app.db.selectFrom('category').select('categoryId').where('categoryTitle', 'like', '基准栏目%').orderBy('categorySort').limit(1).executeTakeFirstOrThrow();
  process.stdout.write(JSON.stringify({ port: (app.server.address() as { port: number }).port, side: (side.address() as { port: number }).port, token, columnId: Number(column.categoryId) }) + '\n');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

async function driver() {
  const { startChild } = await import('./lib/child');
  const { draftWriter, saveLoop } = await import('./lib/staffWriter');
  const { keywordStream, stream, warmSearch } = await import('./searchStream');
  const seconds = Number(process.env.SECONDS ?? 6);
  const cls = (process.env.CLASS ?? 'middle') as 'rare' | 'middle' | 'common';
  const child = await startChild<{ port: number; side: number; token: string; columnId: number }>('bench/savePhases.ts', { SAVE_PHASES_ROLE: 'server' });
  const base = `http://127.0.0.1:${child.info.port}`;
  const headers = { Authorization: child.info.token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
  try {
    const writer = await draftWriter(base, headers, child.info.columnId);
    await warmSearch(base);
    const list = keywordStream().frequency[cls];
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const dbName = (await admin.query<{ d: string }>('select current_database() as d')).rows[0]?.d;
    let offset = 0;
    for (const step of (process.env.PHASES ?? 'idle,search').split(',')) {
      // `search:0`: the phase with PG_READ_GATE_MS 0 (A/B in one process).
      const [phase, gate] = step.split(':');
      if (gate) await fetch(`http://127.0.0.1:${child.info.side}/gate/${gate}`);
      await fetch(`http://127.0.0.1:${child.info.side}/phases/reset`);
      // pg_stat_activity of this database's client backends, every ~5 ms: what a backend not running a
      // search statement (the write pool's) was doing; schedstat of every backend seen, first and last.
      const samples = new Map<string, number>();
      const seen = new Map<number, { first: [number, number, number] | null; writer: boolean }>();
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const rows = (await admin.query<{ pid: number; state: string; w: string | null; q: string }>(`select pid, state, coalesce(wait_event_type || ':' || wait_event, '') as w, left(query, 50) as q from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`, [dbName])).rows;
          for (const r of rows) {
            // The save's statements (its transaction), not a search's nor the tallies'.
            const search = !/"article"|article_flow|log_chain|perm_version|"category"|sensitive_word|system_log|^\s*(begin|commit)/.test(r.q) || /with m as|terms|hot_word|search_stat/.test(r.q);
            const s = seen.get(r.pid) ?? { first: schedstat(`/proc/${r.pid}/schedstat`), writer: false };
            // A write backend: seen inside the save's transaction (the read lane's only transactions are the tallies').
            if (!search && r.state === 'idle in transaction') s.writer = true;
            seen.set(r.pid, s);
            if (!search && r.state !== 'idle') samples.set(`${r.state} ${r.w || 'cpu'} ${r.q.replace(/\s+/g, ' ').slice(0, 30)}`, (samples.get(`${r.state} ${r.w || 'cpu'} ${r.q.replace(/\s+/g, ' ').slice(0, 30)}`) ?? 0) + 1);
          }
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const load0 = loadavg()[0] ?? 0;
      const stop = saveLoop(writer);
      const words = list.slice(offset).concat(list.slice(0, offset));
      offset += 3000;
      const searched = phase === 'search' ? await stream(base, (kw) => `/api/article/queryEsArticle?keyword=${encodeURIComponent(kw)}&pageNumber=1&pageSize=20`, words, seconds) : (await new Promise((r) => setTimeout(r, seconds * 1000)), null);
      const client = await stop();
      sampling = false;
      await sampler;
      const server = (await (await fetch(`http://127.0.0.1:${child.info.side}/phases`)).json()) as { saves: { ms: number; statements: { sql: string; ms: number; gap: number }[] }[]; loopMs: unknown; mainThread: unknown; processCpuMs: number };
      const waits = { writers: 0, readers: 0, writerCpuMs: 0, readerCpuMs: 0 };
      for (const [pid, s] of seen) {
        const last = schedstat(`/proc/${pid}/schedstat`);
        if (!s.first || !last) continue;
        const k = s.writer ? 'writers' : 'readers';
        waits[k] += (last[1] - s.first[1]) / 1e6;
        waits[s.writer ? 'writerCpuMs' : 'readerCpuMs'] += (last[0] - s.first[0]) / 1e6;
      }
      const n = Math.max(1, server.saves.length);
      const stmtMs = server.saves.map((s) => s.statements.reduce((a, x) => a + x.ms, 0));
      const gapMs = server.saves.map((s) => s.statements.reduce((a, x) => a + x.gap, 0));
      const gaps = new Map<string, number[]>();
      for (const s of server.saves) for (const x of s.statements) gaps.set(x.sql, [...(gaps.get(x.sql) ?? []), x.gap]);
      const byStatement = new Map<string, number[]>();
      for (const s of server.saves) for (const x of s.statements) byStatement.set(x.sql, [...(byStatement.get(x.sql) ?? []), x.ms]);
      console.log(`\n${step}${searched ? ` (${cls}: ${searched.requestsPerSecond} searches/s p99 ${searched.latencyP99Ms} ms)` : ''}, load ${load0.toFixed(1)}→${(loadavg()[0] ?? 0).toFixed(1)}`);
      console.log(`saves ${client.saves}: client p50 ${client.p50Ms} p99 ${client.p99Ms} ms; server p50 ${pct(server.saves.map((s) => s.ms), 50)} p99 ${pct(server.saves.map((s) => s.ms), 99)} ms; statements ${pct(server.saves.map((s) => s.statements.length), 50)} per save, their wall time p50 ${pct(stmtMs, 50)} ms, the gaps before them p50 ${pct(gapMs, 50)} ms`);
      console.log(`  largest gaps (p50, before): ${[...gaps].sort((a, b) => pct(b[1], 50) - pct(a[1], 50)).slice(0, 4).map(([q, g]) => `${pct(g, 50)} ms ${q.replace(/\s+/g, ' ').slice(0, 40)}`).join(' | ')}`);
      if (process.env.SHOW_SAVE) console.log(server.saves[Math.floor(n / 2)]?.statements.map((x) => `  ${x.gap.toFixed(1)} + ${x.ms.toFixed(1)} ms ${x.sql.replace(/\s+/g, ' ')}`).join('\n'));
      console.log(`request thread: event-loop delay ${JSON.stringify(server.loopMs)}, ${JSON.stringify(server.mainThread)}, process CPU ${server.processCpuMs} ms`);
      console.log(`run-queue wait: write backends ${(waits.writers / n).toFixed(1)} ms per save (their CPU ${(waits.writerCpuMs / n).toFixed(1)} ms per save), read backends ${waits.readers.toFixed(0)} ms in all (CPU ${waits.readerCpuMs.toFixed(0)} ms)`);
      const top = [...samples].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`write backends sampled: ${top.map(([k, v]) => `${v}× ${k}`).join(' | ')}`);
      for (const [q, ms] of [...byStatement].sort((a, b) => pct(b[1], 50) * b[1].length - pct(a[1], 50) * a[1].length).slice(0, 8)) console.log(`  ${String(pct(ms, 50)).padStart(6)} ms p50 ×${(ms.length / n).toFixed(1)}  ${q.replace(/\s+/g, ' ')}`);
    }
    await admin.end();
  } finally {
    await child.stop();
  }
}
