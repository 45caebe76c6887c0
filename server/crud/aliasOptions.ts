import type { CallerInfo, WhereData } from '../../resources/behaviour.js';
import type { CallAlias, ResourceDecl } from '../../resources/types.js';
import { departmentAndDescendants } from '../auth/dataScope.js';
import type { Db } from '../db/types.js';
import { formatDateTime } from '../util/time.js';
import { conditionSql } from './groupCounts.js';
import { enumLabels } from './reads/output.js';

/**
 * An `api.alsoAt` entry's options of session 27 (resources/types.ts CallAlias): its own list key, no data
 * scope, enum labels and search flags. server/crud/routes.ts `aliasDecl` builds the declaration it serves.
 */

/**
 * `ownDepartments`: the caller's department and those below it (none without a department); `'byScope'` only
 * the caller's own department unless his data scope reaches those below (DEPARTS, ALL).
 */
export async function ownDepartmentsWhere(db: Db, decl: ResourceDecl, alias: CallAlias, user: CallerInfo): Promise<WhereData> {
  const column = decl.ownership?.department;
  if (!alias.ownDepartments || !column) return {};
  return { [column]: await callerDepartments(db, user, alias.ownDepartments) };
}

/** The departments of `ownDepartments` (also for a behaviour's own check: 领导信箱's 答复 / 退回 by the handling department). */
export async function callerDepartments(db: Db, user: Pick<CallerInfo, 'deptId' | 'dataScope'>, below: true | 'byScope'): Promise<number[]> {
  if (user.deptId === null) return [];
  if (below === 'byScope' && user.dataScope !== 'DEPARTS' && user.dataScope !== 'ALL') return [user.deptId];
  return departmentAndDescendants(db, user.deptId);
}

/** The aliased declaration with the alias's key, scope, labels and flags. */
export function withAliasOptions(decl: ResourceDecl, alias: CallAlias, served: ResourceDecl): ResourceDecl {
  const flags = Object.entries(alias.flags ?? {});
  const labels = alias.labels ?? [];
  const hooks = { ...served.hooks };
  if (flags.length) {
    hooks.listWhere = [...(hooks.listWhere ?? []), ({ search }) => {
      const on = flags.filter(([name]) => String(search[name] ?? '') === '1');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return on.length ? (eb: any) => eb.and(on.map(([, c]) => conditionSql(eb, c, formatDateTime()))) : undefined;
    }];
  }
  if (labels.length) hooks.enrich = [...(hooks.enrich ?? []), ({ records }) => records.map((r) => ({ ...r, ...enumLabels(decl, labels, r) }))];
  return {
    ...served,
    hooks,
    permissions: { ...served.permissions, list: alias.permission ?? served.permissions.list },
    // `scoped: false`: the data scope (the ownership's columns) does not narrow this path's calls.
    ownership: alias.scoped === false ? undefined : served.ownership,
    // Registered once, by the declaration itself.
    recordSettings: undefined,
    userMarks: undefined,
  };
}
