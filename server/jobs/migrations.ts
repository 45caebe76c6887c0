import type { Migration } from 'kysely';
import type { Db } from '../db/types.js';

/**
 * `job_lock`: one row per named lease. A lease is held by one server instance (`owner`) until `until`
 * (ISO time, compared as text). Several instances on one database use it to run a scheduled job once
 * per interval and to serialise exclusive work such as a full site generation.
 */
export function jobLockMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('job_lock')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('until', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
