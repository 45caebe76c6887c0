import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import type { Db, Row } from '../../../db/types.js';
import { forbidden, invalidValue, missingParam } from '../../../http/errors.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, idsOf, queryOf } from '../../../http/params.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { pageOf as envelope } from '../../../shared/paging.js';

/** Alias of the 系统管理员 role (server/seed/menuSync.ts): it always holds every entry. */
export const ADMIN_ROLE_ALIAS = 'admin';

export const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The JSON body with query values as a fallback (search DTOs arrive either way). */
export function searchOf(request: FastifyRequest): Record<string, unknown> {
  return { ...queryOf(request), ...bodyOf(request) };
}

/** A positive integer id from a bag, or null when blank; 1002 when it is not one. */
export function optionalId(bag: Record<string, unknown>, name: string): number | null {
  const v = bag[name];
  if (isBlank(v)) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue(`参数格式不正确：${name}`);
  return n;
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

/** Paging of a search DTO: pageNum (or pageNumber) from 1, pageSize default 10, at most 200. */
export function paging(search: Record<string, unknown>): { pageNum: number; pageSize: number } {
  const int = (v: unknown, d: number) => {
    const n = Number(v);
    return isBlank(v) || !Number.isInteger(n) || n < 1 ? d : n;
  };
  return { pageNum: int(search.pageNum ?? search.pageNumber, 1), pageSize: Math.min(int(search.pageSize, 10), 200) };
}

/** The page envelope (server/shared/paging.ts), with this folder's argument order. */
export function pageOf<T>(list: T[], totalRow: number, p: { pageNum: number; pageSize: number }) {
  return envelope(list, p, totalRow);
}

/** Throws 403 unless the caller holds the key (for keys that depend on the body, checked in handlers). */
export function needPermission(user: PortalUser, key: string): void {
  if (!user.permissions.has(key)) throw forbidden();
}

/**
 * Departments the caller may see: null = all (ALL); DEPARTS its department and all below it; DEPART and
 * SELF its own department (a department has no creator, so SELF narrows to the own department).
 */
export async function visibleDeptIds(db: Db, user: PortalUser): Promise<number[] | null> {
  if (user.dataScope === 'ALL') return null;
  if (user.deptId === null) return [];
  if (user.dataScope === 'DEPARTS') return departmentAndDescendants(db, user.deptId);
  return [user.deptId];
}

/** Users the caller may see: all (ALL), those of some departments (DEPARTS/DEPART), or only himself (SELF). */
export type UserScope = { kind: 'all' } | { kind: 'depts'; deptIds: number[] } | { kind: 'self'; userId: number };

export async function userScope(db: Db, user: PortalUser): Promise<UserScope> {
  if (user.dataScope === 'ALL') return { kind: 'all' };
  if (user.dataScope === 'SELF' || user.deptId === null) return { kind: 'self', userId: user.userId };
  const deptIds = user.dataScope === 'DEPARTS' ? await departmentAndDescendants(db, user.deptId) : [user.deptId];
  return { kind: 'depts', deptIds };
}

export function inUserScope(scope: UserScope, row: Record<string, unknown>): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'self') return Number(row.userId) === scope.userId;
  return row.deptId !== null && scope.deptIds.includes(Number(row.deptId));
}

export function declOf(app: FastifyInstance, name: string): ResourceDecl {
  const decl = app.portal.declarations.find((d) => d.name === name);
  if (!decl) throw new Error(`declaration ${name} missing`);
  return decl;
}

/** Numbers as numbers on both databases (PostgreSQL's count answers text). */
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** `column like %value%` with the wildcards of the value taken literally (both databases). */
export function likeExpr(column: string, value: unknown): RawBuilder<boolean> {
  if (typeof value !== 'string' && typeof value !== 'number') throw invalidValue(`参数格式不正确：${column.replace(/^.*\./, '')}`);
  const escaped = String(value).trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
}

export type { Row };
