import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.js';
import { atRoot } from '../../shared/routeHelpers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Site pages (`pages/<name>.html` of the skin) rendered again once this route has answered success:
     * their content is written into the page at generation time (docs/generation.md "Service pages").
     */
    republish?: readonly string[];
  }
}

type Republisher = (names: readonly string[]) => Promise<void>;

/** Per database, so generation imports none of the domains whose data the pages show. */
const republishers = new WeakMap<Db, Republisher>();

export const setSitePageRepublisher = (db: Db, republish: Republisher) => void republishers.set(db, republish);

/** Renders these site pages again (a no-op until the generation module has registered). Never throws. */
export async function republishSitePagesOf(db: Db, names: readonly string[]): Promise<void> {
  await republishers.get(db)?.(names);
}

/**
 * App-wide and registered before the domain modules (a hook reaches only the routes registered after it):
 * after a route with `config.republish` answered `errorCode` "0", its pages are rendered again before the
 * answer leaves, so staff who published an answer find it on the page they open next.
 */
export const sitePageRepublishHook = atRoot(async function sitePageRepublishHook(app: FastifyInstance) {
  // A callback hook: the routes without `republish` (nearly all) pass at once, without a promise (session 31).
  app.addHook('onSend', (request, reply, payload, done) => {
    const names = request.routeOptions.config?.republish;
    if (!names?.length || reply.statusCode !== 200 || typeof payload !== 'string' || !payload.includes('"errorCode":"0"')) return done(null, payload);
    republishSitePagesOf(app.db, names).then(() => done(null, payload), done);
  });
});
