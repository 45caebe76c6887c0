// The portal server on a fresh database with the demo data and its generated public site (bench/site):
// prints { port } once the whole site is written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freshDatabase } from '../lib/pgDatabase';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-site-bench-'));
const password = 'Bench@2026pass';
const database = await freshDatabase();
const config = { ...loadConfig({ ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: password }), port: 0, host: '127.0.0.1' };
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;
const headers = { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' };
const login = await fetch(`${base}/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, { method: 'POST', headers });
const token = ((await login.json()) as { data: { value: string } }).data.value;
const auth = { ...headers, Authorization: token, 'Content-Type': 'application/json' };
await fetch(`${base}/api/generate/site`, { method: 'POST', headers: auth, body: '{}' });
for (;;) {
  const p = (await (await fetch(`${base}/api/generate/progress`, { headers: auth })).json()) as { data: { running: boolean; error: string | null } };
  if (!p.data.running) {
    if (p.data.error) throw new Error(p.data.error);
    break;
  }
  await new Promise((r) => setTimeout(r, 200));
}
process.stdout.write(JSON.stringify({ port, dataDir }) + '\n');

const stop = async () => {
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
