import type { Migration } from 'kysely';
import mailDecl from '../../../../resources/mail.js';
import noticeDecl from '../../../../resources/notice.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { addSerialKey } from '../../../db/columns.js';
import { columnType } from '../../../db/schemaSync.js';
import type { Db, DialectName } from '../../../db/types.js';

/** The declared table as schema sync would make it; made here first so its indexes come with it. */
async function declaredTable(db: Db, dialect: DialectName, decl: ResourceDecl) {
  let builder = addSerialKey(db.schema.createTable(decl.table), decl.idField, dialect);
  for (const field of decl.fields) {
    if (field.name === decl.idField) continue;
    builder = builder.addColumn(field.name, columnType(field, dialect), (c) =>
      field.default !== undefined && field.default !== null ? c.defaultTo(field.default) : c,
    );
  }
  await builder.execute();
}

/**
 * Leader mailbox and notices (docs/interaction-mail.md): the letters with indexes on what the lists
 * filter by, handling records, department settings, counts per department, notice addressees and reads.
 */
export function interactionMailMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await declaredTable(db, dialect, mailDecl);
      for (const cols of [['status', 'receivedAt'], ['stage', 'receivedAt'], ['transferDeptId', 'stage'], ['receivedAt'], ['publicFlag', 'status'], ['boxType', 'receivedAt']]) {
        await db.schema.createIndex(`mail_${cols.join('_')}`).on('mail').columns(cols).execute();
      }
      await db.schema.createIndex('mail_queryCode').on('mail').column('queryCode').unique().execute();

      await addSerialKey(db.schema.createTable('mail_forum'), 'id', dialect)
        .addColumn('mailId', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('deptId', 'integer')
        .addColumn('deptName', 'text')
        .addColumn('userId', 'integer')
        .addColumn('userName', 'text')
        .addColumn('toDeptId', 'integer')
        .addColumn('toDeptName', 'text')
        .addColumn('content', 'text')
        .addColumn('remarks', 'text')
        .addColumn('createTime', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_forum_mailId').on('mail_forum').columns(['mailId', 'id']).execute();

      await addSerialKey(db.schema.createTable('mail_dept'), 'id', dialect)
        .addColumn('deptId', 'integer', (c) => c.notNull().unique())
        .addColumn('deptName', 'text')
        .addColumn('isMailDept', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('replyDays', 'integer', (c) => c.notNull().defaultTo(15))
        .addColumn('contactName', 'text')
        .addColumn('contactPhone', 'text')
        .addColumn('remark', 'text')
        .addColumn('updateTime', 'text')
        .execute();

      await addSerialKey(db.schema.createTable('mail_count'), 'id', dialect)
        .addColumn('deptId', 'integer', (c) => c.notNull().unique())
        .addColumn('deptName', 'text')
        .addColumn('receivedCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('repliedCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('returnedCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('overdueCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('satisfiedCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unsatisfiedCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('resetTime', 'text')
        .addColumn('updateTime', 'text')
        .execute();

      await declaredTable(db, dialect, noticeDecl);
      await db.schema.createIndex('notice_createTime').on('notice').column('createTime').execute();
      await db.schema
        .createTable('notice_target')
        .addColumn('noticeId', 'integer', (c) => c.notNull())
        .addColumn('targetType', 'text', (c) => c.notNull())
        .addColumn('targetId', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_target_pk', ['noticeId', 'targetType', 'targetId'])
        .execute();
      await db.schema.createIndex('notice_target_by_target').on('notice_target').columns(['targetType', 'targetId']).execute();
      await db.schema
        .createTable('notice_read')
        .addColumn('noticeId', 'integer', (c) => c.notNull())
        .addColumn('userId', 'integer', (c) => c.notNull())
        .addColumn('readTime', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_read_pk', ['noticeId', 'userId'])
        .execute();
    },
  };
}
