import type { FastifyRequest } from 'fastify';
import type { ApiCall, ResourceDecl } from '../../resources/types.js';
import { invalidValue, missingParam } from '../http/errors.js';
import { readId } from '../http/params.js';
import { isBlank } from './validate.js';

const PLACEHOLDER = /\{(\w+)\}/;

/** The Fastify url of a declared path: `/ding/dept/{id}` → `/ding/dept/:id`. */
export const routeUrl = (call: ApiCall) => call.path.replace(new RegExp(PLACEHOLDER.source, 'g'), ':$1');

/**
 * The record key of a call: from the path when the declared path holds `{name}` (`GET /ding/dept/{id}`),
 * else the query or the body under `name`.
 */
export function readKey(request: FastifyRequest, call: ApiCall | undefined, name: string): number {
  const inPath = call ? PLACEHOLDER.exec(call.path)?.[1] : undefined;
  if (!inPath) return readId(request, name);
  const raw = ((request.params ?? {}) as Record<string, unknown>)[inPath];
  if (isBlank(raw)) throw missingParam(inPath);
  const n = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${inPath}`);
  return n;
}

/** `list.pagingRequired`: the page parameter and pageSize must both be sent (1001 naming the first missing). */
export function requirePaging(decl: ResourceDecl, search: Record<string, unknown>): void {
  if (!decl.api.list.pagingRequired) return;
  for (const name of [decl.api.pageParam ?? 'pageNum', 'pageSize']) if (isBlank(search[name])) throw missingParam(name);
}
