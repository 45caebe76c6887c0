import path from 'node:path';
import { callInWorker } from '../shared/workerCall.js';
import { fileSha256 } from '../shared/fileHash.js';
import { hashFolders } from './files.js';
import { compareManifest, FILES_FOLDER, readManifest } from './manifest.js';
import { inspectSqlite } from './sqliteBackup.js';

/**
 * Checks a stored backup against its manifest: the database file's hash (and, for SQLite, every
 * table's rows and content), every file's hash. Answers the differences (empty: intact).
 */
export async function checkStoredBackup(dir: string): Promise<string[]> {
  const manifest = await readManifest(dir);
  const problems: string[] = [];
  const dbFile = path.join(dir, manifest.database.file);
  const data = await fileSha256(dbFile).catch(() => null);
  if (!data) problems.push(`数据库文件 ${manifest.database.file} 缺失`);
  else if (data.sha256 !== manifest.database.sha256) problems.push(`数据库文件 ${manifest.database.file} 的哈希与清单不符`);
  const tables = data && manifest.dialect === 'sqlite' ? inspectSqlite(dbFile).tables : manifest.database.tables;
  const files = await hashFolders(path.join(dir, FILES_FOLDER));
  return [...problems, ...compareManifest({ tables: manifest.database.tables, files: manifest.files }, { tables, files })];
}

/** The same check in a worker thread of its own (minutes of hashing on a large database), for the 校验 call. */
export const checkStoredBackupAside = (dir: string) => callInWorker<string[]>(new URL('./check.ts', import.meta.url), 'checkStoredBackup', [dir]);
