// Child process of the issue-4 benchmark: the portal on a fresh database (SQLite, or DATABASE_URL) with
// BENCH_ARTICLES articles over 50 columns, indexed for search; also a bare Fastify GET and POST route on
// a second port (in this process: the floor of the same run). Prints one JSON line when it listens.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { rebuildSearchIndex } from '../server/modules/content/search/indexer';
import { seedArticles, seedColumns } from './articlesSeed';

const rows = Number(process.env.BENCH_ARTICLES ?? 100_000);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-articles-'));
const password = 'Bench@2026pass';
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: password, SEED_DEMO: 'off' }), port: 0, host: '127.0.0.1' };

const app = await buildApp(config, { logger: false });
const t0 = performance.now();
const columns = await seedColumns(app.db);
await seedArticles(app.db, columns, rows);
const seedMs = Math.round(performance.now() - t0);
const t1 = performance.now();
const indexed = await rebuildSearchIndex(app.db);
const indexMs = Math.round(performance.now() - t1);
await sql`analyze`.execute(app.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const bare = Fastify({ logger: false });
const page = { errorCode: '0', errorMsg: '操作成功', data: { list: [], currPage: 1, totalRow: 0, totalPage: 0 } };
bare.get('/bare', async () => page);
bare.post('/bare', async () => page);
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address();
const barePort = typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0;

const login = await fetch(`http://127.0.0.1:${port}/user/loginNoCode?username=admin&password=${encodeURIComponent(password)}`, {
  method: 'POST',
  headers: { appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' },
});
const token = ((await login.json()) as { data: { value: string } }).data.value;
process.stdout.write(JSON.stringify({ port, barePort, token, rows, columns: columns.length, columnId: columns[7], seedMs, indexMs, indexed, dialect: app.portal.dialect }) + '\n');

const stop = async () => {
  await bare.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
