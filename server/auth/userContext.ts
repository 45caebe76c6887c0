import type { Db } from '../db/types.js';
import type { DataScope, PortalUser } from '../http/fastifyTypes.js';

const SCOPE_ORDER: DataScope[] = ['SELF', 'DEPART', 'DEPARTS', 'ALL'];

/** A user's roles add up: the widest data scope wins; no enabled role means SELF. */
export function widestScope(scopes: readonly string[]): DataScope {
  let best = 0;
  for (const s of scopes) best = Math.max(best, SCOPE_ORDER.indexOf(s as DataScope));
  return SCOPE_ORDER[best] ?? 'SELF';
}

/** Enabled roles of a user; disabled roles grant nothing, so they are left out everywhere. */
export async function enabledRoles(db: Db, userId: number) {
  return (await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.roleId', 'ur.roleId')
    .select(['r.roleId', 'r.name', 'r.dataScope'])
    .where('ur.userId', '=', userId)
    .where('r.enabled', '=', 1)
    .orderBy('r.roleId')
    .execute()) as { roleId: number; name: string; dataScope: string }[];
}

/** Menu-tree entries granted by the given roles, optionally of one app and some types. */
export async function grantedResources(db: Db, roleIds: number[], opts: { app?: string; types?: string[] } = {}) {
  if (roleIds.length === 0) return [];
  let q = db
    .selectFrom('resources as res')
    .innerJoin('role_resources as rr', 'rr.resourceId', 'res.id')
    .select(['res.id', 'res.parentId', 'res.name', 'res.alias', 'res.icon', 'res.type', 'res.url', 'res.sort', 'res.dingAppKey'])
    .distinct()
    .where('rr.roleId', 'in', roleIds);
  if (opts.app) q = q.where('res.dingAppKey', '=', opts.app);
  if (opts.types) q = q.where('res.type', 'in', opts.types);
  return q.execute();
}

export async function loadPortalUser(db: Db, userId: number, appKey: string, tokenHash: string): Promise<PortalUser | null> {
  const user = (await db
    .selectFrom('users as u')
    .leftJoin('departments as d', 'd.id', 'u.deptId')
    .select(['u.userId', 'u.username', 'u.name', 'u.deptId', 'u.status', 'd.name as deptName'])
    .where('u.userId', '=', userId)
    .executeTakeFirst()) as
    | { userId: number; username: string; name: string; deptId: number | null; status: number; deptName: string | null }
    | undefined;
  if (!user || user.status !== 1) return null;
  const roles = await enabledRoles(db, userId);
  const roleIds = roles.map((r) => r.roleId);
  // Permission keys count whatever app their Button lives in: the menu tree is per app, the rights are not.
  const buttons = await grantedResources(db, roleIds, { types: ['Button'] });
  return {
    userId: user.userId,
    username: user.username,
    name: user.name,
    deptId: user.deptId === null ? null : user.deptId,
    deptName: user.deptName ?? null,
    appKey,
    roleIds,
    roleNames: roles.map((r) => r.name),
    permissions: new Set(buttons.map((b) => b.alias)),
    dataScope: widestScope(roles.map((r) => r.dataScope)),
    tokenHash,
  };
}
