import { sql, type Migration } from 'kysely';
import { addSerialKey } from '../../db/columns.js';
import { dynamic, type Db, type DialectName } from '../../db/types.js';
import { proposeColumnRoles, proposeUpdateLimits } from '../../entities/column.js';
import { purgeMadeUpChecks } from '../../entities/inspectionRecord.js';
import { purgeSampleHosts } from '../../entities/serverInfo.js';

/**
 * Monitoring tables (docs/monitoring.md): inspection records and server samples (their columns match
 * resources/inspectionRecord.ts and resources/serverInfo.ts), broken links per link-check record, the
 * reminders already sent (one per item and stage), the staff-filled fields of the annual report, and the
 * column setting `updateLimitDays` with its default by column kind (news 14 days, notice/policy 180).
 */
export function monitorTablesMigration(dialect: DialectName): Migration {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('inspection_record'), 'id', dialect)
        .addColumn('websiteId', 'integer')
        .addColumn('websiteName', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('result', 'integer', (c) => c.notNull())
        .addColumn('statusCode', 'integer')
        .addColumn('responseMs', 'integer')
        .addColumn('certExpireDays', 'integer')
        .addColumn('message', 'text')
        .addColumn('detail', 'text')
        .addColumn('checkTime', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('inspection_record_site_time_idx').on('inspection_record').columns(['websiteId', 'checkTime']).execute();
      await db.schema.createIndex('inspection_record_time_idx').on('inspection_record').columns(['checkTime', 'kind']).execute();

      await addSerialKey(db.schema.createTable('broken_link'), 'id', dialect)
        .addColumn('recordId', 'integer', (c) => c.notNull())
        .addColumn('websiteId', 'integer')
        .addColumn('pageUrl', 'text', (c) => c.notNull())
        .addColumn('linkUrl', 'text', (c) => c.notNull())
        .addColumn('statusCode', 'integer')
        .addColumn('error', 'text')
        .addColumn('external', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('broken', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('onHome', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('checkTime', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('broken_link_record_idx').on('broken_link').column('recordId').execute();

      await addSerialKey(db.schema.createTable('server_sample'), 'id', dialect)
        .addColumn('sampleTime', 'text', (c) => c.notNull())
        .addColumn('hostName', 'text')
        .addColumn('cpuPercent', sql.raw(real))
        .addColumn('load1', sql.raw(real))
        .addColumn('memPercent', sql.raw(real))
        .addColumn('memUsedMb', 'integer')
        .addColumn('memTotalMb', 'integer')
        .addColumn('diskPercent', sql.raw(real))
        .addColumn('diskFreeMb', 'integer')
        .addColumn('uptimeSec', 'integer')
        .addColumn('dbSizeMb', sql.raw(real))
        .addColumn('pendingGeneration', 'integer')
        .execute();
      await db.schema.createIndex('server_sample_time_idx').on('server_sample').column('sampleTime').execute();

      await db.schema
        .createTable('reminder_sent')
        .addColumn('eventType', 'text', (c) => c.notNull())
        .addColumn('itemKey', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('sentAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('reminder_sent_pk', ['eventType', 'itemKey', 'stage'])
        .execute();

      await db.schema
        .createTable('annual_report')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('updaterName', 'text')
        .addColumn('updateTime', 'text')
        .execute();

      await db.schema.alterTable('category').addColumn('updateLimitDays', 'integer').execute();
      await proposeUpdateLimits(dynamic(db));
    },
  };
}

/**
 * 栏目类别（考核） (`category.columnRole`, resources/column.ts): the inspection indicators read a column's
 * declared role. Existing columns get a proposal from their title once; staff correct it on the form.
 */
export function columnRoleMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema.alterTable('category').addColumn('columnRole', 'text').execute();
      await proposeColumnRoles(dynamic(db));
    },
  };
}

/**
 * Sites started before issue 21 hold the old demo's made-up history (hourly checks marked `"demo":true`,
 * samples of host `portal-demo`, one invented link check): removed, so no indicator, list or annual
 * report counts a figure nobody measured.
 */
export function purgeSampleMonitoringMigration(): Migration {
  return {
    async up(db: Db) {
      await purgeMadeUpChecks(db);
      await purgeSampleHosts(db);
    },
  };
}
