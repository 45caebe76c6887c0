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
 * A request a route schema refused, as the contract answers it (HTTP 200, errorCode 1001/1002 and a Chinese
 * message naming the field), never Fastify's English 400. Routes that declare `invalidInput` (the generic
 * routes) answer exactly what their handler's own checks would; others get the field named by the schema.
 */
export function schemaRefusal(request: FastifyRequest, error: FastifyError): PortalError {
  const explain = request.routeOptions.config?.invalidInput;
  try {
    explain?.(request);
  } catch (thrown) {
    if (thrown instanceof PortalError) return thrown;
    request.log.error({ err: thrown }, 'invalidInput failed');
  }
  const first = error.validation?.[0];
  const where = fieldOf(first);
  if (first?.keyword === 'required' && where) return new PortalError(1001, `缺少必填参数：${where}`);
  // The body itself is not a JSON object.
  if (!where && first?.keyword === 'type' && error.validationContext === 'body') return new PortalError(400, '请求格式错误', 400);
  // The schema is meant to be no stricter than the handler: say so when it was.
  if (explain) request.log.warn({ where, keyword: first?.keyword }, 'route schema refused a value its handler accepts');
  return new PortalError(1002, where ? `参数格式不正确：${where}` : '参数格式不正确');
}
