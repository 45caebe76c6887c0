import path from 'node:path';
import { fileSha256 } from '../shared/fileHash.js';
import type { BackupManifest } from './manifest.js';
import { backupPostgres, PG_DUMP_FILE } from './pgBackup.js';
import { backupSqlite, inspectSqlite, SQLITE_FILE } from './sqliteBackup.js';

/** What the database part of a backup needs to know (plain values: it runs in a worker thread). */
export interface DatabaseSource {
  databaseUrl: string | null;
  dataDir: string;
  pgDump: string;
}

/**
 * Copies the database into `dir` and answers its manifest part (hashes from the saved snapshot). Called in a
 * worker thread (create.ts): at a million articles the copy, the integrity check and the rows' hashes take
 * minutes of CPU, which on the request thread would leave every call unanswered meanwhile.
 */
export async function saveDatabase(source: DatabaseSource, dir: string): Promise<BackupManifest['database']> {
  if (source.databaseUrl) {
    const file = path.join(dir, PG_DUMP_FILE);
    const tables = await backupPostgres(source.databaseUrl, file, source.pgDump);
    return { file: PG_DUMP_FILE, ...(await fileSha256(file)), tables };
  }
  const file = path.join(dir, SQLITE_FILE);
  await backupSqlite(source.dataDir, file);
  const { tables, integrity } = inspectSqlite(file, { makePlain: true });
  if (integrity !== 'ok') throw new Error(`备份的数据库未通过完整性检查：${integrity}`);
  return { file: SQLITE_FILE, ...(await fileSha256(file)), integrity, tables };
}
