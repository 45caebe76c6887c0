import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Runs `fn` once a request of `app` has ended, answered (onResponse) or aborted by its client (onRequestAbort),
 * as callback hooks: no promise and microtask per request (session 31). `fn` must be synchronous and cheap.
 */
export function onRequestEnd(app: FastifyInstance, fn: (request: FastifyRequest) => void): void {
  app.addHook('onResponse', (request, _reply, done) => {
    fn(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    fn(request);
    done();
  });
}
