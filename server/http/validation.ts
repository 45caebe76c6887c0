import type { FastifyError, FastifyRequest } from 'fastify';
import { PortalError } from './errors.js';

type Issue = NonNullable<FastifyError['validation']>[number];

/** The field an Ajv error is about: `/a/0` → `a`; a missing property by its name. */
function fieldOf(issue: Issue | undefined): string {
  const missing = (issue?.params as { missingProperty?: string } | undefined)?.missingProperty;
  if (issue?.keyword === 'required' && missing) return missing;
  return issue?.instancePath?.split('/')[1] ?? '';
}

/**
 * A request a route schema refused, as the contract answers it (HTTP 200, errorCode 1001/1002 and the
 * field named), never Fastify's English 400. For routes that do not settle refusals themselves.
 */
export function schemaRefusal(error: FastifyError): PortalError {
  const first = error.validation?.[0];
  const where = fieldOf(first);
  if (first?.keyword === 'required' && where) return new PortalError(1001, `缺少必填参数：${where}`);
  // The body itself is not a JSON object.
  if (!where && first?.keyword === 'type' && error.validationContext === 'body') return new PortalError(400, '请求格式错误', 400);
  return new PortalError(1002, where ? `参数格式不正确：${where}` : '参数格式不正确');
}

/**
 * For a route registered with `attachValidation` and `config.invalidInput` (the generic routes): when its
 * schema refused the request, the route's own checks give the answer — the contract's code and Chinese
 * message, exactly as before the schema existed. Should they find nothing wrong (a schema stricter than
 * the handler: a generator bug), the request goes on as it always did, and the log says so.
 */
export function settleSchemaRefusal(request: FastifyRequest): void {
  const refused = request.validationError;
  if (!refused) return;
  const explain = request.routeOptions.config?.invalidInput;
  if (!explain) throw schemaRefusal(refused as FastifyError);
  explain(request);
  const first = (refused as FastifyError).validation?.[0];
  request.log.warn({ where: fieldOf(first), keyword: first?.keyword, url: request.routeOptions.url }, 'route schema refused a request its handler accepts');
}
