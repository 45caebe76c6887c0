import type { Migration } from 'kysely';
import { addSerialKey } from '../../../db/columns.js';
import type { Db, DialectName } from '../../../db/types.js';

/**
 * Questions, options, answer records and answers of the questionnaires (`survey` itself is a declared
 * table). One record per visitor and survey: unique (surveyId, visitorToken); docs/interaction-forms.md.
 */
export function surveyTablesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await addSerialKey(db.schema.createTable('survey_question'), 'id', dialect)
        .addColumn('surveyId', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('survey_question_survey').on('survey_question').column('surveyId').execute();
      await addSerialKey(db.schema.createTable('survey_option'), 'id', dialect)
        .addColumn('surveyId', 'integer', (c) => c.notNull())
        .addColumn('questionId', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('survey_option_question').on('survey_option').column('questionId').execute();
      await addSerialKey(db.schema.createTable('survey_record'), 'id', dialect)
        .addColumn('surveyId', 'integer', (c) => c.notNull())
        .addColumn('visitorToken', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('name', 'text')
        .addColumn('phone', 'text')
        .addColumn('createTime', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('survey_record_visitor').unique().on('survey_record').columns(['surveyId', 'visitorToken']).execute();
      await db.schema.createIndex('survey_record_ip').on('survey_record').columns(['surveyId', 'ip']).execute();
      await addSerialKey(db.schema.createTable('survey_answer'), 'id', dialect)
        .addColumn('recordId', 'integer', (c) => c.notNull())
        .addColumn('surveyId', 'integer', (c) => c.notNull())
        .addColumn('questionId', 'integer', (c) => c.notNull())
        .addColumn('optionId', 'integer')
        .addColumn('content', 'text')
        .execute();
      await db.schema.createIndex('survey_answer_record').on('survey_answer').column('recordId').execute();
      await db.schema.createIndex('survey_answer_question').on('survey_answer').columns(['questionId', 'optionId']).execute();
    },
  };
}
