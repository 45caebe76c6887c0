import type { Migration } from 'kysely';
import { addSerialKey } from '../db/columns.js';
import type { Db, DialectName } from '../db/types.js';

/**
 * `public_rate`: one row per accepted public submission (kind, caller IP, time). The guard counts rows
 * in a window, so several server instances on one database share the counts. Rows older than a day are
 * pruned by the guard itself.
 */
export function publicRateMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('public_rate'), 'id', dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('public_rate_kind_ip_at').on('public_rate').columns(['kind', 'ip', 'at']).execute();
      await db.schema.createIndex('public_rate_kind_at').on('public_rate').columns(['kind', 'at']).execute();
      await db.schema.createIndex('public_rate_at').on('public_rate').column('at').execute();
    },
  };
}
