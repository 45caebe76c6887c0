import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { Db, DynamicDb, Row } from '../../db/types.js';
import type { FastifyRequest } from 'fastify';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { isBlank, readSize } from '../../http/params.js';
import { dayAt } from '../../util/time.js';
import type { InputFields } from '../../http/routeInput.js';
import { applyListWhere, hookContext } from '../behaviour.js';
import type { Query } from './records.js';

/**
 * A declared read's search (`from`, `search`, `hooks`, `params` on a ReadDecl; docs/extending.md): the names a
 * value may come under, the read's own values, and the behaviour's listWhere hooks over the values the read
 * names. Called by answer.ts (the search, the hooks) and routes.ts (the schema).
 */

/** The caller's search with each `from` value taken from the first of its names given, then the read's own values. */
export function readSearch(read: ExtraReadDecl, given: Row): Row {
  const search: Row = { ...given };
  for (const [name, names] of Object.entries(read.from ?? {})) {
    const found = names.find((n) => !isBlank(given[n]));
    search[name] = found === undefined ? undefined : given[found];
  }
  return { ...search, ...(read.search ?? {}) };
}

/** The values the hooks see: those the read names (`params`, `from`, `search`), nothing else the caller sent. */
export function hookSearch(read: ExtraReadDecl, search: Row): Row {
  const names = [...Object.keys(read.params ?? {}), ...Object.keys(read.from ?? {}), ...Object.keys(read.search ?? {})];
  return Object.fromEntries(names.filter((n) => search[n] !== undefined).map((n) => [n, search[n]]));
}

/** The behaviour's listWhere hooks over the named values, when the read declares `hooks`. */
export async function readHooksWhere(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, q: Query, search: Row): Promise<Query> {
  if (!read.hooks || !decl.hooks?.listWhere) return q;
  return applyListWhere(q, decl, hookSearch(read, search), hookContext(db as Db, decl, user));
}

/** The `recent` read's condition: its date field on or after the start of the day `param` days ago. */
export function readRecent(read: ExtraReadDecl, request: FastifyRequest, q: Query): Query {
  const recent = read.recent;
  if (!recent) return q;
  return q.where(recent.field, '>=', dayAt(-readSize(request, recent.param, recent.default, recent.max), 0));
}

/** The name the caller gave a size (`size.param`) under: the first of its `from` names given, else its own. */
export function sizeName(read: ExtraReadDecl, given: Row): string {
  const param = read.size?.param ?? '';
  return read.from?.[param]?.find((n) => !isBlank(given[n])) ?? param;
}

/** The schema's entries for the hooks' `params` and the `from` names. */
export function readSearchInput(read: ExtraReadDecl): InputFields {
  const fields: Record<string, InputFields[string]> = {};
  for (const [name, label] of Object.entries(read.params ?? {})) fields[name] = ['string', label];
  if (read.recent) fields[read.recent.param] = ['integer', `最近几天，默认${read.recent.default}，最多${read.recent.max}`];
  for (const [name, names] of Object.entries(read.from ?? {})) {
    for (const n of names) fields[n] ??= ['string', `${name}（${names.join(' / ')}，取第一个给出的）`];
  }
  return fields;
}
