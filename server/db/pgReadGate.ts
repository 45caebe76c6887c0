import type { PostgresPoolClient } from 'kysely';

/**
 * PostgreSQL's read gate (issue 26, session 31): while a save holds a connection of the write pool, a
 * read-lane statement waits (at most `maxMs()`) before it takes a reader connection. A draft save is a chain
 * of ~23 statements, each answered one event-loop turn later; beside ten searches every turn waited behind
 * their answers' JavaScript (event-loop delay p50 14 ms against 1.2 idle), and the save took 5–8× its idle
 * time. Counted by write connections checked out, not by write requests in flight: a request still reading
 * its upload, or waiting for anything but the database, holds no reader back.
 */
export function createReadGate(maxMs: () => number) {
  let writing = 0;
  let held: (() => void)[] = [];
  const open = () => {
    const readers = held;
    held = [];
    for (const release of readers) release();
  };
  return {
    /** `client`, taken from the write pool, counted until it is released (a wrapper: pooled clients are reused). */
    writing(client: PostgresPoolClient): PostgresPoolClient {
      writing++;
      let released = false;
      return {
        query: client.query.bind(client) as PostgresPoolClient['query'],
        release: () => {
          if (released) return;
          released = true;
          if (--writing === 0) open();
          client.release();
        },
      };
    },
    /** Null when no save holds a write connection (or the gate is off); else resolves when none does, or after maxMs. */
    wait(): Promise<void> | null {
      const ms = maxMs();
      if (writing === 0 || ms <= 0) return null;
      return new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          held = held.filter((r) => r !== release);
          resolve();
        }, ms);
        held.push(release);
      });
    },
  };
}
