import type SQLite from 'better-sqlite3';
import { CompiledQuery, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Db } from './types.js';

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

/** Kysely instances whose connection only ever reads, outside any transaction (a search worker's read-only file). */
const direct = new WeakMap<Db, SqliteDatabase>();

/**
 * Lets `readRows` on `db` run its statements straight on `file` (withStatementCache's), without Kysely's
 * executor: only for a read-only connection on which nothing opens a transaction, so no statement can run
 * inside another's (session 31: the executor cost a search worker ~10 % of its CPU for three statements).
 */
export function readDirectly(db: Db, file: SqliteDatabase): void {
  direct.set(db, file);
}

/**
 * The rows of a fixed SQL text (`?` parameters): straight on the connection when `readDirectly` allowed it,
 * else through Kysely's executor as compiled (same text, same statement cache, same rows either way).
 */
export async function readRows<R>(db: Db, text: string, parameters: readonly unknown[]): Promise<R[]> {
  const file = direct.get(db);
  if (file) return file.prepare(text).all(parameters) as R[];
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
}
