// First start with the demo data, written through the local API.
// `npx tsx bench/firstStart.ts <label>`: a fresh SQLite portal's first start (timed) beside a second start of the
// same database as its anchor, alternated ROUNDS times; no port opened (buildApp only).
// Writes bench/results/2026-11-29-s23-seeds-<label>.json.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

const label = process.argv[2] ?? 'run';
const rounds = Number(process.env.ROUNDS ?? 3);
const load = () => execSync('uptime').toString().trim().replace(/.*load average: /, '');
const runs: { firstMs: number; secondMs: number; ratio: number; load: string }[] = [];
for (let i = 0; i < rounds; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-s23-seeds-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SCHEDULER: 'off' }), port: 48000, host: '127.0.0.1' };
  let t = performance.now();
  await (await buildApp(config, { logger: false })).close();
  const firstMs = performance.now() - t;
  t = performance.now();
  await (await buildApp(config, { logger: false })).close();
  const secondMs = performance.now() - t;
  rmSync(dataDir, { recursive: true, force: true });
  runs.push({ firstMs: Math.round(firstMs), secondMs: Math.round(secondMs), ratio: Number((firstMs / secondMs).toFixed(2)), load: load() });
  console.log(JSON.stringify(runs.at(-1)));
}
writeFileSync(`bench/results/2026-11-29-s23-seeds-${label}.json`, JSON.stringify({ label, runs }, null, 2));
