// `npx tsx bench/seedSnapshot.ts table,table`: a first start with demo data (timed) and the first rows of the
// named tables, to compare what the seeds wrote before and after a change (issue 19, session 23).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { dynamic } from '../server/db/types';
const dataDir = mkdtempSync(join(tmpdir(), 'portal-s23-seed-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench@2026pass', SCHEDULER: 'off' }), port: 0 };
const t = performance.now();
const app = await buildApp(config, { logger: false });
console.log('first start ms', Math.round(performance.now() - t));
for (const table of (process.argv[2] ?? '').split(',').filter(Boolean)) {
  const rows = await dynamic(app.db).selectFrom(table).selectAll().execute();
  console.log(table, rows.length, JSON.stringify(rows.slice(0, 2)));
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
