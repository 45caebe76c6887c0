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
 * synced, so a column added later is watched too; when the columns are unchanged nothing is written.
 * Instances starting together each replace the trigger in one transaction: the last one wins, with the
 * same columns.
 */
export async function watchArticleColumns(db: Db, dialect: DialectName): Promise<void> {
  const id = VERSION_ROWS.articleLists;
  const names =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from pragma_table_info('article')`.execute(db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'article'`.execute(db)).rows.map((r) => r.name);
  const watched = names.filter((n) => n !== VIEW_COUNT).sort();
  if (!watched.length) return;
  const columns = watched.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ');
  if (dialect === 'sqlite') {
    const name = `cache_bump_${id}_article_update`;
    const text = `create trigger ${name} after update of ${columns} on "article" begin update perm_version set v = v + 1 where id = ${id}; end`;
    // Unchanged columns (most starts): no DDL, which would also end every prepared statement.
    const current = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = ${name}`.execute(db);
    // SQLite keeps the statement as written, its first two words in capitals.
    if (current.rows[0]?.sql.replace(/^create trigger/i, 'create trigger') === text) return;
    await db.transaction().execute(async (trx) => {
      await sql.raw(`drop trigger if exists ${name}`).execute(trx);
      await sql.raw(text).execute(trx);
    });
    return;
  }
  const name = `cache_bump_${id}_article`;
  // Unchanged columns (most starts): no DDL, which would lock the table while other instances serve.
  const current = await sql<{ name: string }>`select event_object_column as name from information_schema.triggered_update_columns where trigger_schema = current_schema() and trigger_name = ${name}`.execute(db);
  if (current.rows.map((r) => r.name).sort().join('\u0000') === watched.join('\u0000')) return;
  await db.transaction().execute(async (trx) => {
    await sql.raw(`drop trigger if exists ${name} on "article"`).execute(trx);
    await sql.raw(`create trigger ${name} after insert or update of ${columns} or delete or truncate on "article" for each statement execute function cache_version_bump_${id}()`).execute(trx);
  });
}
