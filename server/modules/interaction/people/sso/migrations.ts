import type { Migration } from 'kysely';
import type { Db } from '../../../../db/types.js';

/**
 * Unified identity (docs/identity.md):
 * - `people_sso_state`: a sign-in started here and not finished yet — the OpenID Connect `state`, its
 *   `nonce` and PKCE verifier; used once, valid 10 minutes, in the database so every instance agrees;
 * - `people_sso_link`: the platform's subject (per provider) → the member (person) it signed in as.
 */
export function peopleSsoMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('people_sso_state')
        .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
        .addColumn('codeVerifier', 'varchar(128)', (c) => c.notNull())
        .addColumn('createdAt', 'varchar(19)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('people_sso_link')
        .addColumn('provider', 'varchar(200)', (c) => c.notNull())
        .addColumn('subject', 'varchar(200)', (c) => c.notNull())
        .addColumn('puPeopleId', 'integer', (c) => c.notNull())
        .addColumn('createTime', 'varchar(19)', (c) => c.notNull())
        .addColumn('lastLoginTime', 'varchar(19)', (c) => c.notNull())
        .addPrimaryKeyConstraint('people_sso_link_pk', ['provider', 'subject'])
        .execute();
      await db.schema.createIndex('people_sso_link_person').on('people_sso_link').column('puPeopleId').execute();
    },
  };
}
