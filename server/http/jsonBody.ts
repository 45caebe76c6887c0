import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Our own JSON parser: an empty body counts as no body (clients POST `/user/info` with a JSON content
 * type and nothing else), malformed JSON is 400 `请求格式错误`.
 */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest(), undefined);
    }
  });
}
