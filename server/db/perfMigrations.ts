import { sql, type Migration } from 'kysely';
import type { Db, DialectName } from './types.js';

/** Every field the article list screen may sort by (resources/article.ts `list.sortable`). */
const ARTICLE_SORTS = ['publishTime', 'createTime', 'sort', 'hits', 'title', 'updateTime', 'submitTime'];

/**
 * One index per declared article sort, with and without the column, ending in the articleId tie-break, so
 * a page of a column (or of everything) in any order is read straight off an index instead of sorting
 * the column's rows; plus the default order (sort, publishTime, articleId) without a column.
 */
export function perfIndexesMigration(): Migration {
  return {
    async up(db: Db) {
      for (const f of ARTICLE_SORTS) {
        await db.schema.createIndex(`article_col_${f}_idx`).on('article').columns(['columnId', f, 'articleId']).execute();
        await db.schema.createIndex(`article_${f}_idx`).on('article').columns([f, 'articleId']).execute();
      }
      await db.schema.createIndex('article_default_order_idx').on('article').columns(['sort', 'publishTime', 'articleId']).execute();
    },
  };
}

/**
 * The search index keeps a plain-text excerpt of each article for the result snippets (instead of reading
 * and stripping 20 HTML bodies per page). The index is emptied; the search module rebuilds it at start.
 */
export function searchExcerptMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await db.schema.alterTable('article_search').addColumn('excerpt', 'text').execute();
      await db.deleteFrom('article_search').execute();
      if (dialect === 'sqlite') await sql`insert into article_fts(article_fts) values ('delete-all')`.execute(db);
    },
  };
}
