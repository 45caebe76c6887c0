import type { FastifyRequest } from 'fastify';
import { badRequest, invalidValue, missingParam } from './errors.js';

type Bag = Record<string, unknown>;

export function queryOf(request: FastifyRequest): Bag {
  return (request.query ?? {}) as Bag;
}

/** The JSON body as an object; no body is `{}`, anything that is not an object is malformed. */
export function bodyOf(request: FastifyRequest): Bag {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest();
  return body as Bag;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A value from the query or, failing that, the body. */
export function param(request: FastifyRequest, name: string): unknown {
  const q = queryOf(request)[name];
  if (!isEmpty(q)) return q;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) return (body as Bag)[name];
  return undefined;
}

export function requireParam(request: FastifyRequest, name: string): unknown {
  const v = param(request, name);
  if (isEmpty(v)) throw missingParam(name);
  return v;
}

export function requireString(request: FastifyRequest, name: string): string {
  const v = requireParam(request, name);
  if (typeof v !== 'string' && typeof v !== 'number') throw invalidValue(`参数格式不正确：${name}`);
  return String(v);
}

function toId(v: unknown, name: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${name}`);
  return n;
}

/** `?id=5` or `{ "id": 5 }`. */
export function readId(request: FastifyRequest, name = 'id'): number {
  return toId(requireParam(request, name), name);
}

/** Absent, null, blank text or an empty list. */
export const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A positive integer id from a bag, or null when blank; 1002 参数格式不正确 when it is not one. */
export function optionalId(bag: Readonly<Record<string, unknown>>, name: string): number | null {
  const v = bag[name];
  return isBlank(v) ? null : toId(v, name);
}

/** Ids given as an array, a comma list or one value; empty when absent, 1002 naming `name` for anything else. */
export function idsOf(raw: unknown, name: string): number[] {
  if (isEmpty(raw)) return [];
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  return [...new Set(parts.filter((p) => !isEmpty(p)).map((p) => toId(p, name)))];
}

/** `?ids=1,2,3` or `{ "ids": [1,2,3] }` (a comma list in the body is accepted too). */
export function readIds(request: FastifyRequest, name = 'ids'): number[] {
  const ids = idsOf(requireParam(request, name), name);
  if (ids.length === 0) throw missingParam(name);
  return ids;
}

/** `ids` (array or comma list), else a single `id`, from a bag of values; 1002 请选择要操作的记录 when neither. */
export function idListOf(bag: Readonly<Bag>): number[] {
  const raw = bag.ids ?? bag.id;
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) throw invalidValue('请选择要操作的记录');
  const parts = Array.isArray(raw) ? raw : String(raw).split(',');
  const ids = parts.map((p) => Number(typeof p === 'string' ? p.trim() : p));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue('参数格式不正确：ids');
  return [...new Set(ids)];
}

/** idListOf over the body, then the query (论坛主题's and 问答's bulk steps). */
export const readIdList = (request: FastifyRequest): number[] => idListOf({ ...queryOf(request), ...bodyOf(request) });

/** Optional positive integer (e.g. `size`), clamped to [1, max]. */
export function readSize(request: FastifyRequest, name: string, fallback: number, max: number, required = false): number {
  const raw = required ? requireParam(request, name) : param(request, name);
  if (isEmpty(raw)) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${name}`);
  return Math.min(n, max);
}

/**
 * The first of `names` given, the body's value before the query's, as a positive integer (1002
 * 参数格式不正确：<name> otherwise); 1001 naming the first when none is given.
 */
export function firstId(query: Readonly<Bag>, body: Readonly<Bag>, names: readonly string[]): number {
  for (const name of names) {
    const v = body[name] ?? query[name];
    if (v === undefined || v === null || v === '') continue;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${name}`);
    return n;
  }
  throw missingParam(names[0] as string);
}

/**
 * Ids — an array or a comma list — under the first of `names` given (the body's value before the query's),
 * each once: 1001 naming the first name when none is given, 1002 参数格式不正确：<first name> for a part
 * that is not a positive integer, 1002 `most.message` for more than `most.count` of them.
 */
export function firstIds(query: Readonly<Bag>, body: Readonly<Bag>, names: readonly string[], most?: { readonly count: number; readonly message: string }): number[] {
  const first = names[0] as string;
  const raw = names.map((name) => body[name] ?? query[name]).find((v) => !isBlank(v));
  const parts = raw === undefined ? [] : Array.isArray(raw) ? raw : String(raw).split(',');
  const ids = parts.filter((p) => p !== '' && p !== null).map((p) => Number(p));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue(`参数格式不正确：${first}`);
  if (ids.length === 0) throw missingParam(first);
  if (most && ids.length > most.count) throw invalidValue(most.message);
  return [...new Set(ids)];
}
