import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { readDirectly, withStatementCache } from '../../../../db/statementCache.js';
import type { Db } from '../../../../db/types.js';

/** The most of the database file a worker maps (shared with the OS page cache; it counts in the RSS). */
const MMAP_BYTES = 256 * 1024 * 1024;

/** A search worker's own read-only connection to the SQLite file (also what the search benches open). */
export function sqliteReader(file: string): Db {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  // Pages read through a memory map, not a read() call each (branch s28-search-sqlite, 63e1b7a, taken here so
  // the two branches agree): a page of 20 hits looks up ~80 B-tree pages scattered over the file.
  connection.pragma(`mmap_size = ${MMAP_BYTES}`);
  const statements = withStatementCache(connection);
  const reader: Db = new Kysely({ dialect: new SqliteDialect({ database: statements }) });
  // Read-only, never a transaction: the search's fixed statements run straight on the file (readRows).
  readDirectly(reader, statements);
  return reader;
}
