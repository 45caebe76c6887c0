import fs from 'node:fs/promises';
import path from 'node:path';
import { PortalError } from '../http/errors.js';
import { releaseLease, renewLease, tryLease } from '../jobs/lock.js';
import { backupDir } from './config.js';
import { makeBackup, recordBackup, type BackupDeps } from './create.js';
import type { BackupKind } from './manifest.js';
import { expiredBackups } from './rotation.js';
import { deleteBackupRecord } from '../entities/backup.js';

const LEASE = 'backup';
const LEASE_MS = 10 * 60_000;

/** Backups in progress in this process (the server waits for them when it closes). */
export const backupsRunning = new Set<Promise<void>>();

/**
 * Starts a backup now: one at a time across every instance (the `backup` lease, renewed while it runs).
 * Answers at once with the record; `done` settles when the backup is finished (or has failed).
 */
export async function startBackup(deps: BackupDeps, kind: BackupKind, creatorName: string): Promise<{ id: number; name: string; done: Promise<void> }> {
  if (!(await tryLease(deps.db, LEASE, LEASE_MS))) throw new PortalError(1005, '已有备份正在进行，请稍后再试');
  let record: { id: number; name: string };
  try {
    record = await recordBackup(deps.db, kind, creatorName, deps.config.databaseUrl ? 'postgres' : 'sqlite');
  } catch (error) {
    await releaseLease(deps.db, LEASE);
    throw error;
  }
  const renew = setInterval(() => void renewLease(deps.db, LEASE, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
  renew.unref();
  const done = makeBackup(deps, record.id, record.name, kind)
    .then(async () => {
      await rotate(deps);
    })
    .finally(async () => {
      clearInterval(renew);
      await releaseLease(deps.db, LEASE).catch(() => undefined);
    });
  const tracked = done.catch(() => undefined);
  backupsRunning.add(tracked);
  void tracked.finally(() => backupsRunning.delete(tracked));
  return { ...record, done };
}

/** Keeps the newest BACKUP_KEEP_* of each kind: older ones lose their folder and their record. */
export async function rotate(deps: BackupDeps): Promise<number> {
  const done = await deps.db.selectFrom('backup_record').select(['id', 'kind', 'startTime', 'name']).where('status', '=', 'done').execute();
  const names = new Map(done.map((b) => [Number(b.id), String(b.name)]));
  const expired = expiredBackups(
    done.map((b) => ({ id: Number(b.id), kind: String(b.kind), startTime: String(b.startTime) })),
    deps.config.backup.keep,
  );
  for (const b of expired) {
    await fs.rm(path.join(backupDir(deps.config), names.get(b.id) ?? `missing-${b.id}`), { recursive: true, force: true });
    await deleteBackupRecord(deps.db, b.id);
  }
  return expired.length;
}
