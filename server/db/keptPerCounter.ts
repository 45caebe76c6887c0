import { currentLane, requestCounters, requestWrote } from './lanes.js';
import type { Db } from './types.js';
import { notesWrites } from './writtenTables.js';

/**
 * With `tables` (the tables the value is made of, which the counter watches and nothing else moves): the
 * value serves writes and transactions too, until the request itself writes one of them (writtenTables.ts).
 */
export interface KeptOptions {
  readonly tables?: readonly string[];
}

/** The handle shared by a database and its transactions (one adapter per Kysely instance). */
const rootOf = (db: Db): object => db.getExecutor().adapter;

/**
 * A value read once per value of a cache counter (server/auth/cacheVersions.ts) the running request read at
 * its start (authenticate.ts), instead of once per call: database triggers raise the counter on every write
 * to what the value is made of, by any instance (issue 26). Without `tables`: read afresh outside a read-lane
 * request (a save must see its own writes, which the counter it read at its start predates) and inside a
 * transaction (which may hold uncommitted rows). With `tables` (session 32): read afresh only once the
 * request wrote one of them, or when the database does not note writes. A failed read is not kept. Callers
 * must not change the value.
 */
export function keptPerCounter<T>(counter: string, load: (db: Db) => Promise<T>, options: KeptOptions = {}): Kept<T> {
  const kept = new WeakMap<object, { version: number; value: Promise<T> }>();
  const { tables } = options;
  const fresh = (db: Db): boolean => (tables ? !notesWrites(db) || requestWrote(tables) : currentLane() !== 'read' || db.isTransaction);
  const ifKept = (db: Db): Promise<T> | undefined => {
    const version = requestCounters()?.[counter];
    const entry = version === undefined || fresh(db) ? undefined : kept.get(rootOf(db));
    return entry && entry.version === version ? entry.value : undefined;
  };
  const read = (db: Db): Promise<T> => {
    const version = requestCounters()?.[counter];
    if (version === undefined || fresh(db)) return load(db);
    const root = rootOf(db);
    const entry = kept.get(root);
    if (entry && entry.version === version) return entry.value;
    const made = { version, value: load(db) };
    kept.set(root, made);
    made.value.catch(() => kept.get(root) === made && kept.delete(root));
    return made.value;
  };
  return Object.assign(read, { ifKept });
}

/** A kept lookup; `ifKept`: the value when it is kept and valid for the running request, without reading. */
export type Kept<T> = ((db: Db) => Promise<T>) & { readonly ifKept: (db: Db) => Promise<T> | undefined };
