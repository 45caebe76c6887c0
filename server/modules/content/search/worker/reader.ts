import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { readDirectly, withStatementCache } from '../../../../db/statementCache.js';
import type { Db } from '../../../../db/types.js';

/** A search worker's own read-only connection to the SQLite file (also what the search benches open). */
export function sqliteReader(file: string): Db {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  // No memory map (session 33; 256 MB since session 28): SQLite drops a reader's pages after any other connection's
  // commit, and with a map it also unmaps the file and maps it again, which slowed every thread of the process
  // (the request thread's socket writes became half its time); under distinct searches beside a save every 200 ms a search cost 2.3-4.5 ms of CPU with the map and
  // 0.9-1.7 ms without (docs/performance.md, "Issue 25, session 33"). Pages come from the OS page cache by read().
  const statements = withStatementCache(connection);
  const reader: Db = new Kysely({ dialect: new SqliteDialect({ database: statements }) });
  // Read-only, never a transaction: the search's fixed statements run straight on the file (readRows).
  readDirectly(reader, statements);
  return reader;
}
