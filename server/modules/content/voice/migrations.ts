import type { Migration } from 'kysely';
import type { Db } from '../../../db/types.js';

/**
 * `article_voice` (docs/voice.md): one row per article with read-aloud audio, made or being made —
 * status pending / working / ready / failed, the fingerprint of the text read (`hash`, with the engine
 * that read it), the file under `uploads/voice/` and its length. The row is the truth every instance shares.
 */
export function articleVoiceMigration(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createTable('article_voice')
        .addColumn('articleId', 'integer', (c) => c.primaryKey())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('hash', 'varchar(32)', (c) => c.notNull())
        .addColumn('engine', 'varchar(200)', (c) => c.notNull())
        .addColumn('fileName', 'varchar(100)')
        .addColumn('durationMs', 'integer')
        .addColumn('bytes', 'integer')
        .addColumn('chars', 'integer')
        .addColumn('error', 'text')
        .addColumn('createTime', 'varchar(19)', (c) => c.notNull())
        .addColumn('updateTime', 'varchar(19)', (c) => c.notNull())
        .execute();
    },
  };
}
