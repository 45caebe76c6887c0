import type { FastifyInstance } from 'fastify';
import { NO_QUERY } from '../http/routeInput.js';
import { openApiDocument, OPENAPI_PATH } from './document.js';

/**
 * GET /api/openapi.json: the OpenAPI document, built once when first asked (every route is registered
 * by then). Public, like the spec it restates: it holds paths, field rules and permission keys, no data.
 */
export async function openApiRoute(app: FastifyInstance): Promise<void> {
  let cached: string | null = null;
  app.get(OPENAPI_PATH, { config: { public: true }, schema: NO_QUERY, attachValidation: true }, async (_request, reply) => {
    cached ??= JSON.stringify(openApiDocument(app.portal.declarations, app.routeList));
    return reply.type('application/json; charset=utf-8').send(cached);
  });
}
