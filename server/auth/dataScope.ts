import { sql, type SelectQueryBuilder, type DeleteQueryBuilder, type UpdateQueryBuilder, type Expression, type SqlBool, type ExpressionBuilder } from 'kysely';
import type { ResourceDecl } from '../../resources/types.js';
import type { Db } from '../db/types.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { subtreeOf } from '../shared/subtree.js';

/** What a user may see of a department-owned table. */
export type ScopeRule =
  | { kind: 'all' }
  | { kind: 'depts'; column: string; deptIds: number[] }
  | { kind: 'self'; column: string; userId: number };

/** The department and every department below it. */
export async function departmentAndDescendants(db: Db, deptId: number): Promise<number[]> {
  const rows = (await db.selectFrom('departments').select(['id', 'parentId']).execute()) as { id: number; parentId: number }[];
  return subtreeOf(rows, deptId, (r) => Number(r.id), (r) => Number(r.parentId));
}

/** ALL sees everything, DEPARTS its department tree, DEPART its department, SELF its own records. */
export async function scopeRule(db: Db, user: PortalUser, decl: ResourceDecl): Promise<ScopeRule> {
  const own = decl.ownership;
  if (!own || user.dataScope === 'ALL') return { kind: 'all' };
  if (user.dataScope === 'SELF' || user.deptId === null) {
    return { kind: 'self', column: own.creator, userId: user.userId };
  }
  const deptIds = user.dataScope === 'DEPARTS' ? await departmentAndDescendants(db, user.deptId) : [user.deptId];
  return { kind: 'depts', column: own.department, deptIds };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/** The rule as a WHERE expression usable in select, update and delete. */
export function scopeExpression(eb: AnyEb, rule: ScopeRule): Expression<SqlBool> {
  if (rule.kind === 'all') return sql<SqlBool>`1 = 1`;
  if (rule.kind === 'self') return eb(eb.ref(rule.column), '=', rule.userId);
  if (rule.deptIds.length === 0) return sql<SqlBool>`1 = 0`;
  return eb(eb.ref(rule.column), 'in', rule.deptIds);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Scoped = SelectQueryBuilder<any, any, any> | UpdateQueryBuilder<any, any, any, any> | DeleteQueryBuilder<any, any, any>;

/** Adds the scope to a query; the same rule guards lists, reads, updates and deletes. */
export function applyScope<Q extends Scoped>(query: Q, rule: ScopeRule): Q {
  if (rule.kind === 'all') return query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (query as any).where((eb: AnyEb) => scopeExpression(eb, rule)) as Q;
}
