import { sql, type Migration } from 'kysely';
import type { Db } from '../../../db/types.js';

/**
 * 网页防篡改 (docs/generation.md "Site guard"): `site_manifest` holds the hash of every file the generator
 * published under site/ (in the database, so every instance agrees); `site_guard_state` marks when the
 * manifest was first taken from the files already on disk (an installation older than the guard).
 * The tamper events are a declared entity (resources/siteTamperEvent.ts).
 */
export function siteManifestMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('site_manifest')
        .addColumn('path', 'varchar(512)', (c) => c.primaryKey())
        .addColumn('hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('updateTime', 'varchar(19)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('site_manifest_hash').on('site_manifest').column('hash').execute();
      await db.schema
        .createTable('site_guard_state')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Issue 26, session 28: a page's pre-compressed copies (.br/.gz) written by a render worker are recorded in
 * the page's own row (`copies`, JSON `[[".br", hash, size], …]`) instead of a row each: a full run writes one
 * manifest row per page, not three. Rows of their own (files recorded by `record`) keep working.
 */
export function siteManifestCopiesMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema.alterTable('site_manifest').addColumn('copies', 'text').execute();
    },
  };
}

/**
 * Issue 26, session 30: the pages a bulk run wrote without their .br/.gz (`copies = 'pending'`) are found by
 * the background pass (precompress/pass.ts) through this partial index, in path order, however large the site.
 */
export function siteManifestPendingMigration(): Migration {
  return {
    async up(db: Db) {
      await sql`create index site_manifest_pending on site_manifest (path) where copies = 'pending'`.execute(db);
    },
  };
}
