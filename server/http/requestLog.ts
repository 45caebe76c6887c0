import type { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * What the request log records (docs/deploy.md "Logs"): method, path and the names of query parameters.
 * Query values are replaced by `***` on calls that carry secrets (login, passwords, captchas, tokens) and
 * for parameters whose name says secret anywhere; bodies and headers are never logged.
 */
const SECRET_PATH = /login|password|passwd|pwd|captcha|verify|token|secret|reset/i;
const SECRET_NAME = /pass|pwd|secret|token|verify|code|captcha|idnumber|key|auth/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pathPart = url.slice(0, q);
  const all = SECRET_PATH.test(pathPart);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq < 0 || (!all && !SECRET_NAME.test(safeDecode(name))) ? pair : `${name}=***`;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify logger options: the redacting request serializer, to stdout or a given stream (tests). */
export function loggerOptions(stream?: Writable, level?: string) {
  return {
    level: level || process.env.LOG_LEVEL || 'info',
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  };
}
