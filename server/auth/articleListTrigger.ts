import { sql } from 'kysely';
import type { Db, DialectName } from '../db/types.js';
import { VERSION_ROWS } from './cacheVersions.js';
import { ensureCounterTrigger } from './counterTriggers.js';

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
  // On SQLite the update trigger only: inserts and deletes have their own since the counters' migration.
  await ensureCounterTrigger(db, dialect, { id, table: 'article', columns: watched }, ['update']);
}
