import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../../../db/types.js';
import { missingParam } from '../../../http/errors.js';
import { bodyOf, idsOf, optionalId, queryOf } from '../../../http/params.js';
import type { ResourceDecl } from '../../../../resources/types.js';

/** Alias of the 系统管理员 role (server/seed/menuSync.ts): it always holds every entry. */
export const ADMIN_ROLE_ALIAS = 'admin';

/** The JSON body with query values as a fallback (search DTOs arrive either way). */
export function searchOf(request: FastifyRequest): Record<string, unknown> {
  return { ...queryOf(request), ...bodyOf(request) };
}

export function requiredId(bag: Record<string, unknown>, name: string): number {
  const id = optionalId(bag, name);
  if (id === null) throw missingParam(name);
  return id;
}

/** A list of ids given as an array, a comma list or one value; empty when absent. */
export function idList(bag: Record<string, unknown>, name: string): number[] {
  return idsOf(bag[name], name);
}

export function declOf(app: FastifyInstance, name: string): ResourceDecl {
  const decl = app.portal.declarations.find((d) => d.name === name);
  if (!decl) throw new Error(`declaration ${name} missing`);
  return decl;
}

/** Numbers as numbers on both databases (PostgreSQL's count answers text). */
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export type { Row };
