import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import { hashPassword } from '../../../auth/password.js';
import { validateRecord } from '../../../crud/validate.js';
import { type Db, type NewRow, type Row, dynamic } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf } from '../../../http/params.js';
import { maskRow } from '../../../shared/mask.js';
import { dropMasked, revealOrMask } from '../../../shared/sensitiveView.js';
import { formatDateTime } from '../../../util/time.js';
import { validateNewPassword } from '../../../auth/passwordPolicy.js';
import {
  ADMIN_ROLE_ALIAS, declOf, idList, inUserScope, isBlank, likeExpr, needPermission, num, optionalId, paging, pageOf,
  requiredId, searchOf, userScope, type UserScope,
} from './common.js';

/** The columns a user row answers: never passwordHash nor the password-state columns. */
export const USER_COLUMNS = [
  'u.userId', 'u.username', 'u.name', 'u.mobile', 'u.sex', 'u.idNumber', 'u.deptId', 'u.dingId', 'u.ehrNo', 'u.enterAt',
  'u.position', 'u.positionName', 'u.userType', 'u.status', 'u.createTime', 'u.updateTime', 'd.name as deptName',
] as const;

const USER_TYPE_NAMES: Record<number, string> = { 0: '普通用户', 1: '管理员' };

/** Adds roleId/roleIds/roleName/roleNames and userTypeName to user rows (one query for the page). */
export async function withRoles(db: Db, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => Number(r.userId));
  const links = ids.length
    ? (await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.roleId', 'ur.roleId')
        .select(['ur.userId', 'r.roleId', 'r.name'])
        .where('ur.userId', 'in', ids)
        .orderBy('r.roleId')
        .execute())
    : [];
  return rows.map((r) => {
    const mine = links.filter((l) => l.userId === Number(r.userId));
    const out: Row = { ...r };
    for (const k of ['userId', 'sex', 'deptId', 'userType', 'status']) out[k] = num(r[k]);
    const roleIds = mine.map((l) => l.roleId);
    const roleNames = mine.map((l) => String(l.name));
    out.roleIds = roleIds;
    out.roleNames = roleNames;
    out.roleId = roleIds[0] ?? null;
    out.roleName = roleNames.join('、');
    out.userTypeName = USER_TYPE_NAMES[Number(r.userType)] ?? '';
    return out;
  });
}

const usersFrom = (db: Db) => db.selectFrom('users as u').leftJoin('departments as d', 'd.id', 'u.deptId');

/** The tables of `users as u` left-joined with `departments as d`, as Kysely types them. */
type UsersTables = ReturnType<typeof usersFrom> extends SelectQueryBuilder<infer T extends Record<'u' | 'd', object>, 'u' | 'd', object> ? T : never;
/** A query on `users as u` / `departments as d` selecting `O`. */
export type UsersQuery<O = object> = SelectQueryBuilder<UsersTables, 'u' | 'd', O>;

/** Restricts a `users as u` query to the caller's data scope. */
export function scoped<O>(q: UsersQuery<O>, scope: UserScope): UsersQuery<O> {
  if (scope.kind === 'all') return q;
  if (scope.kind === 'self') return q.where('u.userId', '=', scope.userId);
  return scope.deptIds.length ? q.where('u.deptId', 'in', scope.deptIds) : q.where('u.userId', '=', -1);
}

/** Common user search: deptId (with its sub-departments), name, username, mobile, status. */
export async function filtered<O>(db: Db, q: UsersQuery<O>, search: Record<string, unknown>): Promise<UsersQuery<O>> {
  const deptId = optionalId(search, 'deptId');
  if (deptId !== null) q = q.where('u.deptId', 'in', await departmentAndDescendants(db, deptId));
  if (!isBlank(search.name)) q = q.where(likeExpr('u.name', search.name));
  if (!isBlank(search.username)) q = q.where(likeExpr('u.username', search.username));
  if (!isBlank(search.mobile)) q = q.where(likeExpr('u.mobile', search.mobile));
  if (!isBlank(search.status)) {
    const s = Number(search.status);
    if (s !== 0 && s !== 1) throw invalidValue('状态的值无效，可选值：0（停用）、1（启用）');
    q = q.where('u.status', '=', s);
  }
  return q;
}

/** One page of users, newest settings of roles included. */
export async function userPage(db: Db, base: UsersQuery, search: Record<string, unknown>) {
  const pg = paging(search);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await base.select([...USER_COLUMNS]).orderBy('u.userId').limit(pg.pageSize).offset((pg.pageNum - 1) * pg.pageSize).execute();
  return pageOf(await withRoles(db, rows), Number(total?.n), pg);
}

async function loadUser(db: Db, user: PortalUser, userId: number): Promise<Row> {
  const row = await usersFrom(db).select([...USER_COLUMNS]).where('u.userId', '=', userId).executeTakeFirst();
  if (!row || !inUserScope(await userScope(db, user), row)) throw notFoundRecord();
  const [out] = await withRoles(db, [row]);
  if (!out) throw notFoundRecord();
  return out;
}

/** Roles named in a body (`roleId`, `roleIds`): each must exist. */
async function rolesOf(db: Db, body: Row): Promise<number[]> {
  const ids = [...new Set([...idList(body, 'roleId'), ...idList(body, 'roleIds')])];
  if (ids.length) {
    const found = await db.selectFrom('roles').select('roleId').where('roleId', 'in', ids).execute();
    if (found.length !== ids.length) throw invalidValue('角色不存在');
  }
  return ids;
}

/** Only a holder of the 系统管理员 role may hand it out or take it away. */
async function guardAdminRole(db: Db, user: PortalUser, roleIds: number[]) {
  if (!roleIds.length) return;
  const admin = await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst();
  if (admin && roleIds.includes(admin.roleId) && !user.roleIds.includes(admin.roleId)) {
    throw new PortalError(1005, '只有系统管理员可以分配系统管理员角色');
  }
}

const USER_PERSONAL = { phones: ['mobile'], ids: ['idNumber'] } as const;

export async function userRoutes(app: FastifyInstance) {
  const decl = declOf(app, 'user');
  const p = decl.permissions;
  const db = app.db;

  app.post('/ding/user/list', { config: { permission: p.list } }, async (request) => {
    const search = searchOf(request);
    const scope = await userScope(db, currentUser(request));
    const page = (await userPage(db, await filtered(db, scoped(usersFrom(db), scope), search), search)) as { list: Row[] };
    return ok({ ...page, list: page.list.map((u) => maskRow(u, USER_PERSONAL)) });
  });

  app.post('/ding/user/view', { config: { permission: p.get } }, async (request) => {
    const body = searchOf(request);
    const id = optionalId(body, 'userId') ?? optionalId(body, 'id');
    if (id === null) throw missingParam('userId');
    const row = await loadUser(db, currentUser(request), id);
    return ok(await revealOrMask(db, request, row, USER_PERSONAL, `用户 ${String(row.username ?? id)}`));
  });

  // userDto: create without userId (password required), update with it (only the fields present change).
  app.post('/ding/user/save', { config: { permission: (r: FastifyRequest) => (isBlank(((r.body ?? {}) as Row).userId) ? p.create : p.update) } }, async (request) => {
    // A form filled from a masked list must not store the mask.
    const body = dropMasked(bodyOf(request), ['mobile', 'idNumber']);
    const user = currentUser(request);
    const userId = optionalId(body, 'userId');
    const mode = userId === null ? 'create' : 'update';
    const values = validateRecord(decl, body, mode);
    delete values.createTime;
    delete values.updateTime;
    // deptId is a server-filled field for owned records, but here it is the user's own department.
    const deptGiven = Object.prototype.hasOwnProperty.call(body, 'deptId');
    const deptId = optionalId(body, 'deptId');
    if (mode === 'create' && deptId === null) throw missingParam('deptId');
    if (deptGiven && deptId === null) throw missingParam('deptId');
    const scope = await userScope(db, user);
    if (deptId !== null) {
      const dept = await db.selectFrom('departments').select('id').where('id', '=', deptId).executeTakeFirst();
      if (!dept) throw invalidValue('所属部门不存在');
      if (scope.kind === 'self' || (scope.kind === 'depts' && !scope.deptIds.includes(deptId))) throw notFoundRecord();
      values.deptId = deptId;
    }
    const rolesGiven = !isBlank(body.roleId) || Array.isArray(body.roleIds);
    const roleIds = rolesGiven ? await rolesOf(db, body) : [];
    if (rolesGiven) {
      needPermission(user, 'user:grant');
      await guardAdminRole(db, user, roleIds);
    }
    // The login name, mobile and id number patterns are declared (`pattern`), checked by validateRecord.
    const now = formatDateTime();

    if (mode === 'create') {
      if (isBlank(body.password)) throw missingParam('password');
      if (typeof body.password !== 'string') throw invalidValue('密码必须是文本');
      await validateNewPassword(db, body.password, { username: String(values.username) });
      const passwordHash = await hashPassword(body.password);
      // A password an administrator chose is changed by its user at the first login (docs/system-security.md).
      const created = await db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('users').select('userId').where('username', '=', String(values.username)).executeTakeFirst();
        if (taken) throw new PortalError(1004, `登录名已存在：${String(values.username)}`);
        const row = await trx.insertInto('users').values({ ...values, passwordHash, mustChangePassword: 1, createTime: now, updateTime: now } as NewRow<'users'>).returning('userId').executeTakeFirstOrThrow();
        const id = row.userId;
        for (const roleId of roleIds) await trx.insertInto('user_roles').values({ userId: id, roleId }).execute();
        return id;
      });
      return ok(await loadUser(db, user, created), '新增成功');
    }

    const id = userId as number;
    await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('users as u').select(['u.userId', 'u.deptId']).where('u.userId', '=', id).executeTakeFirst();
      if (!existing || !inUserScope(scope, existing)) throw notFoundRecord();
      if (id === user.userId && values.status !== undefined && Number(values.status) !== 1) throw new PortalError(1005, '不能停用当前登录的用户');
      if (values.username !== undefined) {
        const taken = await trx.selectFrom('users').select('userId').where('username', '=', String(values.username)).where('userId', '!=', id).executeTakeFirst();
        if (taken) throw new PortalError(1004, `登录名已存在：${String(values.username)}`);
      }
      await trx.updateTable('users').set({ ...values, updateTime: now }).where('userId', '=', id).execute();
      if (rolesGiven) {
        const before = (await trx.selectFrom('user_roles').select('roleId').where('userId', '=', id).execute()).map((r) => r.roleId);
        await guardAdminRole(trx, user, before.filter((r) => !roleIds.includes(r)));
        await trx.deleteFrom('user_roles').where('userId', '=', id).execute();
        for (const roleId of roleIds) await trx.insertInto('user_roles').values({ userId: id, roleId }).execute();
      }
    });
    return ok(await loadUser(db, user, id), '修改成功');
  });

  // roleGrantDto / roleDelDto: userId (or userIds) and roleId (or roleIds); grants add, deletes remove.
  const pairs = async (request: FastifyRequest) => {
    const body = searchOf(request);
    const user = currentUser(request);
    const userIds = [...new Set([...idList(body, 'userId'), ...idList(body, 'userIds')])];
    if (!userIds.length) throw missingParam('userId');
    const roleIds = [...new Set([...idList(body, 'roleId'), ...idList(body, 'roleIds')])];
    if (!roleIds.length) throw missingParam('roleId');
    const roles = await db.selectFrom('roles').select('roleId').where('roleId', 'in', roleIds).execute();
    if (roles.length !== roleIds.length) throw notFoundRecord();
    const scope = await userScope(db, user);
    const users = await db.selectFrom('users as u').select(['u.userId', 'u.deptId']).where('u.userId', 'in', userIds).execute();
    if (users.length !== userIds.length || users.some((u) => !inUserScope(scope, u))) throw notFoundRecord();
    await guardAdminRole(db, user, roleIds);
    return { userIds, roleIds, user };
  };

  app.post('/ding/user/grant/role', { config: { permission: 'user:grant' } }, async (request) => {
    const { userIds, roleIds } = await pairs(request);
    await db.transaction().execute(async (trx) => {
      for (const userId of userIds) {
        for (const roleId of roleIds) {
          const has = await trx.selectFrom('user_roles').select('userId').where('userId', '=', userId).where('roleId', '=', roleId).executeTakeFirst();
          if (!has) await trx.insertInto('user_roles').values({ userId, roleId }).execute();
        }
      }
    });
    return ok(null, '授权成功');
  });

  app.post('/ding/user/del/role', { config: { permission: 'user:grant' } }, async (request) => {
    const { userIds, roleIds, user } = await pairs(request);
    if (userIds.includes(user.userId)) {
      const admin = await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst();
      if (admin && roleIds.includes(admin.roleId)) throw new PortalError(1005, '不能移除本人的系统管理员角色');
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_roles').where('userId', 'in', userIds).where('roleId', 'in', roleIds).execute();
    });
    return ok(null, '移除成功');
  });

  // roleGrantDataDto: { roleId, dataScope } sets the data permission of a role.
  app.post('/ding/user/grant/role/data', { config: { permission: 'role:grant' } }, async (request) => {
    const body = searchOf(request);
    const roleId = requiredId(body, 'roleId');
    const raw = body.dataScope ?? body.dataPermission;
    if (isBlank(raw)) throw missingParam('dataScope');
    const dataScope = String(raw).trim().toUpperCase();
    if (!['SELF', 'DEPART', 'DEPARTS', 'ALL'].includes(dataScope)) throw invalidValue('数据权限的值无效，可选值：SELF（本人）、DEPART（本部门）、DEPARTS（本部门及下级）、ALL（全部）');
    const role = await db.selectFrom('roles').select(['roleId', 'roleAlias']).where('roleId', '=', roleId).executeTakeFirst();
    if (!role) throw notFoundRecord();
    if (role.roleAlias === ADMIN_ROLE_ALIAS && dataScope !== 'ALL') throw new PortalError(1005, '系统管理员角色的数据权限只能是全部');
    // Through the local API: the role's own rules run on the change.
    await app.entities.api(currentUser(request)).update('role', roleId, { dataScope });
    return ok({ roleId, dataScope }, '授权成功');
  });

  // Articles per user ({ userIds? }): 0 for everyone while no article table exists.
  app.post('/ding/user/articleNum', { config: { permission: p.list } }, async (request) => {
    const body = searchOf(request);
    const ids = [...new Set([...idList(body, 'userIds'), ...idList(body, 'userId'), ...idList(body, 'ids')])];
    const scope = await userScope(db, currentUser(request));
    let q = scoped(usersFrom(db).select(['u.userId']), scope);
    if (ids.length) q = q.where('u.userId', 'in', ids);
    const users = await q.execute();
    const counts = await articleCounts(db, users.map((u) => u.userId));
    return ok(users.map((u) => ({ userId: u.userId, articleNum: counts.get(u.userId) ?? 0 })));
  });

  // Delete one user (and its role links and sessions). Not oneself.
  app.post('/ding/user/:id', { config: { permission: p.delete } }, async (request) => {
    const id = requiredId(request.params as Record<string, unknown>, 'id');
    const user = currentUser(request);
    if (id === user.userId) throw new PortalError(1005, '不能删除当前登录的用户');
    const scope = await userScope(db, user);
    try {
      await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('users as u').select(['u.userId', 'u.deptId']).where('u.userId', '=', id).executeTakeFirst();
        if (!existing || !inUserScope(scope, existing)) throw notFoundRecord();
        const roles = (await trx.selectFrom('user_roles').select('roleId').where('userId', '=', id).execute()).map((r) => r.roleId);
        await guardAdminRole(trx, user, roles);
        await trx.deleteFrom('user_roles').where('userId', '=', id).execute();
        await trx.deleteFrom('sessions').where('userId', '=', id).execute();
        await trx.deleteFrom('users').where('userId', '=', id).execute();
      });
    } catch (error) {
      if (error instanceof PortalError) throw error;
      // Another table still points at the user (a foreign key): keep the account, say what to do.
      request.log.warn({ err: error }, 'user delete refused');
      throw new PortalError(1005, '该用户存在关联数据，不能删除，请改为停用');
    }
    return ok(1, '删除成功');
  });
}

/**
 * Articles per creator, from whichever article table exists (`article` or `articles`, creator column
 * `creatorId`); an empty map while the article module is absent.
 */
async function articleCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!userIds.length) return out;
  const tables = await db.introspection.getTables();
  const table = tables.find((t) => ['article', 'articles'].includes(t.name) && t.columns.some((c) => c.name === 'creatorId'));
  if (!table) return out;
  // The article table is found at run time: the untyped handle.
  const rows = await dynamic(db)
    .selectFrom(table.name)
    .select(['creatorId', (eb) => eb.fn.countAll().as('n')])
    .where('creatorId', 'in', userIds)
    .groupBy('creatorId')
    .execute();
  for (const r of rows) out.set(Number(r.creatorId), Number(r.n));
  return out;
}
