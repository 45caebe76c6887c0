import type { Migration } from 'kysely';
import { addSerialKey } from '../../db/columns.js';
import type { Db, DialectName } from '../../db/types.js';

/**
 * Content tables (docs/content.md): columns (`category`) and their role grants, content models and their
 * fields, articles with their review history, related articles and sensitive-word hits. The columns of
 * `category`, `content_model` and `article` match their declarations in resources/, so the declaration
 * sync finds nothing to add; the migration adds the indexes the lists need.
 */
export function contentTablesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await createColumnTables(db, dialect);
      await createModelTables(db, dialect);
      await createArticleTable(db, dialect);
      await createArticleSideTables(db, dialect);
    },
  };
}

/** Columns (`category`) and their role grants. */
async function createColumnTables(db: Db, dialect: DialectName) {
  await addSerialKey(db.schema.createTable('category'), 'categoryId', dialect)
    .addColumn('categoryTitle', 'text', (c) => c.notNull())
    .addColumn('categoryCategoryId', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('columnType', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('categorySort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('categorySmallImg', 'text')
    .addColumn('columnKeyword', 'text')
    .addColumn('columnDescrip', 'text')
    .addColumn('columnListUrl', 'text')
    .addColumn('columnUrl', 'text')
    .addColumn('columnDiyUrl', 'text')
    .addColumn('columnContentModelId', 'integer')
    .addColumn('relationCategoryid', 'integer')
    .addColumn('columnPath', 'text')
    .addColumn('createTime', 'text')
    .addColumn('updateTime', 'text')
    .execute();
  await db.schema.createIndex('category_parent_idx').on('category').column('categoryCategoryId').execute();

  await db.schema
    .createTable('category_role')
    .addColumn('roleId', 'integer', (c) => c.notNull())
    .addColumn('categoryId', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_role_pk', ['roleId', 'categoryId'])
    .execute();
}

/** Content models and their fields. */
async function createModelTables(db: Db, dialect: DialectName) {
  await addSerialKey(db.schema.createTable('content_model'), 'cmId', dialect)
    .addColumn('cmTipsName', 'text', (c) => c.notNull())
    .addColumn('cmTableName', 'text', (c) => c.notNull().unique())
    .addColumn('createTime', 'text')
    .addColumn('updateTime', 'text')
    .execute();

  await addSerialKey(db.schema.createTable('content_model_field'), 'fieldId', dialect)
    .addColumn('fieldCmId', 'integer', (c) => c.notNull())
    .addColumn('fieldTipsName', 'text', (c) => c.notNull())
    .addColumn('fieldFieldName', 'text', (c) => c.notNull())
    .addColumn('fieldType', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fieldOptions', 'text')
    .addColumn('fieldRequired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fieldSort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fieldDefault', 'text')
    .addColumn('createTime', 'text')
    .addUniqueConstraint('content_model_field_name_uq', ['fieldCmId', 'fieldFieldName'])
    .execute();
}

/** Articles, with the indexes of the admin and public lists. */
async function createArticleTable(db: Db, dialect: DialectName) {
  await addSerialKey(db.schema.createTable('article'), 'articleId', dialect)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subTitle', 'text')
    .addColumn('columnId', 'integer', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('summary', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('flags', 'text')
    .addColumn('source', 'text')
    .addColumn('author', 'text')
    .addColumn('keywords', 'text')
    .addColumn('publishTime', 'text')
    .addColumn('jumpUrl', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastOpinion', 'text')
    .addColumn('submitTime', 'text')
    .addColumn('deptId', 'integer')
    .addColumn('deptName', 'text')
    .addColumn('creatorId', 'integer')
    .addColumn('creatorName', 'text')
    .addColumn('createTime', 'text')
    .addColumn('updateTime', 'text')
    .execute();
  // Admin list by column (and state), public lists of a column, the review queue, own/department lists.
  await db.schema.createIndex('article_column_idx').on('article').columns(['columnId', 'sort', 'publishTime', 'articleId']).execute();
  await db.schema.createIndex('article_column_status_idx').on('article').columns(['columnId', 'status', 'sort', 'publishTime']).execute();
  await db.schema.createIndex('article_status_idx').on('article').columns(['status', 'publishTime']).execute();
  await db.schema.createIndex('article_creator_idx').on('article').column('creatorId').execute();
  await db.schema.createIndex('article_dept_idx').on('article').column('deptId').execute();
}

/** An article's review history, related articles, sensitive-word hits; the uploads. */
async function createArticleSideTables(db: Db, dialect: DialectName) {
  await addSerialKey(db.schema.createTable('article_flow'), 'id', dialect)
    .addColumn('articleId', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actionName', 'text', (c) => c.notNull())
    .addColumn('fromStatus', 'integer')
    .addColumn('toStatus', 'integer')
    .addColumn('opinion', 'text')
    .addColumn('userId', 'integer')
    .addColumn('userName', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('article_flow_article_idx').on('article_flow').column('articleId').execute();

  await addSerialKey(db.schema.createTable('article_relevant'), 'id', dialect)
    .addColumn('articleId', 'integer', (c) => c.notNull())
    .addColumn('relevantId', 'integer', (c) => c.notNull())
    .addColumn('createTime', 'text')
    .addUniqueConstraint('article_relevant_uq', ['articleId', 'relevantId'])
    .execute();

  await addSerialKey(db.schema.createTable('article_sensitive'), 'id', dialect)
    .addColumn('articleId', 'integer', (c) => c.notNull())
    .addColumn('wordId', 'integer')
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('context', 'text')
    .addColumn('createTime', 'text')
    .execute();
  // Uploaded files (server/files/uploads.ts): who uploaded what, so only they (or ALL-scope users) delete it.
  await addSerialKey(db.schema.createTable('upload_file'), 'id', dialect)
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('originalName', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text')
    .addColumn('size', 'integer')
    .addColumn('userId', 'integer')
    .addColumn('createTime', 'text')
    .execute();

  await db.schema.createIndex('article_sensitive_article_idx').on('article_sensitive').column('articleId').execute();
}
