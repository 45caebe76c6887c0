// What routing writes through behaviour files and the local API costs.
// `npx tsx bench/writePaths.ts <label>`: a fresh SQLite portal with the demo data (the first start, timed,
// beside a second start of the same database as its anchor), then on the idle server (one port of 47400–47499):
// draft saves, sort calls and failed logins (the login guard), each beside /healthz in the same run.
// Writes bench/results/2026-11-29-<SESSION, default s23>-writes-<label>.json; BENCH_PORT overrides the port.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

const label = process.argv[2] ?? 'run';
const rounds = Number(process.env.ROUNDS ?? 60);
const password = 'Bench@2026pass';
const dataDir = mkdtempSync(join(tmpdir(), 'portal-s23-writes-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password, SCHEDULER: 'off' }), port: Number(process.env.BENCH_PORT ?? 47400), host: '127.0.0.1', loginFailuresPerIp: 1_000_000, loginCaptchaAfter: 1_000_000 };
const load = () => execSync('uptime').toString().trim().replace(/.*load average: /, '');

let t = performance.now();
const first = await buildApp(config, { logger: false, rateLimit: { loginPerMinute: 100_000, captchaPerMinute: 100_000 } });
const firstStartMs = performance.now() - t;
await first.close();
t = performance.now();
const app = await buildApp(config, { logger: false, rateLimit: { loginPerMinute: 100_000, captchaPerMinute: 100_000 } });
const secondStartMs = performance.now() - t;
const url = await app.listen({ port: config.port, host: config.host });

const headers = { clientId: 'ADMIN', version: '1.0.0', appKey: 'adminSite', 'Content-Type': 'application/json' };
type Envelope = { errorCode: string; errorMsg: string; data: Record<string, unknown> & { list?: Record<string, unknown>[]; value?: string } };
async function post(path: string, body: unknown, token?: string): Promise<Envelope> {
  const res = await fetch(url + path, { method: 'POST', headers: token ? { ...headers, Authorization: token } : headers, body: JSON.stringify(body) });
  return (await res.json()) as Envelope;
}
async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const s = performance.now();
    await fn();
    out.push(performance.now() - s);
  }
  return out.sort((a, b) => a - b);
}
const p50 = (xs: number[]) => Math.round(xs[Math.floor(xs.length / 2)]! * 10) / 10;

const loginRes = await fetch(`${url}/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, { method: 'POST', headers });
const token = String(((await loginRes.json()) as Envelope).data.value);
const cols = (await (await fetch(`${url}/column/list`, { headers: { ...headers, Authorization: token } })).json()) as { data: { categoryTitle: string; categoryId: number }[] };
const columnId = Number(cols.data.find((c) => c.categoryTitle === '政务要闻')?.categoryId);
let ok = 0;
const anchor = await timed(() => fetch(`${url}/healthz`).then((r) => r.text()));
const saves = await timed(async () => {
  const r = await post('/api/article/save/role', { title: `计时草稿${Math.random()}`, columnId, content: '<p>正文</p>', status: 3 }, token);
  if (r.errorCode === '0') ok++;
});
const firstId = Number((await post('/api/article/list', { columnId, pageSize: 1 }, token)).data.list?.[0]?.articleId);
const sorts = await timed(() => post('/api/article/articleSort', { articleId: firstId, sort: Math.floor(Math.random() * 999) }, token));
const failedLogins = await timed(() => fetch(`${url}/user/loginNoCode?username=xinxi&password=wrong`, { method: 'POST', headers }).then((r) => r.text()));
const result = {
  label,
  when: new Date().toISOString(),
  rounds,
  savesOk: ok,
  loadAverage: load(),
  firstStartMs: Math.round(firstStartMs),
  secondStartMs: Math.round(secondStartMs),
  firstOverSecond: Math.round((firstStartMs / secondStartMs) * 100) / 100,
  healthzP50: p50(anchor),
  saveP50: p50(saves),
  saveOverHealthz: Math.round((p50(saves) / p50(anchor)) * 10) / 10,
  sortP50: p50(sorts),
  failedLoginP50: p50(failedLogins),
};
console.log(JSON.stringify(result));
writeFileSync(join('bench/results', `2026-11-29-${process.env.SESSION ?? 's23'}-writes-${label}.json`), JSON.stringify(result, null, 2) + '\n');
await app.close();
rmSync(dataDir, { recursive: true, force: true });
