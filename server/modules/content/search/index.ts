import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ARTICLE_FOLLOWERS, type ArticleFollower } from '../articles/changes.js';
import { rebuildSearchIndex, syncArticles } from './indexer.js';
import { createPendingCleaner } from './pgPending.js';
import { searchRoutes } from './routes.js';
import { seedSynonyms } from './seed.js';
import { createUnderstandingStore } from './understanding/store.js';
import { createSearchPool, defaultSearchWorkers } from './worker/pool.js';

/** Each PostgreSQL search worker's own pool: ten concurrent searches wait on a few connections, not on two cores. */
const PG_WORKER_CONNECTIONS = 6;

/** Paths whose writes change what the search understands (the staff's tables): read them again at once. */
const CONFIG_PATHS = /^\/(searchSynonym|searchService|searchTerm|hotWord)\/(add|update|dels)\b/;

/**
 * Article search (docs/search-and-reports.md): keeps the index in step with the articles through the
 * content core's hooks (so /api/article/manualSavaEs, which runs them, rebuilds it) and serves the two
 * public search calls. Articles written straight into the table (demo seed, imports) are indexed at
 * start when the index is empty.
 */
export async function searchModule(app: FastifyInstance) {
  // Told by the article's behaviour after each committed change (server/entities/article.ts).
  // PostgreSQL: the word indexes' pending lists merged a few seconds after a burst of changes (pgPending.ts).
  const pending = app.portal.dialect === 'postgres' ? createPendingCleaner(app.db, (e) => app.log.error(e)) : null;
  if (pending) app.addHook('onClose', async () => pending.stop());
  const follower: ArticleFollower = async (articleId) => {
    await syncArticles(app.db, [articleId]);
    pending?.touch();
  };
  app.entities.provide(ARTICLE_FOLLOWERS.search, follower);
  const indexed = (await app.db.selectFrom('article_search').select('articleId').limit(1).executeTakeFirst()) !== undefined;
  if (!indexed) {
    const published = await app.db.selectFrom('article').select('articleId').where('status', '=', 5).limit(1).executeTakeFirst();
    if (published) await rebuildSearchIndex(app.db);
  }
  await seedSynonyms(app);
  const understanding = createUnderstandingStore(app.db);
  // Searches answered by workers with their own read connections (worker/pool.ts), SEARCH_WORKERS of them
  // (0: on the request thread, as before). On PostgreSQL only when SEARCH_WORKERS asks (session 28): there the
  // database's backends take most of a search's CPU, and on two cores a worker cost more than it saved
  // (docs/performance.md, "Issue 25, session 28").
  const asked = process.env.SEARCH_WORKERS;
  const workers = asked === undefined ? (app.portal.dialect === 'sqlite' ? defaultSearchWorkers() : 0) : Number(asked) || 0;
  const { dataDir, databaseUrl } = app.portal.config;
  const source = databaseUrl ? { databaseUrl, connections: PG_WORKER_CONNECTIONS } : { file: path.join(dataDir, 'portal.sqlite') };
  const pool = workers > 0 ? createSearchPool(source, workers, (e) => app.log.error(e)) : null;
  if (pool) app.addHook('onClose', () => pool.close());
  // On every route of the app (this module is not encapsulated): the staff's generic CRUD calls. Before the
  // answer goes out (onSend, not onResponse), so the staff's very next search already uses the change.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'POST' && CONFIG_PATHS.test(request.url)) {
      understanding.invalidate();
      pool?.invalidate();
    }
    done(null, payload);
  });
  await app.register(searchRoutes, { understanding, pool });
}
fp(searchModule, { name: 'portal-search' });
