import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteConfig } from './siteConfig.js';

const ALLOWED_METHODS = new Set(['GET', 'POST']);

function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Vary', 'Origin');
}

/**
 * CORS for the public site on another domain (docs/generation.md "Hosting"): the public calls (routes
 * with `config.public`) answer the origins in PUBLIC_ORIGINS — no credentials, JSON bodies allowed;
 * staff calls never send CORS headers, and no other origin gets them. Registered app-wide.
 */
export async function publicCors(app: FastifyInstance) {
  const origins = new Set(siteConfig().publicOrigins);
  if (!origins.size) return;
  // The public routes registered after this plugin (every domain module's), for the preflight, which has no route of its own.
  const publicRoutes: { method: string; re: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (!(route.config as { public?: boolean } | undefined)?.public) return;
    const re = new RegExp(`^${route.url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
    for (const m of [route.method].flat()) publicRoutes.push({ method: String(m).toUpperCase(), re });
  });
  // The declarations' public operations, registered by the generic routes before this plugin.
  for (const decl of app.portal.declarations) {
    for (const op of decl.publicOps ?? []) publicRoutes.push({ method: op.method ?? 'POST', re: new RegExp(`^${op.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&')}$`) });
  }
  const isPublic = (method: string, url: string): boolean => {
    const p = url.split('?')[0] ?? '';
    return publicRoutes.some((r) => r.method === method && r.re.test(p));
  };
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !origins.has(origin)) return;
    if (request.method === 'OPTIONS') {
      const wanted = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
      if (!ALLOWED_METHODS.has(wanted) || !isPublic(wanted, request.url)) return;
      allowOrigin(reply, origin);
      reply.header('Access-Control-Allow-Methods', 'GET, POST');
      reply.header('Access-Control-Allow-Headers', 'Content-Type, Idempotency-Key');
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
    if (request.routeOptions.config?.public) allowOrigin(reply, origin);
  });
}
// In the parent's context, so its hooks see every public route.
fp(publicCors, { name: 'portal-public-cors' });
