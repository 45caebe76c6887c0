import path from 'node:path';
import SQLite from 'better-sqlite3';
import { TableDigest, type TableHash } from './digest.js';

export const SQLITE_FILE = 'portal.sqlite';

/**
 * Copies the live database with SQLite's online backup API, from a connection of its own: every page in
 * one step, so the copy is one consistent snapshot (one read transaction; WAL lets writers go on).
 */
export async function backupSqlite(dataDir: string, dest: string): Promise<void> {
  const source = new SQLite(path.join(dataDir, SQLITE_FILE), { fileMustExist: true });
  try {
    await source.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

/** Tables of a SQLite file (virtual tables' contents are in their shadow tables, which are counted). */
function tablesOf(db: SQLite.Database): string[] {
  const rows = db.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string; sql: string | null }[];
  return rows.filter((r) => !/^\s*create\s+virtual/i.test(r.sql ?? '')).map((r) => r.name);
}

/**
 * Row counts and content hashes of every table of a SQLite file, and its integrity check. The copy is
 * made a plain file (rollback journal) first, so it opens anywhere without its WAL.
 */
export function inspectSqlite(file: string, options: { makePlain?: boolean } = {}): { tables: TableHash[]; integrity: string } {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    if (options.makePlain) db.pragma('journal_mode = DELETE');
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const tables = tablesOf(db).map((name) => {
      const digest = new TableDigest();
      for (const row of db.prepare(`select * from "${name.replace(/"/g, '""')}"`).raw().iterate()) digest.add(row as unknown[]);
      return digest.finish(name);
    });
    return { tables, integrity };
  } finally {
    db.close();
  }
}
