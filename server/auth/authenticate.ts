import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.js';
import { refuseUntilPasswordChanged } from './passwordChange.js';
import { keepRequestCounters } from '../db/lanes.js';
import { readCacheVersions } from './cacheVersions.js';
import { appKeyOf, tokenFromHeader } from './tokens.js';
import { createPermissionCache } from './permissionCache.js';
import { createSessionCache } from './sessionCache.js';

/** Throws 403 unless the caller holds the permission key. */
export function requirePermission(request: FastifyRequest, key: string): void {
  if (!request.portalUser?.permissions.has(key)) throw forbidden();
}

/**
 * Every route is private unless its config says `public: true`. Runs before the body is parsed,
 * so strangers cannot make the server parse large bodies.
 */
export function installAuthentication(app: FastifyInstance): void {
  // Sessions and permission sets cached, checked against the database's counters on every call: one
  // statement reads them all (server/auth/cacheVersions.ts); the article lists use the third.
  const portalUserOf = createPermissionCache(app.db);
  const sessionOf = createSessionCache(app.db, app.portal.config.sessionIdleMinutes);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config?.public) return;
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw unauthorized();
    const appKey = appKeyOf(request.headers.appkey);
    const versions = await readCacheVersions(app.db);
    const session = await sessionOf(token, appKey, versions.sessions);
    if (!session) throw unauthorized();
    const user = await portalUserOf(session.userId, appKey, session.tokenHash, versions.permissions);
    if (!user) throw unauthorized();
    request.portalUser = user;
    request.cacheVersions = versions;
    keepRequestCounters(versions as unknown as Readonly<Record<string, number>>);
    // A session that must change its password first is refused everything else (a business answer, not 4xx).
    if (session.mustChangePassword) refuseUntilPasswordChanged(request.routeOptions.url);
  });

  // Static permission keys are checked here; body-dependent ones (add = create or update) after parsing.
  // Before the route schema validates the body: a caller without the key learns nothing about it.
  // A callback hook (a refusal thrown here reaches the error handler as an async one's would): no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    // routeOptions is built anew on every read (Fastify): read once.
    const config = request.routeOptions.config;
    const permission = config?.permission;
    if (permission && !request.is404 && !config?.public) requirePermission(request, typeof permission === 'function' ? permission(request) : permission);
    done();
  });
}
