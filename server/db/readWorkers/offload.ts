import type { SqliteStatement } from 'kysely';
import type { ReadPool } from './pool.js';

/** A statement whose runs take at least this long (µs) goes to a worker: the trip costs the request thread ≈ 10–30 µs. */
const COSTLY_MICROS = 50;
/** The workers start after this many costly statements (a stream of lists, not a test's few calls). */
const START_AFTER = 50;
/** A worker this many statements deep takes no more: the request thread runs the next one itself. */
const BUSY = 8;
/** SQL texts whose cost is remembered; beyond that the memory starts afresh. */
const MAX_TEXTS = 2000;

const primitive = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint';

/**
 * Where a read-lane SELECT outside a transaction runs (issue 26, session 29): on the request thread's reader,
 * or — when its SQL text has cost COSTLY_MICROS or more even at its fastest run — on a read worker (pool.ts), so the one
 * request thread keeps to HTTP, authentication, building queries and answers while the statement runs on the
 * other core. Both read the latest commit (WAL), so where it runs changes no answer.
 */
export function createReadOffload(pool: ReadPool) {
  const cost = new Map<string, number>();
  let costlySeen = 0;
  /** Statements run by a worker and by the request thread, and those a worker sent back (failed there: tests). */
  const counts = { worker: 0, local: 0, sentBack: 0 };
  const remember = (sql: string, micros: number) => {
    if (cost.size >= MAX_TEXTS && !cost.has(sql)) cost.clear();
    // The least time seen, drifting up slowly: a busy machine only ever lengthens a run (the thread waits for a
    // core), so the fastest runs tell a statement's own cost; the drift lets a grown table raise it.
    const was = cost.get(sql);
    cost.set(sql, was === undefined ? micros : Math.min(micros, was * 1.02 + 0.5));
  };
  const local = (statement: SqliteStatement, sql: string, parameters: readonly unknown[]) => {
    counts.local++;
    const started = performance.now();
    const rows = statement.all(parameters) as unknown[];
    remember(sql, (performance.now() - started) * 1000);
    return rows;
  };
  return {
    async rows(statement: SqliteStatement, sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
      if ((cost.get(sql) ?? 0) < COSTLY_MICROS || ++costlySeen < START_AFTER || !parameters.every(primitive)) return local(statement, sql, parameters);
      const sent = pool.run(sql, parameters, BUSY);
      const answer = sent ? await sent : null;
      if (sent && !answer) counts.sentBack++;
      if (!answer) return local(statement, sql, parameters);
      counts.worker++;
      remember(sql, answer.micros);
      return answer.rows;
    },
    counts: () => ({ ...counts }),
    close: () => pool.close(),
  };
}

export type ReadOffload = ReturnType<typeof createReadOffload>;
