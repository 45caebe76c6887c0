import type { Migration } from 'kysely';
import type { Db } from '../db/types.js';

/**
 * The first answer of each idempotent request (`idempotency_record`), in the database so every instance
 * behind the load balancer sees it. The primary key (key, scope, route) lets exactly one of two concurrent
 * identical requests claim the key; the other waits for the answer and replays it (server/http/idempotency.ts).
 */
export function idempotencyMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('idempotency_record')
        .addColumn('key', 'text', (c) => c.notNull())
        // `user:<id>` for a staff call, `ip:<address>` for a public one: a key is only ever the caller's own.
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('requestHash', 'text', (c) => c.notNull())
        // 'pending' while the first request runs, 'done' once its answer is stored.
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('statusCode', 'integer')
        .addColumn('contentType', 'text')
        .addColumn('payload', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_record_pk', ['key', 'scope', 'route'])
        .execute();
      await db.schema.createIndex('idempotency_record_expires').on('idempotency_record').column('expiresAt').execute();
    },
  };
}

export interface IdempotencyId {
  key: string;
  scope: string;
  route: string;
}

export interface StoredAnswer {
  state: string;
  requestHash: string;
  statusCode: number | null;
  contentType: string | null;
  payload: string | null;
  createdAt: string;
  expiresAt: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Claims the key for this request; false when another request (running or done) holds it. */
export async function claim(db: Db, id: IdempotencyId, requestHash: string, keepMs: number, now = Date.now()): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_record')
    .values({ ...id, requestHash, state: 'pending', createdAt: iso(now), expiresAt: iso(now + keepMs) })
    .onConflict((oc) => oc.columns(['key', 'scope', 'route']).doNothing())
    .executeTakeFirst();
  // Housekeeping now and then (the housekeeping job does it too): an expired answer replays nothing.
  if (Math.random() < 0.01) await purgeExpired(db, now);
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function read(db: Db, id: IdempotencyId): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_record')
    .select(['state', 'requestHash', 'statusCode', 'contentType', 'payload', 'createdAt', 'expiresAt'])
    .where('key', '=', id.key)
    .where('scope', '=', id.scope)
    .where('route', '=', id.route)
    .executeTakeFirst();
  return row ? { ...row, statusCode: row.statusCode === null ? null : Number(row.statusCode) } : undefined;
}

/** Stores the first answer; later requests with the key replay it until it expires. */
export async function complete(db: Db, id: IdempotencyId, answer: { statusCode: number; contentType: string | null; payload: string }): Promise<void> {
  await db
    .updateTable('idempotency_record')
    .set({ state: 'done', ...answer })
    .where('key', '=', id.key)
    .where('scope', '=', id.scope)
    .where('route', '=', id.route)
    .execute();
}

/** Frees the key: the first request failed (nothing stored), or a stale claim is taken over. */
export async function release(db: Db, id: IdempotencyId, onlyIf?: { state: string; createdAt: string }): Promise<void> {
  let q = db.deleteFrom('idempotency_record').where('key', '=', id.key).where('scope', '=', id.scope).where('route', '=', id.route);
  if (onlyIf) q = q.where('state', '=', onlyIf.state).where('createdAt', '=', onlyIf.createdAt);
  await q.execute();
}

export async function purgeExpired(db: Db, now = Date.now()): Promise<number> {
  const r = await db.deleteFrom('idempotency_record').where('expiresAt', '<=', iso(now)).executeTakeFirst();
  return Number(r.numDeletedRows);
}
