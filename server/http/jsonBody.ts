import type { FastifyInstance } from 'fastify';
import { badRequest, PortalError } from './errors.js';

/** Deepest nesting of objects and arrays a body may have; no call of the contract needs more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of `text` (brackets outside strings), counted without recursion. Deeper bodies are
 * refused before JSON.parse: every later recursive walk (JSON.stringify of a cache key or an echo, schema
 * checks, sanitising) would otherwise overflow the stack on a body nested thousands of levels deep.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

export const tooDeep = () => new PortalError(400, `请求内容嵌套层级过深（最多${MAX_JSON_DEPTH}层）`, 400);

/**
 * Our own JSON parser: an empty body counts as no body (clients POST `/user/info` with a JSON content
 * type and nothing else), malformed JSON is 400 `请求格式错误`, nesting beyond MAX_JSON_DEPTH is 400 too.
 */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(text)) return done(tooDeep(), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest(), undefined);
    }
  });
}
