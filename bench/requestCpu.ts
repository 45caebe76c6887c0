// Developer aid (issues 25/26): the server's own CPU per request over real HTTP, load from wrk (another
// process, keep-alive, one connection), against a bare Fastify in the same process.
// - `npx tsx bench/requestCpu.ts` : `/healthz` (what the app's global hooks and plugins cost);
// - `npx tsx bench/requestCpu.ts search` : queryEsArticle with a distinct keyword per request (the search
//   stream's words), caches off, on PROF_DIR's database (bench/searchProfile.ts seeds one).
// Run under `node --cpu-prof --import tsx` for a profile of the server alone. ROUNDS, SECONDS.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { resultCaches } from '../server/auth/cacheVersions';
import { loadConfig } from '../server/config';
import { keywordStream } from './searchStream';

const mode = process.argv[2] ?? 'healthz';
const seconds = Number(process.env.SECONDS ?? 4);
const dir = mode === 'search' ? (process.env.PROF_DIR ?? '/tmp/s24-prof-20000') : mkdtempSync(path.join(tmpdir(), 'ovh-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: 'Bench@2026pass', SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
resultCaches.enabled = false;
resultCaches.counts = false;
const bare = Fastify({ logger: false });
bare.get('/healthz', async () => ({ status: 'ok' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const base = (f: { server: { address(): unknown } }) => `http://127.0.0.1:${(f.server.address() as { port: number }).port}`;

// wrk cycles through the keywords, one per request.
const lua = path.join(tmpdir(), `requestCpu-${process.pid}.lua`);
const words = keywordStream().keywords.slice(0, 20_000);
writeFileSync(lua, `local w = {${words.map((k) => JSON.stringify(encodeURIComponent(k))).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i % #w + 1\n  return wrk.format("GET", "/api/article/queryEsArticle?pageNumber=1&pageSize=20&keyword=" .. w[i])\nend\n`);

const runWrk = (url: string, script?: string) =>
  new Promise<string>((resolve, reject) =>
    execFile('wrk', ['-t1', '-c1', `-d${seconds}s`, ...(script ? ['-s', script] : []), url], (e, stdout) => (e ? reject(e) : resolve(stdout))),
  );
async function cpuPer(url: string, script?: string): Promise<number> {
  const c0 = process.cpuUsage();
  const out = await runWrk(url, script);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / Math.max(1, Number(/(\d+) requests in/.exec(out)?.[1] ?? 0));
}
const rounds = { bare: [] as number[], app: [] as number[] };
for (let r = 0; r < Number(process.env.ROUNDS ?? 3); r++) {
  rounds.bare.push(await cpuPer(`${base(bare)}/healthz`));
  rounds.app.push(mode === 'search' ? await cpuPer(base(app), lua) : await cpuPer(`${base(app)}/healthz`));
}
const best = (a: number[]) => Math.min(...a);
console.log(`server CPU per request (${mode}), best of ${rounds.app.length}: bare Fastify /healthz ${best(rounds.bare).toFixed(3)} ms, app ${best(rounds.app).toFixed(3)} ms`);
await app.close();
await bare.close();
