import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the oldest goes first beyond that. */
const MAX_STATEMENTS = 1000;
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * A SELECT starting with this comment answers its rows as arrays in column order (better-sqlite3's raw mode):
 * building a row object of many columns costs more than the values (search page, session 30: 2.5 µs a row of
 * 19 columns). A hint only: a connection that does not honour it (a read worker) answers objects, so a caller
 * reads either (search/hits.ts pageRowOf).
 */
export const RAW_ROWS = '/*raw*/ ';

/**
 * The SQLite file as Kysely sees it, with prepared statements reused by SQL text (Kysely prepares every
 * query anew, a large share of a short request). A statement still being iterated (streaming) is never
 * handed out twice: a fresh one is prepared instead. Schema changes empty the cache.
 */
export function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text: string): SqliteStatement {
      if (SCHEMA_CHANGE.test(text)) {
        cache.clear();
        return file.prepare(text);
      }
      const hit = cache.get(text);
      if (hit && !hit.busy) return hit;
      const statement = file.prepare(text);
      if (text.startsWith(RAW_ROWS) && statement.reader) statement.raw(true);
      if (!hit) {
        if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}
