// CPU per uncached /api/article/list call against the bare replay of its SQL, in one process without a
// load generator (app.inject): the route's own cost apart from the machine's load. Uses a database kept by
// BENCH_KEEP_DIR (bench/articlesServer.ts) of BENCH_ARTICLES articles. `tsx bench/listCpu.ts [calls]`.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { resultCaches } from '../server/auth/cacheVersions';
import { loadConfig } from '../server/config';
import { installCapture } from './lib/capture';
import { selectsOnly, sqliteReplayer } from './lib/replay';
import { listScenarios } from './listScenarios';

const rows = Number(process.env.BENCH_ARTICLES ?? 100_000);
const dataDir = join(process.env.BENCH_KEEP_DIR ?? '', String(rows));
const password = 'Bench@2026pass';
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password, SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
const base = { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
const login = await app.inject({ method: 'POST', url: `/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, headers: base });
const token = (login.json() as { data: { value: string } }).data.value;
const headers = { ...base, Authorization: token, 'content-type': 'application/json' };
const cols = await app.db.selectFrom('category').select('categoryId').where('categoryTitle', 'like', '基准栏目%').orderBy('categorySort').execute();
const columnId = Number(cols[7]?.categoryId);
const capture = installCapture(app.db);
const replay = sqliteReplayer(join(dataDir, 'portal.sqlite'));
const calls = Number(process.argv[2] ?? 1000);
resultCaches.enabled = false;
/** The request thread's own CPU (ms, Linux /proc, 10 ms ticks): apart from the read workers' (session 29). */
const mainMs = () => {
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};
let lastMain = 0;
// LIST_CPU_CONCURRENCY=10: that many calls in flight at once (as the bench's ten connections), else one after the other.
const concurrency = Number(process.env.LIST_CPU_CONCURRENCY ?? 1);
const sha = (body: string) => createHash('sha1').update(body).digest('hex').slice(0, 12);
const cpuMs = async (n: number, work: () => Promise<unknown>) => {
  for (let i = 0; i < 50; i++) await work();
  const c0 = process.cpuUsage();
  const m0 = mainMs();
  let started = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (started < n) {
      started++;
      await work();
    }
  }));
  const c = process.cpuUsage(c0);
  lastMain = (mainMs() - m0) / n;
  return (c.user + c.system) / 1000 / n;
};
for (const s of listScenarios(columnId)) {
  const payload = JSON.stringify(s.body);
  const call = () => app.inject({ method: 'POST', url: '/api/article/list', headers, payload });
  const first = await call();
  const sqls = selectsOnly(await capture.during(call));
  const profile = process.env.LIST_CPU_PROFILE ? new Session() : null;
  if (profile) {
    profile.connect();
    await profile.post('Profiler.enable');
    await profile.post('Profiler.start');
  }
  const ours = await cpuMs(calls, call);
  const oursMain = lastMain;
  // The answer once the read workers run (session 29): the same bytes as the first call's, answered before they started.
  const last = await call();
  if (profile) {
    const { profile: taken } = await profile.post('Profiler.stop');
    writeFileSync(`${process.env.LIST_CPU_PROFILE}-${s.name.replace(/\W+/g, '_')}.cpuprofile`, JSON.stringify(taken));
    profile.disconnect();
  }
  const bare = await cpuMs(calls, () => replay(sqls));
  const sqlOnly = await cpuMs(calls, () => replay(sqls.filter((q) => !/perm_version|"category"/.test(q.sql))));
  console.log(`${s.name.padEnd(34)} route ${ours.toFixed(3)} ms/call (request thread ${oursMain.toFixed(3)})  replay ${bare.toFixed(3)}  (count+page ${sqlOnly.toFixed(3)})  ratio ${(bare / ours).toFixed(2)}  stmts ${sqls.length}  bytes ${first.body.length} sha1 ${sha(first.body)}${sha(last.body) === sha(first.body) ? '' : ` DIFFERS later: ${sha(last.body)}`}`);
}
await app.close();
