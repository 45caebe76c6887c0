import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/migrations.js';
import { NO_QUERY } from './routeInput.js';

/**
 * For load balancers (docs/deploy.md): `/healthz` answers while the process serves HTTP (liveness);
 * `/readyz` answers 200 only when the database answers and every migration has run, and 503 while the
 * server is shutting down, so the balancer stops sending new requests first.
 */
export function healthRoutes(app: FastifyInstance, isClosing: () => boolean): void {
  const cfg = { config: { public: true }, schema: NO_QUERY, attachValidation: true };
  app.get('/healthz', cfg, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', cfg, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (isClosing()) return reply.status(503).send({ status: 'closing' });
    try {
      await sql`select 1`.execute(app.db);
      const pending = await pendingMigrations(app.db, app.portal.dialect);
      if (pending.length > 0) return reply.status(503).send({ status: 'migrations pending', pending });
    } catch (error) {
      app.log.warn({ err: error }, 'readyz: database not reachable');
      return reply.status(503).send({ status: 'database unreachable' });
    }
    return reply.send({ status: 'ready' });
  });
}
