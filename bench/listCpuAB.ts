// In-process A/B of the uncached /api/article/list call (issue 26, session 31): this tree's app and an older
// checkout's (LIST_AB_OLD: a directory holding that tree, node_modules linked), both built in this process on
// the same kept database (BENCH_KEEP_DIR), answer the same calls through `inject`, 10 in flight, in alternating
// blocks. Per block: the request thread's CPU per call (/proc, 10 ms ticks) and the process's; every answer's
// digest compared between the two. A loaded machine moves both alike, so the ratio new/old is what to read.
// `tsx bench/listCpuAB.ts [blocks] [calls per block]`.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { installCapture } from './lib/capture';
import { listScenarios } from './listScenarios';

const rows = Number(process.env.BENCH_ARTICLES ?? 100_000);
const dataDir = join(process.env.BENCH_KEEP_DIR ?? '', String(rows));
const oldTree = process.env.LIST_AB_OLD;
if (!oldTree) throw new Error('LIST_AB_OLD: the older tree');
const blocks = Number(process.argv[2] ?? 6);
const perBlock = Number(process.argv[3] ?? 400);
const password = 'Bench@2026pass';

interface Variant { name: string; call: (payload: string) => Promise<string>; sqlOf: (payload: string) => Promise<string> }
async function variant(name: string, tree: string): Promise<Variant & { columnId: number; close: () => Promise<void> }> {
  const { buildApp } = (await import(join(tree, 'server/app.ts'))) as typeof import('../server/app');
  const { loadConfig } = (await import(join(tree, 'server/config.ts'))) as typeof import('../server/config');
  const { resultCaches } = (await import(join(tree, 'server/auth/cacheVersions.ts'))) as typeof import('../server/auth/cacheVersions');
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password, SEED_DEMO: 'off', BACKUP_SCHEDULE: 'off' }), port: 0, host: '127.0.0.1' };
  const app = await buildApp(config, { logger: false });
  resultCaches.enabled = false;
  const base = { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
  const login = await app.inject({ method: 'POST', url: `/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, headers: base });
  const token = (login.json() as { data: { value: string } }).data.value;
  const headers = { ...base, Authorization: token, 'content-type': 'application/json' };
  const cols = await app.db.selectFrom('category').select('categoryId').where('categoryTitle', 'like', '基准栏目%').orderBy('categorySort').execute();
  return {
    name,
    columnId: Number(cols[7]?.categoryId),
    call: async (payload) => (await app.inject({ method: 'POST', url: '/api/article/list', headers, payload })).body,
    // The statements of one call, text and values (the executor is Kysely's, shared by both trees: captured once).
    sqlOf: async (payload) => JSON.stringify(await capture(app.db).during(() => app.inject({ method: 'POST', url: '/api/article/list', headers, payload }))),
    close: () => app.close(),
  };
}

let captured: ReturnType<typeof installCapture> | undefined;
const capture = (db: Parameters<typeof installCapture>[0]) => (captured ??= installCapture(db));

const stat = (path: string) => {
  const f = readFileSync(path, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10;
};
const mainMs = () => stat(`/proc/self/task/${process.pid}/stat`);
const processMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const sha = (body: string) => createHash('sha1').update(body).digest('hex').slice(0, 12);

async function block(v: Variant, payload: string, n: number) {
  const m0 = mainMs();
  const p0 = processMs();
  let started = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (started < n) {
      started++;
      await v.call(payload);
    }
  }));
  return { main: (mainMs() - m0) / n, process: (processMs() - p0) / n };
}

const oldV = await variant('old', oldTree);
const newV = await variant('new', join(import.meta.dirname, '..'));
const out: Record<string, unknown>[] = [];
for (const s of listScenarios(newV.columnId)) {
  const payload = JSON.stringify(s.body);
  for (let i = 0; i < 100; i++) await Promise.all([oldV.call(payload), newV.call(payload)]);
  const digests = { old: sha(await oldV.call(payload)), new: sha(await newV.call(payload)) };
  const sameSql = (await oldV.sqlOf(payload)) === (await newV.sqlOf(payload));
  const sums = { old: { main: 0, process: 0 }, new: { main: 0, process: 0 } };
  for (let b = 0; b < blocks; b++) {
    for (const v of b % 2 === 0 ? [oldV, newV] : [newV, oldV]) {
      const r = await block(v, payload, perBlock);
      const key = v.name as 'old' | 'new';
      sums[key].main += r.main / blocks;
      sums[key].process += r.process / blocks;
    }
  }
  const after = { old: sha(await oldV.call(payload)), new: sha(await newV.call(payload)) };
  const same = sameSql && digests.old === digests.new && after.old === digests.old && after.new === digests.new;
  const row = { scenario: s.name, load1: loadavg()[0] ?? 0, ...sums, mainChange: sums.new.main / sums.old.main - 1, processChange: sums.new.process / sums.old.process - 1, same, digest: digests.new };
  out.push(row);
  console.log(`${s.name.padEnd(38)} load ${row.load1.toFixed(1)}  request thread old ${sums.old.main.toFixed(3)} → new ${sums.new.main.toFixed(3)} ms (${(100 * row.mainChange).toFixed(0)} %)  process ${sums.old.process.toFixed(3)} → ${sums.new.process.toFixed(3)} (${(100 * row.processChange).toFixed(0)} %)  ${same ? `same SQL and bytes ${digests.new}` : `DIFFERENT ${JSON.stringify({ sameSql, digests, after })}`}`);
}
await Promise.all([oldV.close(), newV.close()]);
if (process.env.LIST_AB_JSON) writeFileSync(process.env.LIST_AB_JSON, JSON.stringify(out, null, 1));
