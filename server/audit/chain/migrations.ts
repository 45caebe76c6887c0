import type { Migration } from 'kysely';
import type { Db } from '../../db/types.js';

/**
 * `log_chain`: the one row (id 1) holding the operation log's chain head (last link and its place),
 * the chain's base (where verification starts: the genesis, or the last link a purge removed) and the
 * last row id from before the chain existed. Every append locks this row in its transaction.
 */
export function logChainMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('log_chain')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('headSeq', 'integer', (c) => c.notNull())
        .addColumn('headHash', 'text', (c) => c.notNull())
        .addColumn('baseSeq', 'integer', (c) => c.notNull())
        .addColumn('baseHash', 'text', (c) => c.notNull())
        .addColumn('genesisId', 'integer', (c) => c.notNull())
        .addColumn('updateTime', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
