import type SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { currentLane, writersWaiting } from './lanes.js';
import type { ReadOffload } from './readWorkers/offload.js';

/**
 * A Kysely driver for SQLite with two connections to the same WAL file (issue 26). Kysely's own driver
 * has one connection behind a mutex: every statement of every request queued behind the others, and a
 * transaction stopped every reader. Here:
 *  - statements that only read (better-sqlite3's `readonly`) outside a transaction run at once on the reader
 *    connection — WAL gives each one the latest committed snapshot, so a write is seen by the next read;
 *  - writes and transactions go to the writer connection, one holder at a time (the mutex);
 *  - a read of the `read` lane (lists, searches) waits one event-loop turn first while a write-lane request
 *    is in flight (lanes.ts), so a save's statements do not queue behind every reader's;
 *  - a read-lane read whose SQL has proved costly runs on a read worker instead (readWorkers/, session 29).
 */
export class LanedSqliteDriver implements Driver {
  #mutex = new Mutex();
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
    private readonly offload?: ReadOffload,
  ) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new LanedConnection(this.writer, this.reader, this.#mutex, this.offload);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as LanedConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as LanedConnection).end('commit');
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as LanedConnection).end('rollback');
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction left open (never in Kysely's own flow) is rolled back rather than holding the writer.
    if ((connection as LanedConnection).inTransaction) await (connection as LanedConnection).end('rollback');
  }
  async destroy(): Promise<void> {
    await this.offload?.close();
    this.reader.close();
    this.writer.close();
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

class LanedConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
    private readonly mutex: Mutex,
    private readonly offload: ReadOffload | undefined,
  ) {}

  async begin(): Promise<void> {
    await this.mutex.lock();
    this.inTransaction = true;
    try {
      run(this.writer.prepare('begin'), []);
    } catch (error) {
      this.inTransaction = false;
      this.mutex.unlock();
      throw error;
    }
  }

  async end(command: 'commit' | 'rollback'): Promise<void> {
    try {
      run(this.writer.prepare(command), []);
    } finally {
      this.inTransaction = false;
      this.mutex.unlock();
    }
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiled.parameters as unknown[];
    if (this.inTransaction) return run(this.writer.prepare(compiled.sql), parameters) as QueryResult<R>;
    const read = prepareRead(this.reader, compiled.sql);
    if (read) {
      const lane = currentLane();
      if (lane === 'read' && writersWaiting()) await nextTurn();
      if (lane === 'read' && this.offload) return { rows: (await this.offload.rows(read, compiled.sql, parameters)) as R[] };
      return { rows: read.all(parameters) as R[] };
    }
    await this.mutex.lock();
    try {
      return run(this.writer.prepare(compiled.sql), parameters) as QueryResult<R>;
    } finally {
      this.mutex.unlock();
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const db = this.inTransaction ? this.writer : this.reader;
    for (const row of db.prepare(compiled.sql).iterate(compiled.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** The statement on the reader when it only reads; null for writes and what the reader cannot see (temp tables). */
function prepareRead(reader: SqliteDatabase, text: string): SqliteStatement | null {
  try {
    const s = reader.prepare(text) as SqliteStatement & Pick<SQLite.Statement, 'readonly'>;
    return s.readonly && s.reader ? s : null;
  } catch {
    return null;
  }
}

function run(stmt: SqliteStatement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (stmt.reader) return { rows: stmt.all(parameters) as unknown[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

/** FIFO mutex: one waiter woken per unlock (Kysely's wakes them all to race for it). */
class Mutex {
  #held = false;
  #waiting: (() => void)[] = [];
  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Kysely's SQLite dialect with the laned driver. */
export class LanedSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
    private readonly offload?: ReadOffload,
  ) {
    super({ database: writer });
  }
  override createDriver(): Driver {
    return new LanedSqliteDriver(this.writer, this.reader, this.offload);
  }
}
