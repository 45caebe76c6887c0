import { sql, type Migration } from 'kysely';
import type { Db, DialectName } from '../../../db/types.js';

/**
 * The article search index (docs/search-and-reports.md): `article_search` holds one row per PUBLISHED
 * article (filters and order), the words live in `article_fts` (SQLite FTS5 over bigram text, contentless)
 * or in `article_search.terms` (PostgreSQL text[] of bigrams with a GIN index). Fed by the article hooks.
 */
export function articleSearchMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      let t = db.schema
        .createTable('article_search')
        .addColumn('articleId', 'integer', (c) => c.primaryKey())
        .addColumn('columnId', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('publishTime', 'text', (c) => c.notNull())
        .addColumn('zwgk', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('wjType', 'text')
        .addColumn('wjbh', 'text')
        .addColumn('docYear', 'integer')
        .addColumn('docDay', 'text');
      if (dialect === 'postgres') t = t.addColumn('terms', sql`text[]`, (c) => c.notNull());
      await t.execute();
      await db.schema.createIndex('article_search_time_idx').on('article_search').columns(['publishTime', 'articleId']).execute();
      await db.schema.createIndex('article_search_zwgk_idx').on('article_search').columns(['zwgk', 'publishTime']).execute();
      await db.schema.createIndex('article_search_column_idx').on('article_search').columns(['columnId', 'publishTime']).execute();
      if (dialect === 'postgres') {
        await sql`create index article_search_terms_idx on article_search using gin (terms)`.execute(db);
      } else {
        // Contentless (the text is the article's own), detail=column: enough for AND, prefix and column filters.
        await sql`create virtual table article_fts using fts5(t, b, tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1, detail = column)`.execute(db);
      }
    },
  };
}

/**
 * Result order in the index itself: `docKey` = publish minute × 10^7 + articleId mod 10^7, so "newest
 * first" is the FTS5 rowid order (SQLite streams the first page without sorting the matches) and an
 * index on PostgreSQL. The index is emptied here and rebuilt by the search module at start.
 */
export function articleSearchOrderMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await db.deleteFrom('article_search').execute();
      await db.schema.alterTable('article_search').addColumn('docKey', 'bigint').execute();
      await db.schema.createIndex('article_search_dockey_idx').on('article_search').column('docKey').unique().execute();
      if (dialect === 'sqlite') {
        await sql`drop table article_fts`.execute(db);
        await sql`create virtual table article_fts using fts5(t, b, tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1, detail = column)`.execute(db);
      }
    },
  };
}

/**
 * Merges the SQLite word index into one segment once (docs/performance.md, search): an index bulk-built before
 * rebuildSearchIndex optimised it reads a common word's matches 3–6× slower. Later builds optimise themselves.
 */
export function articleSearchOptimizeMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      if (dialect === 'sqlite') await sql`insert into article_fts(article_fts) values ('optimize')`.execute(db);
    },
  };
}

/**
 * Relevance ordering (issue 25): the SQLite word index gets the subtitle as its own column (t title, s subtitle,
 * b body) so bm25() can weigh each; PostgreSQL gets `tsv`, a weighted tsvector (A title, B subtitle, D body) for
 * ts_rank_cd, and title-only terms (`t:` prefix) in `terms`. The index is emptied and rebuilt at start.
 */
export function articleSearchRelevanceMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      await db.deleteFrom('article_search').execute();
      if (dialect === 'sqlite') {
        await sql`drop table article_fts`.execute(db);
        // detail=full: bm25() needs the term frequencies (with detail=column it answers 0 for every row).
        await sql`create virtual table article_fts using fts5(t, s, b, tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1, detail = full)`.execute(db);
      } else {
        await sql`alter table article_search add column tsv tsvector`.execute(db);
      }
      // Searches of the public site by day and keyword (statistics for staff): gathered in memory, written in bursts.
      await db.schema
        .createTable('search_stat')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('keyword', 'text', (c) => c.notNull())
        .addColumn('searches', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('zeroResults', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rewrittenTo', 'text')
        .addPrimaryKeyConstraint('search_stat_pk', ['day', 'keyword'])
        .execute();
    },
  };
}

/**
 * Search speed (issue 25, session 22): on SQLite a narrow index holding what the facets and the common-word
 * relevance read of the newest thousand matches (column, year, type, title), so those reads skip the index
 * rows' wide excerpts (up to 1,000 characters each).
 */
export function articleSearchFacetIndexMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      if (dialect === 'sqlite') await db.schema.createIndex('article_search_facet_idx').on('article_search').columns(['docKey', 'columnId', 'docYear', 'wjType', 'title']).execute();
    },
  };
}

/**
 * Search speed (issue 25, session 32): PostgreSQL's narrow index for the facets (column, year, type of the newest
 * thousand matches by their docKeys), so they are an index-only read instead of a heap page per match (a common
 * word's 1,000 keys: 12–15 → 1.1–2.0 ms). No title (SQLite's has it): a btree entry has a size limit, and a title
 * written straight into the table is not bounded.
 */
export function articleSearchPgFacetIndexMigration(dialect: DialectName): Migration {
  return {
    async up(db: Db) {
      if (dialect === 'postgres') await db.schema.createIndex('article_search_facet_idx').on('article_search').columns(['docKey', 'columnId', 'docYear', 'wjType']).execute();
    },
  };
}
