import type { Migration } from 'kysely';
import { addSerialKey } from '../../db/columns.js';
import type { Db, DialectName } from '../../db/types.js';

/**
 * `visit_counter`: one row per counted page (`site`, `page:<path>`, `article:<id>`), incremented in one
 * upsert statement. `sms_code`: SMS verification codes (hashed) issued after an image-code check.
 */
export function siteCallsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('visit_counter'), 'id', dialect)
        .addColumn('pageKey', 'text', (c) => c.notNull().unique())
        .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updateTime', 'text')
        .execute();
      await addSerialKey(db.schema.createTable('sms_code'), 'id', dialect)
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('verifyType', 'text', (c) => c.notNull())
        .addColumn('codeHash', 'text', (c) => c.notNull())
        .addColumn('expireAt', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'text')
        .addColumn('createTime', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_code_mobile_time').on('sms_code').columns(['mobile', 'createTime']).execute();
    },
  };
}
