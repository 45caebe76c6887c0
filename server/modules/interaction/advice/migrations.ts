import type { Migration } from 'kysely';
import { addSerialKey } from '../../../db/columns.js';
import type { Db, DialectName } from '../../../db/types.js';

/** Opinions of the public on an advice topic (`advice` itself is a declared table). */
export function adviceOpinionMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('advice_opinion'), 'id', dialect)
        .addColumn('adviceId', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('queryCode', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('createTime', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('advice_opinion_advice').on('advice_opinion').column('adviceId').execute();
      await db.schema.createIndex('advice_opinion_code').on('advice_opinion').columns(['queryCode', 'phone']).execute();
    },
  };
}
