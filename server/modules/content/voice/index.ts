import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { ARTICLE_FOLLOWERS, type ArticleFollower } from '../articles/changes.js';
import { declarationOf } from '../../declarationLookup.js';
import { createEngine, voiceConfig } from './engine.js';
import { addArticlePageExtra, republishArticlePage } from '../../generation/articlePageHooks.js';
import { siteRoot } from '../../generation/service.js';
import { pageVoices } from './pageVoices.js';
import { voiceRoutes } from './routes.js';
import { VoiceService } from './service.js';

/**
 * 语音播报 (docs/voice.md): `/articleVoice/synthesis`, `/articleVoice/deleteVoice`, `/articleVoice/status`,
 * and the article hook: a published article of a column with 自动生成语音 gets audio of its current text;
 * a withdrawn or deleted one loses it.
 */
export async function voiceModule(app: FastifyInstance) {
  const decl = declarationOf(app, 'article') as ResourceDecl | undefined;
  if (!decl) return;
  const config = voiceConfig();
  const engine = await createEngine(config);
  const service = new VoiceService(app.db, app.portal.config.dataDir, engine, config, app.log);
  // The page shows the audio; a page whose audio became ready (or was deleted) is rendered again.
  service.refreshPage = (articleId) => republishArticlePage(app.db, articleId);
  const dataDir = app.portal.config.dataDir;
  addArticlePageExtra(app.db, 'voice', (rows) => pageVoices(app.db, dataDir, siteRoot(dataDir), rows));
  app.addHook('onClose', () => service.queue.close());
  app.addHook('onListen', () => void service.resume().catch((e: unknown) => app.log.error(e)));

  // Told by the article's behaviour after each committed change (server/entities/article.ts).
  const db = app.db;
  const follower: ArticleFollower = async (articleId, change) => {
    if (change === 'removed' || change === 'unpublished') {
      await service.remove(articleId);
      return;
    }
    const a = await db
      .selectFrom('article as a')
      .leftJoin('category as c', 'c.categoryId', 'a.columnId')
      .select(['a.status as status', 'c.autoVoice as autoVoice'])
      .where('a.articleId', '=', articleId)
      .executeTakeFirst();
    // A change of a public article is its next publication (edits of published articles stay public).
    if (!a || a.status !== 5 || Number(a.autoVoice ?? 1) === 0) return;
    if ((await service.request(articleId)) === 'busy') app.log.warn({ articleId }, 'read-aloud queue full: audio not queued');
  };
  app.entities.provide(ARTICLE_FOLLOWERS.voice, follower);

  await app.register(voiceRoutes(decl, service));
}
