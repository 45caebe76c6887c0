import type { Migration } from 'kysely';
import { addSerialKey } from '../../../db/columns.js';
import type { Db, DialectName } from '../../../db/types.js';

/**
 * Module tables of forums, themes and people (docs/interaction-forums.md):
 * - `plate_role`: which roles moderate which plates (one row per pair);
 * - `theme_reply`: replies to themes (department replies and comments) with their own audit status;
 * - `theme_count`: monthly snapshots of theme counts per channel and department (history screen);
 * - `people_sessions`: citizen (会员) sessions of the public site, separate from staff sessions.
 */
export function forumTablesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('plate_role'), 'id', dialect)
        .addColumn('plateId', 'integer', (c) => c.notNull())
        .addColumn('roleId', 'integer', (c) => c.notNull())
        .addColumn('createTime', 'text')
        .addUniqueConstraint('plate_role_pair', ['plateId', 'roleId'])
        .execute();

      await addSerialKey(db.schema.createTable('theme_reply'), 'id', dialect)
        .addColumn('themeId', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('replyDeptId', 'integer')
        .addColumn('replyDeptName', 'text')
        .addColumn('replyUserId', 'integer')
        .addColumn('replyName', 'text')
        .addColumn('replyTime', 'text')
        .addColumn('auditRemark', 'text')
        .addColumn('auditTime', 'text')
        .addColumn('createTime', 'text')
        .addColumn('updateTime', 'text')
        .execute();
      await db.schema.createIndex('theme_reply_theme').on('theme_reply').column('themeId').execute();

      await addSerialKey(db.schema.createTable('theme_count'), 'id', dialect)
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('deptId', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deptName', 'text')
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('passed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('replied', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('handled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('replyCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('avgReplyHours', dialect === 'postgres' ? 'double precision' : 'real')
        .addColumn('remark', 'text')
        .addColumn('createTime', 'text')
        .addColumn('updateTime', 'text')
        .addUniqueConstraint('theme_count_key', ['month', 'channel', 'deptId'])
        .execute();

      await db.schema
        .createTable('people_sessions')
        .addColumn('tokenHash', 'text', (c) => c.primaryKey())
        .addColumn('puPeopleId', 'integer', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('lastSeenAt', 'text', (c) => c.notNull())
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
