import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types.js';

/** This process's identity as a lease owner; distinct for every server instance. */
export const INSTANCE_ID = `${process.pid}-${randomUUID()}`;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Takes the lease `name` for `ttlMs` when it is free or expired (even our own unexpired lease is not
 * taken again: a second caller in the same process must wait too). One statement, so two instances
 * racing for it cannot both win.
 */
export async function tryLease(db: Db, name: string, ttlMs: number, owner = INSTANCE_ID): Promise<boolean> {
  const now = Date.now();
  const result = await db
    .insertInto('job_lock')
    .values({ name, owner, until: iso(now + ttlMs) })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ owner, until: iso(now + ttlMs) })
        .where('job_lock.until', '<', iso(now)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Extends a lease we hold; false when it is no longer ours. */
export async function renewLease(db: Db, name: string, ttlMs: number, owner = INSTANCE_ID): Promise<boolean> {
  const result = await db
    .updateTable('job_lock')
    .set({ until: iso(Date.now() + ttlMs) })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the lease back early (only when we still hold it). */
export async function releaseLease(db: Db, name: string, owner = INSTANCE_ID): Promise<void> {
  await db.deleteFrom('job_lock').where('name', '=', name).where('owner', '=', owner).execute();
}

export type ExclusiveResult<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `fn` only if this instance gets the lease `name`; renews the lease while `fn` runs (so a long run
 * keeps it) and releases it afterwards. Another instance asking meanwhile gets `{ ran: false }`.
 */
export async function withExclusiveLock<T>(db: Db, name: string, ttlMs: number, fn: () => Promise<T>): Promise<ExclusiveResult<T>> {
  if (!(await tryLease(db, name, ttlMs))) return { ran: false };
  const renew = setInterval(() => {
    renewLease(db, name, ttlMs).catch(() => undefined);
  }, Math.max(1000, Math.floor(ttlMs / 3)));
  renew.unref();
  try {
    return { ran: true, value: await fn() };
  } finally {
    clearInterval(renew);
    await releaseLease(db, name).catch(() => undefined);
  }
}
