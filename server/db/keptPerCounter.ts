import { currentLane, requestCounters } from './lanes.js';
import type { Db } from './types.js';

/**
 * A value read once per value of a cache counter (server/auth/cacheVersions.ts) the running request read at
 * its start (authenticate.ts), instead of once per call: database triggers raise the counter on every write
 * to what the value is made of, by any instance (issue 26). Read afresh outside a read-lane request (a save
 * must see its own writes, which the counter it read at its start predates) and inside a transaction (which
 * may hold uncommitted rows). A failed read is not kept. Callers must not change the value.
 */
export function keptPerCounter<T>(counter: string, load: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const kept = new WeakMap<object, { version: number; value: Promise<T> }>();
  return (db) => {
    const version = currentLane() === 'read' ? requestCounters()?.[counter] : undefined;
    if (version === undefined || db.isTransaction) return load(db);
    const entry = kept.get(db);
    if (entry && entry.version === version) return entry.value;
    const fresh = { version, value: load(db) };
    kept.set(db, fresh);
    fresh.value.catch(() => kept.get(db) === fresh && kept.delete(db));
    return fresh.value;
  };
}
