import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import pg from 'pg';
import { copyFolders, hashFolders, BACKED_UP_FOLDERS } from './files.js';
import { compareManifest, FILES_FOLDER, readManifest, type BackupManifest } from './manifest.js';
import { inspectPostgres, PG_DUMP_FILE } from './pgBackup.js';
import { runProgram } from './program.js';
import { inspectSqlite, SQLITE_FILE } from './sqliteBackup.js';

export interface RestoreOptions {
  /** A backup folder, its .tar.gz, or a backup's name under `backupDir`. */
  source: string;
  backupDir: string;
  /** Where uploads and templates go, and the SQLite file. */
  dataDir: string;
  /** The (empty) PostgreSQL database to restore into; the backup must be of PostgreSQL then. */
  databaseUrl?: string;
  /** Overwrite a target that already has data. */
  force: boolean;
  pgRestore: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Differences between the restored data and the manifest (empty: every table and file identical). */
  problems: string[];
  tables: number;
  rows: number;
  files: number;
}

/** The backup folder for a source; a .tar.gz is unpacked into a temporary folder first. */
async function openSource(source: string, backupDir: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  let full = path.resolve(source);
  if (!(await fs.stat(full).catch(() => null))) full = path.join(backupDir, source);
  const st = await fs.stat(full).catch(() => null);
  if (!st) throw new Error(`找不到备份：${source}`);
  if (st.isDirectory()) return { dir: full, cleanup: async () => undefined };
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-restore-'));
  await tar.x({ file: full, cwd: tmp });
  const [top] = (await fs.readdir(tmp)).filter((n) => !n.startsWith('.'));
  return { dir: top ? path.join(tmp, top) : tmp, cleanup: () => fs.rm(tmp, { recursive: true, force: true }) };
}

async function folderHasFiles(dir: string): Promise<boolean> {
  return (await fs.readdir(dir).catch(() => [])).length > 0;
}

/** Names what the target already holds (a restore refuses unless forced). */
async function targetContents(options: RestoreOptions): Promise<string[]> {
  const found: string[] = [];
  if (options.databaseUrl) {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      const r = await client.query<{ n: string }>("select count(*) as n from information_schema.tables where table_schema = 'public'");
      if (Number(r.rows[0]?.n ?? 0) > 0) found.push(`数据库已有 ${r.rows[0]?.n} 张表`);
    } finally {
      await client.end();
    }
  } else if (await fs.stat(path.join(options.dataDir, SQLITE_FILE)).catch(() => null)) {
    found.push(`${path.join(options.dataDir, SQLITE_FILE)} 已存在`);
  }
  for (const folder of BACKED_UP_FOLDERS) if (await folderHasFiles(path.join(options.dataDir, folder))) found.push(`${path.join(options.dataDir, folder)} 不是空的`);
  return found;
}

async function restoreDatabase(dir: string, manifest: BackupManifest, options: RestoreOptions) {
  if (manifest.dialect === 'postgres') {
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', options.databaseUrl!];
    if (options.force) args.push('--clean', '--if-exists');
    await runProgram(options.pgRestore, [...args, path.join(dir, PG_DUMP_FILE)]);
    return inspectPostgres(options.databaseUrl!);
  }
  const target = path.join(options.dataDir, SQLITE_FILE);
  await fs.mkdir(options.dataDir, { recursive: true });
  for (const extra of ['-wal', '-shm']) await fs.rm(target + extra, { force: true });
  await fs.copyFile(path.join(dir, SQLITE_FILE), target);
  return inspectSqlite(target).tables;
}

/**
 * Restores a backup into a fresh data directory (SQLite) or an empty PostgreSQL database, with its
 * uploads and templates, then checks every table and file against the manifest. Stop the portal
 * on the target first. Refuses a target with data unless `force`.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { dir, cleanup } = await openSource(options.source, options.backupDir);
  try {
    const manifest = await readManifest(dir);
    if (manifest.dialect === 'postgres' && !options.databaseUrl) throw new Error('这是 PostgreSQL 的备份：请用 DATABASE_URL 指定一个空的数据库');
    if (manifest.dialect === 'sqlite' && options.databaseUrl) throw new Error('这是 SQLite 的备份：请去掉 DATABASE_URL，用 DATA_DIR 指定新的数据目录');
    const present = await targetContents(options);
    if (present.length && !options.force) throw new Error(`目标不是空的（${present.join('；')}），不覆盖；确需覆盖请加 --force`);
    const tables = await restoreDatabase(dir, manifest, options);
    if (options.force) for (const folder of BACKED_UP_FOLDERS) await fs.rm(path.join(options.dataDir, folder), { recursive: true, force: true });
    await copyFolders(path.join(dir, FILES_FOLDER), options.dataDir);
    const files = await hashFolders(options.dataDir);
    const problems = compareManifest({ tables: manifest.database.tables, files: manifest.files }, { tables, files });
    return { manifest, problems, tables: tables.length, rows: tables.reduce((n, t) => n + t.rows, 0), files: files.length };
  } finally {
    await cleanup();
  }
}
