import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { currentLane } from './lanes.js';
import { createReadGate } from './pgReadGate.js';
import { LanedSqliteDialect } from './sqliteLanes.js';
import { withStatementCache } from './statementCache.js';
import { createReadOffload } from './readWorkers/offload.js';
import { createReadPool, readWorkerCount } from './readWorkers/pool.js';
import type { Db, DialectName } from './types.js';
import { WrittenTablesPlugin } from './writtenTables.js';

// count(*) and bigint columns come back from pg as strings; the API answers numbers.
pg.types.setTypeParser(20, (v: string) => Number(v));
// numeric (decimal) columns likewise.
pg.types.setTypeParser(1700, (v: string) => Number(v));

export interface OpenedDb {
  db: Db;
  dialect: DialectName;
}

/**
 * PostgreSQL when a URL is given, else a SQLite file in the data directory. `onConnectionError` hears
 * an idle PostgreSQL connection that broke (server restart, connection killed by an administrator):
 * pg reports it as an 'error' event, which without a listener would end the process. The pool drops
 * that connection and opens a new one for the next query.
 */
export function openDatabase(options: { dataDir: string; databaseUrl?: string; onConnectionError?: (error: Error) => void; onWorkerError?: (error: unknown) => void }): OpenedDb {
  if (options.databaseUrl) {
    // Two pools (issue 26, lanes.ts): requests that write take their connections from a pool (8) of their
    // own, so a save never waits for a connection behind the readers.
    const heard = (error: Error) => options.onConnectionError?.(error);
    const reads = watchedPool(options.databaseUrl, readPoolSize(process.env.PG_READ_POOL), heard);
    // Not small: a write request whose transaction also reads through the root handle takes two connections,
    // and a small pool would let a burst of such saves wait on each other.
    const writes = watchedPool(options.databaseUrl, 8, heard);
    // Session 31: a read-lane statement waits while a save holds a write connection (pgReadGate.ts).
    const gate = createReadGate(() => readGate.ms);
    const laned = {
      connect: async () => {
        const lane = currentLane();
        if (lane === 'write') return gate.writing(await writes.connect());
        if (lane === 'read') await gate.wait();
        return reads.connect();
      },
      end: async () => {
        await Promise.all([reads.end(), writes.end()]);
      },
    };
    return { db: new Kysely({ dialect: new PostgresDialect({ pool: laned }), plugins: [new WrittenTablesPlugin()] }), dialect: 'postgres' };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'portal.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // A second connection for reads outside transactions (sqliteLanes.ts): WAL lets it read while the first writes.
  const reader = new SQLite(path.join(options.dataDir, 'portal.sqlite'));
  reader.pragma('busy_timeout = 5000');
  // Costly reads of read-lane requests on worker threads of their own (session 29, readWorkers/; READ_WORKERS=0: none).
  const workers = readWorkerCount(process.env.READ_WORKERS);
  const offload = workers > 0 ? createReadOffload(createReadPool(file.name, workers, (error) => options.onWorkerError?.(error))) : undefined;
  return { db: new Kysely({ dialect: new LanedSqliteDialect(withStatementCache(file), withStatementCache(reader), offload), plugins: [new WrittenTablesPlugin()] }), dialect: 'sqlite' };
}

/**
 * A read-only handle on PostgreSQL with a pool of its own (`max` connections, opened as needed): a search
 * worker's (issue 26, search/worker/). Same type parsers as openDatabase (this module sets them).
 */
export function openPostgresReader(databaseUrl: string, max: number, onConnectionError?: (error: Error) => void): Db {
  return new Kysely({ dialect: new PostgresDialect({ pool: watchedPool(databaseUrl, max, (error) => onConnectionError?.(error)) }) });
}

/** How long a PostgreSQL read may wait for the saves in flight (PG_READ_GATE_MS; 0: not at all). */
export function readGateMs(asked: string | undefined): number {
  const n = Number(asked);
  return asked !== undefined && asked !== '' && Number.isFinite(n) && n >= 0 ? Math.min(n, 1000) : 100;
}

/** The read gate in force (the bench's A/B switches it at run time). */
export const readGate = { ms: readGateMs(process.env.PG_READ_GATE_MS) };

/**
 * The readers' pool: PG_READ_POOL, else the cores (at least 2, at most 10). Readers beyond the database's cores
 * only take turns in the OS scheduler, and a draft save's statements wait behind every busy backend: saves
 * beside uncached searches at p50 ×5.7–12.9 of idle with 10 readers, ×2.8–4.8 with 4 (session 29); with 2 instead
 * of 4 on two cores, ×2.1–2.7 against ×2.5–3.7 and rare words' searches 43 % more a second, p99 32 against 74 ms
 * (session 33, docs/performance.md). Requests beyond it wait for a connection in Node, which costs nothing. A
 * database on another machine with more cores: set PG_READ_POOL to its cores.
 */
export function readPoolSize(asked: string | undefined, cores = availableParallelism()): number {
  const n = Number(asked);
  if (asked !== undefined && Number.isInteger(n) && n >= 1) return Math.min(n, 100);
  return Math.min(10, Math.max(2, cores));
}

/**
 * A pg pool that reports a broken connection to `heard`, idle or checked out. The pool itself listens only to
 * idle connections: one ended while checked out (a transaction in progress, a batch of counts being written)
 * fails its query, and pg then reports it as an 'error' event of the client too, which without a listener of
 * our own would end the process.
 */
function watchedPool(databaseUrl: string, max: number, heard: (error: Error) => void): { connect: () => Promise<pg.PoolClient>; end: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', heard);
  const listened = new WeakSet<pg.PoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      if (!listened.has(client)) {
        listened.add(client);
        client.on('error', heard);
      }
      return client;
    },
    end: () => pool.end(),
  };
}
