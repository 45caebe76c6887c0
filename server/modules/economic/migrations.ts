import type { Migration } from 'kysely';
import { addSerialKey } from '../../db/columns.js';
import type { Db, DialectName } from '../../db/types.js';

/**
 * `economic_figure`: one row per area, indicator and period (docs/economic-data.md). Eight declarations
 * share it, so it is made here with its unique key; the declarations' columns must match these.
 */
export function economicFigureMigration(dialect: DialectName): Migration {
  const decimal = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('economic_figure'), 'id', dialect)
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('indicator', 'text', (c) => c.notNull())
        .addColumn('periodType', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('period', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('value', decimal, (c) => c.notNull())
        .addColumn('growthRate', decimal)
        .addColumn('remark', 'text')
        .addColumn('deptId', 'integer')
        .addColumn('deptName', 'text')
        .addColumn('creatorId', 'integer')
        .addColumn('creatorName', 'text')
        .addColumn('createTime', 'text')
        .addColumn('updateTime', 'text')
        .execute();
      await db.schema
        .createIndex('economic_figure_key')
        .unique()
        .on('economic_figure')
        .columns(['area', 'indicator', 'periodType', 'year', 'period'])
        .execute();
    },
  };
}
