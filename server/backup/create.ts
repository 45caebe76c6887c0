import fs from 'node:fs/promises';
import path from 'node:path';
import type { PortalConfig } from '../config.js';
import type { Db } from '../db/types.js';
import { finishBackupRecord, insertBackupRecord } from '../entities/backup.js';
import { formatDateTime } from '../util/time.js';
import { backupDir } from './config.js';
import { callInWorker } from '../shared/workerCall.js';
import { sha256, type TableHash } from './digest.js';
import { copyFolders, BACKED_UP_FOLDERS } from './files.js';
import { FILES_FOLDER, MANIFEST_FILE, type BackupKind, type BackupManifest } from './manifest.js';
import type { DatabaseSource } from './saveDatabase.js';

export interface BackupDeps {
  db: Db;
  config: PortalConfig;
}

const stamp = (t: string) => t.replace(/[-: ]/g, '').replace(/^(\d{8})/, '$1-');

/** The database part of the backup, made in a worker thread (saveDatabase.ts). */
const saveDatabaseAside = (deps: BackupDeps, dir: string) =>
  callInWorker<BackupManifest['database']>(new URL('./saveDatabase.ts', import.meta.url), 'saveDatabase', [
    { databaseUrl: deps.config.databaseUrl ?? null, dataDir: deps.config.dataDir, pgDump: deps.config.backup.pgDump } satisfies DatabaseSource,
    dir,
  ]);

const totalRows = (tables: TableHash[]) => tables.reduce((n, t) => n + t.rows, 0);

/**
 * Makes the backup of row `id`: database, uploads, templates and manifest into `<BACKUP_DIR>/<name>/`
 * (written as `<name>.partial` and renamed when whole, so a half-made backup never looks finished),
 * then marks the row done with its figures, or failed with the reason.
 */
export async function makeBackup(deps: BackupDeps, id: number, name: string, kind: BackupKind): Promise<void> {
  const root = backupDir(deps.config);
  const partial = path.join(root, `${name}.partial`);
  const startedAt = formatDateTime();
  try {
    await fs.mkdir(partial, { recursive: true });
    const chain = await deps.db.selectFrom('log_chain').select(['headSeq', 'headHash']).where('id', '=', 1).executeTakeFirst();
    const database = await saveDatabaseAside(deps, partial);
    const files = await copyFolders(deps.config.dataDir, path.join(partial, FILES_FOLDER));
    const manifest: BackupManifest = {
      format: 1, name, kind, dialect: deps.config.databaseUrl ? 'postgres' : 'sqlite', startedAt, finishedAt: formatDateTime(),
      database, files, folders: [...BACKED_UP_FOLDERS], site: 'excluded', logChain: chain ?? null,
    };
    const text = JSON.stringify(manifest, null, 1);
    await fs.writeFile(path.join(partial, MANIFEST_FILE), text);
    await fs.rename(partial, path.join(root, name));
    const sizeBytes = database.size + files.reduce((n, f) => n + f.size, 0) + text.length;
    await finishBackupRecord(deps.db, id, { status: 'done', tableCount: database.tables.length, rowCount: totalRows(database.tables), fileCount: files.length, sizeBytes, manifestHash: sha256(text), finishTime: formatDateTime(), message: '备份完成' });
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true }).catch(() => undefined);
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1900);
    await finishBackupRecord(deps.db, id, { status: 'failed', message: `备份失败：${message}`, finishTime: formatDateTime() });
    throw error;
  }
}

/** Records a new backup as running and answers its id and folder name. */
export async function recordBackup(db: Db, kind: BackupKind, creatorName: string, dialect: string): Promise<{ id: number; name: string }> {
  const now = formatDateTime();
  const name = `portal-${stamp(now)}-${kind}-${Math.random().toString(36).slice(2, 6)}`;
  const id = await insertBackupRecord(db, { name, kind, status: 'running', dialect, creatorName, startTime: now, message: '备份进行中' });
  return { id, name };
}
