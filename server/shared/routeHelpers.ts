import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requirePermission } from '../auth/authenticate.js';
import { resolveSession } from '../auth/sessions.js';
import { appKeyOf, tokenFromHeader } from '../auth/tokens.js';
import { loadPortalUser } from '../auth/userContext.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { invalidValue, unauthorized } from '../http/errors.js';

/**
 * Route helpers the modules share (moved out of surveys): the optional caller of a public route, staff on
 * a public route, integer and object parameters, registration at the root context.
 */

/** The logged-in caller of a public route when it sends a valid token, else null. */
export async function optionalUser(app: FastifyInstance, request: FastifyRequest): Promise<PortalUser | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return null;
  const appKey = appKeyOf(request.headers.appkey);
  const session = await resolveSession(app.db, token, appKey, app.portal.config.sessionIdleMinutes);
  if (!session) return null;
  const user = await loadPortalUser(app.db, session.userId, appKey, session.tokenHash);
  if (!user) return null;
  request.portalUser = user;
  return user;
}

/** A public route that also serves staff: needs a valid token holding `permission`. */
export async function requireStaff(app: FastifyInstance, request: FastifyRequest, permission: string): Promise<PortalUser> {
  const user = await optionalUser(app, request);
  if (!user) throw unauthorized();
  requirePermission(request, permission);
  return user;
}

export const asInt = (v: unknown, label: string): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) throw invalidValue(`${label}必须是整数`);
  return n;
};

/** An object in a body field, or a 1002. */
export function asObject(v: unknown, label: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw invalidValue(`${label}格式不正确`);
  return v as Record<string, unknown>;
}

/**
 * Registers a module in its parent's context (fastify-plugin), so `app` inside is the root
 * instance: the public guard keys its per-server limits (setPublicLimits) by that instance.
 */
export function atRoot<T extends (app: FastifyInstance) => Promise<void>>(plugin: T): T {
  // fastify-plugin marks the function itself (and answers it), so the plugin keeps its type.
  fp(plugin as (app: FastifyInstance) => Promise<void>);
  return plugin;
}
