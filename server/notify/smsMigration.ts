import type { Migration } from 'kysely';
import { addSerialKey } from '../db/columns.js';
import type { Db, DialectName } from '../db/types.js';

/** `sms_log`: every SMS the portal sends or, with no gateway configured, only logs. */
export function smsLogMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('sms_log'), 'id', dialect)
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('bizType', 'text')
        .addColumn('bizId', 'integer')
        .addColumn('error', 'text')
        .addColumn('createTime', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_log_biz').on('sms_log').columns(['bizType', 'bizId', 'createTime']).execute();
    },
  };
}
