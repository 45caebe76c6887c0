import { sql, type DeleteQueryBuilder, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, type UpdateQueryBuilder } from 'kysely';
import type { WhereData } from '../../resources/behaviour.js';
import type { ResourceDecl } from '../../resources/types.js';
import { scopeExpression, scopeRule, type ScopeRule } from '../auth/dataScope.js';
import type { DynamicDb as Db } from '../db/types.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { applyWhere, hookContext, recordsWhere } from './behaviour.js';

/**
 * The records of a declaration the caller reaches for an operation: the fixed values and the access
 * answer (ANDed), and the data scope widened by the `grant` hooks' answers (ORed with it).
 */
export interface Reach {
  readonly where: WhereData;
  readonly rule: ScopeRule;
  readonly grants: readonly WhereData[];
}

/** `operation`: list, get, update, delete, or `action:<name>` (the access function of update applies to actions). */
export async function reachOf(db: Db, decl: ResourceDecl, user: PortalUser, operation: string, search?: Readonly<Record<string, unknown>>): Promise<Reach> {
  const access = operation.startsWith('action:') ? 'update' : (operation as 'list' | 'get' | 'update' | 'delete');
  const where = await recordsWhere(decl, access, user, db);
  const rule = await scopeRule(db, user, decl);
  const grants: WhereData[] = [];
  if (rule.kind !== 'all' && decl.hooks?.grant?.length) {
    const ctx = hookContext(db, decl, user);
    for (const hook of decl.hooks.grant) {
      const answer = await hook({ operation, ctx, ...(search ? { search } : {}) });
      if (answer) grants.push(answer);
    }
  }
  return { where, rule, grants };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Scoped = SelectQueryBuilder<any, any, any> | UpdateQueryBuilder<any, any, any, any> | DeleteQueryBuilder<any, any, any>;

/** One grant as a condition: every entry matches (an array is "one of"); `{}` is every record. */
function grantExpression(eb: AnyEb, grant: WhereData) {
  const parts = Object.entries(grant).map(([column, value]) => {
    if (value === null) return eb(eb.ref(column), 'is', null);
    if (Array.isArray(value)) return value.length ? eb(eb.ref(column), 'in', value) : sql<SqlBool>`1 = 0`;
    return eb(eb.ref(column), '=', value);
  });
  return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
}

/** The reach as conditions of a query: fixed values and access, then the scope or one of the grants. */
export function applyReach<Q extends Scoped>(query: Q, reach: Reach): Q {
  const q = applyWhere(query, reach.where);
  if (reach.rule.kind === 'all') return q;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (q as any).where((eb: AnyEb) => (reach.grants.length ? eb.or([scopeExpression(eb, reach.rule), ...reach.grants.map((g) => grantExpression(eb, g))]) : scopeExpression(eb, reach.rule))) as Q;
}
