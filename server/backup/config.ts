import path from 'node:path';

/** Backup settings (docs/deploy.md "Backups"), all from environment variables. */
export interface BackupConfig {
  /** Where backups are kept (`BACKUP_DIR`; unset: DATA_DIR/backups, see backupDir); shared storage when several instances run. */
  dir?: string;
  /** Scheduled backups on (`BACKUP_SCHEDULE=off` turns them off; 立即备份 still works). */
  schedule: boolean;
  /** Local time of the daily backup, `HH:MM` (`BACKUP_AT`, 02:30). */
  at: string;
  /** How many of each kind the rotation keeps (`BACKUP_KEEP_DAILY` 7, `_WEEKLY` 4, `_MONTHLY` 12, `_MANUAL` 10). */
  keep: { daily: number; weekly: number; monthly: number; manual: number };
  /** The pg_dump / pg_restore programs (`PG_DUMP`, `PG_RESTORE`; default from PATH). */
  pgDump: string;
  pgRestore: string;
}

function count(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function backupConfig(env: NodeJS.ProcessEnv): BackupConfig {
  const at = /^([01]\d|2[0-3]):[0-5]\d$/.test(env.BACKUP_AT ?? '') ? String(env.BACKUP_AT) : '02:30';
  return {
    dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    schedule: env.BACKUP_SCHEDULE !== 'off',
    at,
    keep: {
      daily: count(env.BACKUP_KEEP_DAILY, 7),
      weekly: count(env.BACKUP_KEEP_WEEKLY, 4),
      monthly: count(env.BACKUP_KEEP_MONTHLY, 12),
      manual: count(env.BACKUP_KEEP_MANUAL, 10),
    },
    pgDump: env.PG_DUMP || 'pg_dump',
    pgRestore: env.PG_RESTORE || 'pg_restore',
  };
}

/** The backup folder of a configuration: BACKUP_DIR, else the data directory's `backups`. */
export function backupDir(config: { dataDir: string; backup: BackupConfig }): string {
  return config.backup.dir ?? path.join(config.dataDir, 'backups');
}
