import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
const dataDir = mkdtempSync(join(tmpdir(), 'portal-s23-seed-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SCHEDULER: 'off' }), port: 0 };
const t = performance.now();
const app = await buildApp(config, { logger: false });
console.log('first start ms', Math.round(performance.now() - t));
for (const table of (process.argv[2] ?? '').split(',').filter(Boolean)) {
  const rows = await app.db.selectFrom(table as any).selectAll().execute();
  console.log(table, rows.length, JSON.stringify(rows.slice(0, 2)));
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
