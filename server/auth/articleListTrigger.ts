import { sql } from 'kysely';
import type { Db, DialectName } from '../db/types.js';
import { VERSION_ROWS } from './cacheVersions.js';

/** The article column a public page view raises (`/api/article/hit`): not watched by the list counter. */
const VIEW_COUNT = 'hits';

/**
 * The article-list counter (row 3, server/auth/cacheVersions.ts) ignores view counts. Every public page view
 * raises `article.hits`; a counter moved by each view would empty the list cache several times a second on
 * a busy site. Its update trigger on `article` therefore names every column but `hits`, and lists show view
 * counts at most a little old instead (listCache.ts). Inserts, deletes (and on PostgreSQL TRUNCATE) still
 * move it. The column list is read from the table at every start, after the declarations' columns are
 * synced, so a column added later is watched too. Instances starting together each replace the trigger in
 * one transaction: the last one wins, with the same columns.
 */
export async function watchArticleColumns(db: Db, dialect: DialectName): Promise<void> {
  const id = VERSION_ROWS.articleLists;
  const names =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from pragma_table_info('article')`.execute(db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'article'`.execute(db)).rows.map((r) => r.name);
  const columns = names.filter((n) => n !== VIEW_COUNT).map((n) => `"${n.replace(/"/g, '""')}"`).join(', ');
  if (!columns) return;
  await db.transaction().execute(async (trx) => {
    if (dialect === 'sqlite') {
      await sql.raw(`drop trigger if exists cache_bump_${id}_article_update`).execute(trx);
      await sql.raw(`create trigger cache_bump_${id}_article_update after update of ${columns} on "article" begin update perm_version set v = v + 1 where id = ${id}; end`).execute(trx);
    } else {
      await sql.raw(`drop trigger if exists cache_bump_${id}_article on "article"`).execute(trx);
      await sql.raw(`create trigger cache_bump_${id}_article after insert or update of ${columns} or delete or truncate on "article" for each statement execute function cache_version_bump_${id}()`).execute(trx);
    }
  });
}
