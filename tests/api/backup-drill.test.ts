import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashFolders } from '../../server/backup/files.js';
import { compareManifest, readManifest } from '../../server/backup/manifest.js';
import { inspectPostgres } from '../../server/backup/pgBackup.js';
import { inspectSqlite } from '../../server/backup/sqliteBackup.js';
import { call, freshPostgresDatabase, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Backup = { id: number; name: string; status: string; kind: string; rowCount: number; fileCount: number; message: string };

let server: TestServer;
let admin: string;
const cleanups: (() => Promise<void>)[] = [];
const pgUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
}, 180_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  await server?.close();
});

const dataDir = () => server.app.portal.config.dataDir;

/** A fresh target: a data directory, and an empty database when on PostgreSQL. */
async function freshTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-restored-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  if (!pgUrl) return { dataDir: dir };
  const db = await freshPostgresDatabase(pgUrl);
  cleanups.push(db.drop);
  return { dataDir: dir, databaseUrl: db.url };
}

/** `npm run restore -- <source> [...]` as an operator runs it (tsx, the same entry point). */
function restoreCli(source: string, target: { dataDir: string; databaseUrl?: string }, extra: string[] = []): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, BACKUP_DIR: path.join(dataDir(), 'backups') };
    if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
    else delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', source, ...extra], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

async function waitDone(id: number): Promise<Backup> {
  for (let i = 0; i < 600; i++) {
    const r = await call<Backup>(server.url, '/backup/get', { token: admin, query: { id } });
    if (r.body.data && r.body.data.status !== 'running') return r.body.data;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('backup did not finish');
}

let backup: Backup;

describe(`restore drill (${pgUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a backup made while writes go on restores elsewhere with every table and file identical to its manifest', { timeout: 240_000 }, async () => {
    await fs.mkdir(path.join(dataDir(), 'uploads', '2026', '11'), { recursive: true });
    await fs.mkdir(path.join(dataDir(), 'templates', 'default'), { recursive: true });
    await fs.writeFile(path.join(dataDir(), 'templates', 'default', 'index.liquid'), '<h1>{{ site.name }}</h1>');
    await fs.writeFile(path.join(dataDir(), 'uploads', '2026', '11', 'photo.jpg'), Buffer.alloc(300_000, 7));

    // Writes keep going (log entries, uploaded files) before, during and after the backup.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await call(server.url, '/log/systemLogSave', { token: admin, body: { operation: `演练写入${written}` } });
        await fs.writeFile(path.join(dataDir(), 'uploads', '2026', '11', `f${written % 40}.txt`), `第${written}次写入`);
        written += 1;
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const before = written;
    const started = await call<{ id: number; name: string }>(server.url, '/backup/backupNow', { token: admin });
    expect(started.body.errorCode, started.body.errorMsg).toBe('0');
    // One at a time.
    expect((await call(server.url, '/backup/backupNow', { token: admin })).body.errorMsg).toContain('已有备份正在进行');
    backup = await waitDone(started.body.data.id);
    writing = false;
    await writer;
    expect(backup.status, backup.message).toBe('done');
    expect(backup.kind).toBe('manual');
    expect(written).toBeGreaterThan(before);

    const dir = path.join(dataDir(), 'backups', backup.name);
    const manifest = await readManifest(dir);
    // The manifest names every table of the live database and every backed-up file.
    const liveTables = pgUrl
      ? (await inspectPostgres(server.app.portal.config.databaseUrl!)).map((t) => t.name)
      : inspectSqlite(path.join(dataDir(), 'portal.sqlite')).tables.map((t) => t.name);
    expect(manifest.database.tables.map((t) => t.name).sort()).toEqual(liveTables.sort());
    expect(manifest.files.map((f) => f.path)).toContain('templates/default/index.liquid');
    expect(manifest.files.map((f) => f.path)).toContain('uploads/2026/11/photo.jpg');
    expect(manifest.database.tables.find((t) => t.name === 'system_log')!.rows).toBeGreaterThan(before);

    const target = await freshTarget();
    const restored = await restoreCli(backup.name, target);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain('校验通过');

    // Checked again here, independently of the restore command.
    const tables = target.databaseUrl ? await inspectPostgres(target.databaseUrl) : inspectSqlite(path.join(target.dataDir, 'portal.sqlite')).tables;
    const files = await hashFolders(target.dataDir);
    expect(compareManifest({ tables: manifest.database.tables, files: manifest.files }, { tables, files })).toEqual([]);
    expect(tables.length).toBe(manifest.database.tables.length);

    // The restored portal starts, its admin logs in, and its operation log chain verifies.
    const again = await startTestServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    cleanups.push(again.close);
    const token = await login(again.url, 'admin', server.adminPassword);
    const chain = await call<{ ok: boolean }>(again.url, '/log/chain/verify', { token });
    expect(chain.body.data.ok, chain.body.errorMsg).toBe(true);
  });

  it('a target with data is not overwritten unless --force', { timeout: 180_000 }, async () => {
    const target = await freshTarget();
    expect((await restoreCli(backup.name, target)).code).toBe(0);
    const refused = await restoreCli(backup.name, target);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('目标不是空的');
    const forced = await restoreCli(backup.name, target, ['--force']);
    expect(forced.code, forced.out).toBe(0);
  });

  it('download as .tar.gz (by permission), and that archive restores; 校验 finds a damaged backup', { timeout: 180_000 }, async () => {
    const res = await fetch(new URL('/backup/archive', server.url), { method: 'POST', headers: { Authorization: admin, appKey: 'adminSite', 'Content-Type': 'application/json' }, body: JSON.stringify({ id: backup.id }) });
    expect(res.status).toBe(200);
    const archive = path.join(os.tmpdir(), `${backup.name}.tar.gz`);
    await fs.writeFile(archive, Buffer.from(await res.arrayBuffer()));
    cleanups.push(() => fs.rm(archive, { force: true }));
    const target = await freshTarget();
    const restored = await restoreCli(archive, target);
    expect(restored.code, restored.out).toBe(0);

    const editor = await login(server.url, 'xinxi', 'Demo@2026');
    expect((await call(server.url, '/backup/archive', { token: editor, body: { id: backup.id } })).status).toBe(403);
    expect((await call(server.url, '/backup/backupNow', { token: editor })).status).toBe(403);

    expect((await call(server.url, '/backup/verify', { token: admin, body: { id: backup.id } })).body.data).toMatchObject({ ok: true });
    await fs.appendFile(path.join(dataDir(), 'backups', backup.name, 'files', 'templates', 'default', 'index.liquid'), '<script>bad()</script>');
    const damaged = await call<{ ok: boolean; problems: string[] }>(server.url, '/backup/verify', { token: admin, body: { id: backup.id } });
    expect(damaged.body.data.ok).toBe(false);
    expect(damaged.body.errorMsg).toContain('templates/default/index.liquid');
    expect((await call(server.url, '/backup/verify', { token: admin, body: { id: 999_999 } })).body.errorCode).toBe('1003');
  });

  it('the scheduled job makes the day\'s backup once, kinds by the rotation, and keeps only what the rotation keeps', { timeout: 120_000 }, async () => {
    const config = server.app.portal.config;
    // The window opens a minute ago.
    const now = new Date(Date.now() - 60_000);
    config.backup.at = `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
    config.backup.keep = { daily: 1, weekly: 1, monthly: 1, manual: 1 };
    await sql`delete from job_lock where name = 'job:backup'`.execute(server.app.db);
    expect(await server.app.scheduler.runNow('backup')).toBe(true);
    await sql`delete from job_lock where name = 'job:backup'`.execute(server.app.db);
    await server.app.scheduler.runNow('backup');
    const list = await call<{ list: Backup[] }>(server.url, '/backup/list', { token: admin, body: { pageNum: 1, pageSize: 20 } });
    const scheduled = list.body.data.list.filter((b) => b.kind !== 'manual');
    expect(scheduled.map((b) => b.kind)).toEqual(['monthly']);
    expect(scheduled[0]!.status).toBe('done');
    // The manual backup stays (keep 1); its folder and the monthly's are there, nothing else.
    const folders = (await fs.readdir(path.join(dataDir(), 'backups'))).sort();
    expect(folders).toEqual(list.body.data.list.map((b) => b.name).sort());
  });
});
