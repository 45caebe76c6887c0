// The portal server on a fresh SQLite database (or DATABASE_URL) with BENCH_ROWS announcements,
// logged in as admin; prints { port, token, seedMs } when it listens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedAnnouncements } from '../lib/seedAnnouncements';
import { freshDatabase } from '../lib/pgDatabase';

const rows = Number(process.env.BENCH_ROWS ?? 10_000);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const password = 'Bench@2026pass';
const database = await freshDatabase();
const config = { ...loadConfig({ ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: password }), port: 0, host: '127.0.0.1' };

const app = await buildApp(config, { logger: false });
const seedStart = performance.now();
await seedAnnouncements(app.db, rows);
const seedMs = Math.round(performance.now() - seedStart);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const login = await fetch(`http://127.0.0.1:${port}/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, {
  method: 'POST',
  headers: { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' },
});
const token = ((await login.json()) as { data: { value: string } }).data.value;
process.stdout.write(JSON.stringify({ port, token, seedMs, rows }) + '\n');

const stop = async () => {
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
