import type { Migration } from 'kysely';
import type { Db } from '../../../db/types.js';

/** Settings of the disclosure applications (reply deadline in working days, extension, reminders): key → value. */
export function applySettingMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('apply_setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updateTime', 'text')
        .execute();
    },
  };
}
