// The floor of a route: replays captured SELECT statements on the same database through the driver
// alone (better-sqlite3 statements prepared once; pg named prepared statements), no Kysely, no auth.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { CapturedQuery } from './capture';

export type Replayer = (queries: readonly CapturedQuery[]) => Promise<unknown[]>;

export function sqliteReplayer(file: string): Replayer {
  const db = new SQLite(file, { readonly: true });
  const statements = new Map<string, SQLite.Statement>();
  return async (queries) => {
    let rows: unknown[] = [];
    for (const q of queries) {
      let s = statements.get(q.sql);
      if (!s) statements.set(q.sql, (s = db.prepare(q.sql)));
      rows = s.all(...(q.parameters as unknown[]));
    }
    return rows;
  };
}

export function pgReplayer(url: string): Replayer {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Idle connections are cut when the bench drops its database at the end: not an error here.
  pool.on('error', () => {});
  const names = new Map<string, string>();
  return async (queries) => {
    const client = await pool.connect();
    try {
      let rows: unknown[] = [];
      for (const q of queries) {
        let name = names.get(q.sql);
        if (!name) names.set(q.sql, (name = `bench_${names.size}`));
        rows = (await client.query({ name, text: q.sql, values: q.parameters as unknown[] })).rows;
      }
      return rows;
    } finally {
      client.release();
    }
  };
}

/** Only reads are replayed (a session touch would write on every call). */
export const selectsOnly = (queries: readonly CapturedQuery[]) => queries.filter((q) => /^\s*(select|with)\b/i.test(q.sql));
