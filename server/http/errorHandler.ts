import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './envelope.js';
import { Refusal } from '../../resources/behaviour.js';
import { PortalError } from './errors.js';
import { inputFault } from './inputFaults.js';
import { schemaRefusal } from './validation.js';

type HtmlNotFound = (request: FastifyRequest) => Promise<string | null>;
/** Per server (keyed by its `portal` state): the HTML answer for a browser's unmatched GET. */
const htmlNotFound = new WeakMap<object, HtmlNotFound>();
export function setHtmlNotFound(portal: object, page: HtmlNotFound): void {
  htmlNotFound.set(portal, page);
}

/** Maps every thrown thing to the envelope; internals are logged, never sent. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | PortalError | Refusal, request, reply) => {
    if (error instanceof PortalError) {
      return reply.status(error.httpStatus).send(fail(error.code, error.message));
    }
    // A declaration's hook or action refused (resources/behaviour.ts): a business failure, HTTP 200.
    if (error instanceof Refusal) return reply.status(200).send(fail(error.code, error.message));
    const fault = inputFault(error);
    if (fault) {
      request.log.warn({ err: error }, 'refused input the database or disk would not take');
      return reply.status(fault.httpStatus).send(fail(fault.code, fault.message));
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const refusal = schemaRefusal(fe);
      return reply.status(refusal.httpStatus).send(fail(refusal.code, refusal.message));
    }
    const status = fe.statusCode ?? 500;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send(fail(413, '请求内容过大'));
    }
    if (status === 429) return reply.status(429).send(fail(429, '操作过于频繁，请稍后再试'));
    if (status === 415) return reply.status(415).send(fail(415, '不支持的请求内容类型'));
    if (status >= 400 && status < 500 && fe.code?.startsWith('FST_ERR_CTP')) {
      return reply.status(400).send(fail(400, '请求格式错误'));
    }
    if (status === 404) return reply.status(404).send(fail(404, '接口不存在'));
    if (status === 403) return reply.status(403).send(fail(403, '没有访问权限'));
    if (status >= 400 && status < 500) return reply.status(400).send(fail(400, '请求格式错误'));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, '服务端异常'));
  });

  app.setNotFoundHandler(async (request, reply) => {
    // A person's browser gets the site's own 404 page when a module provides one (generation).
    const page = await htmlNotFound.get(request.server.portal)?.(request);
    if (page) return reply.status(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
    return reply.status(404).send(fail(404, '接口不存在'));
  });
}
