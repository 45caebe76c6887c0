import { PostgresAdapter, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/types.js';
import { insertAnchor } from '../../entities/logAnchor.js';
import { formatDateTime } from '../../util/time.js';
import { GENESIS_HASH } from './canonical.js';

export const LOG_TABLE = 'system_log';
export const ANCHOR_TABLE = 'log_anchor';

export interface ChainHead {
  headSeq: number;
  headHash: string;
  baseSeq: number;
  baseHash: string;
  genesisId: number;
}

const postgres = new WeakMap<object, boolean>();

/** PostgreSQL needs the head row locked (FOR UPDATE); SQLite serialises writers by itself. */
export function isPostgres(db: Db | Transaction<Database>): boolean {
  const adapter = db.getExecutor().adapter;
  let pg = postgres.get(adapter);
  if (pg === undefined) {
    pg = adapter instanceof PostgresAdapter;
    postgres.set(adapter, pg);
  }
  return pg;
}

/** The chain head, locked for this transaction on PostgreSQL; undefined before the chain started. */
export async function lockHead(trx: Transaction<Database>): Promise<ChainHead | undefined> {
  let q = trx.selectFrom('log_chain').select(['headSeq', 'headHash', 'baseSeq', 'baseHash', 'genesisId']).where('id', '=', 1);
  if (isPostgres(trx)) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function readHead(db: Db): Promise<ChainHead | undefined> {
  return db.selectFrom('log_chain').select(['headSeq', 'headHash', 'baseSeq', 'baseHash', 'genesisId']).where('id', '=', 1).executeTakeFirst();
}

/**
 * Starts the chain once (the first start with this code, or a fresh install): rows already in the log
 * stay outside it (their last id is kept as `genesisId`) and a genesis anchor is recorded. Two instances
 * starting together: the head row's key lets only one insert it.
 */
export async function ensureChainStarted(db: Db): Promise<void> {
  if (await readHead(db)) return;
  await db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom(LOG_TABLE).select((eb) => eb.fn.max('id').as('maxId')).executeTakeFirst();
    const genesisId = Number(last?.maxId ?? 0);
    const now = formatDateTime();
    const inserted = await trx
      .insertInto('log_chain')
      .values({ id: 1, headSeq: 0, headHash: GENESIS_HASH, baseSeq: 0, baseHash: GENESIS_HASH, genesisId, updateTime: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    await insertAnchor(trx, { kind: 'genesis', chainSeq: 0, chainHash: GENESIS_HASH, lastLogId: genesisId, createTime: now, creatorName: '系统' });
  });
}
