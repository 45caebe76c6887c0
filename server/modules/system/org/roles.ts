import type { FastifyInstance, FastifyRequest } from 'fastify';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import { validateRecord } from '../../../crud/validate.js';
import type { Db, Row, NewRow } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { ADMIN_ROLE_ALIAS, declOf, isBlank, likeExpr, optionalId, paging, pageOf, requiredId, searchOf, userScope } from './common.js';
import { filtered, scoped, userPage } from './users.js';

export const DATA_SCOPE_NAMES: Record<string, string> = { SELF: '本人', DEPART: '本部门', DEPARTS: '本部门及下级', ALL: '全部' };

function shapeRole(r: Row, userCount?: number): Row {
  return {
    roleId: Number(r.roleId),
    name: r.name,
    roleAlias: r.roleAlias,
    description: r.description ?? null,
    enabled: Number(r.enabled),
    dingAppKey: r.dingAppKey ?? null,
    dataScope: r.dataScope,
    dataScopeName: DATA_SCOPE_NAMES[String(r.dataScope)] ?? '',
    createTime: r.createTime ?? null,
    isAdmin: r.roleAlias === ADMIN_ROLE_ALIAS,
    ...(userCount === undefined ? {} : { userCount }),
  };
}

async function findRole(db: Db, roleId: number): Promise<Row> {
  const r = await db.selectFrom('roles').selectAll().where('roleId', '=', roleId).executeTakeFirst();
  if (!r) throw notFoundRecord();
  return r;
}

async function memberCounts(db: Db, roleIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!roleIds.length) return out;
  const rows = await db.selectFrom('user_roles').select(['roleId', (eb) => eb.fn.countAll().as('n')]).where('roleId', 'in', roleIds).groupBy('roleId').execute();
  for (const r of rows) out.set(r.roleId, Number(r.n));
  return out;
}

export async function roleResourceIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('role_resources').select('resourceId').where('roleId', '=', roleId).orderBy('resourceId').execute();
  return rows.map((r) => r.resourceId);
}

export async function roleRoutes(app: FastifyInstance) {
  const decl = declOf(app, 'role');
  const p = decl.permissions;
  const db = app.db;

  // searchDto: name, startTime/endTime (creation), deptId (roles held by someone of that department or below).
  app.post('/role/list', { config: { permission: p.list } }, async (request) => {
    const search = searchOf(request);
    const pg = paging(search);
    let base = db.selectFrom('roles');
    if (!isBlank(search.name)) base = base.where(likeExpr('name', search.name));
    const day = (v: unknown, end: boolean) => (String(v).trim().length === 10 ? `${String(v).trim()} ${end ? '23:59:59' : '00:00:00'}` : String(v).trim());
    if (!isBlank(search.startTime)) base = base.where('createTime', '>=', day(search.startTime, false));
    if (!isBlank(search.endTime)) base = base.where('createTime', '<=', day(search.endTime, true));
    const deptId = optionalId(search, 'deptId');
    if (deptId !== null) {
      const depts = await departmentAndDescendants(db, deptId);
      base = base.where('roleId', 'in', db.selectFrom('user_roles as ur').innerJoin('users as u', 'u.userId', 'ur.userId').select('ur.roleId').where('u.deptId', 'in', depts));
    }
    const total = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: unknown };
    const rows = await base.selectAll().orderBy('roleId').limit(pg.pageSize).offset((pg.pageNum - 1) * pg.pageSize).execute();
    const counts = await memberCounts(db, rows.map((r) => r.roleId));
    return ok(pageOf(rows.map((r) => shapeRole(r, counts.get(r.roleId) ?? 0)), Number(total.n), pg));
  });

  app.post('/role/view', { config: { permission: p.get } }, async (request) => {
    const roleId = requiredId(searchOf(request), 'roleId');
    const role = await findRole(db, roleId);
    const counts = await memberCounts(db, [roleId]);
    return ok({ ...shapeRole(role, counts.get(roleId) ?? 0), resourceIds: await roleResourceIds(db, roleId) });
  });

  // saveDto: roleId (update) or none (create); name, roleAlias, description, enabled 1/0, dingAppKey, dataScope.
  app.post('/role/save', { config: { permission: (r: FastifyRequest) => (isBlank(((r.body ?? {}) as Row).roleId) ? p.create : p.update) } }, async (request) => {
    const body = bodyOf(request);
    const roleId = optionalId(body, 'roleId');
    const values = validateRecord(decl, body, roleId === null ? 'create' : 'update');
    delete values.createTime;
    return db.transaction().execute(async (trx) => {
      if (values.roleAlias !== undefined) {
        let q = trx.selectFrom('roles').select('roleId').where('roleAlias', '=', String(values.roleAlias));
        if (roleId !== null) q = q.where('roleId', '!=', roleId);
        if (await q.executeTakeFirst()) throw new PortalError(1004, `角色别名已存在：${String(values.roleAlias)}`);
      }
      if (roleId === null) {
        const row = await trx.insertInto('roles').values({ ...values, createTime: formatDateTime() } as NewRow<'roles'>).returning('roleId').executeTakeFirstOrThrow();
        return ok(shapeRole(await findRole(trx, row.roleId), 0), '新增成功');
      }
      const existing = await findRole(trx, roleId);
      if (existing.roleAlias === ADMIN_ROLE_ALIAS) {
        const changesAlias = values.roleAlias !== undefined && values.roleAlias !== ADMIN_ROLE_ALIAS;
        const disables = values.enabled !== undefined && Number(values.enabled) !== 1;
        const narrows = values.dataScope !== undefined && values.dataScope !== 'ALL';
        if (changesAlias || disables || narrows) throw new PortalError(1005, '系统管理员角色不能停用、改别名或缩小数据权限');
      }
      if (Object.keys(values).length) await trx.updateTable('roles').set(values).where('roleId', '=', roleId).execute();
      return ok(shapeRole(await findRole(trx, roleId)), '修改成功');
    });
  });

  // Refused for 系统管理员 and for a role that still has users (remove them first).
  app.post('/role/del', { config: { permission: p.delete } }, async (request) => {
    const roleId = requiredId(searchOf(request), 'roleId');
    await db.transaction().execute(async (trx) => {
      const role = await findRole(trx, roleId);
      if (role.roleAlias === ADMIN_ROLE_ALIAS) throw new PortalError(1005, '系统管理员角色不能删除');
      const member = await trx.selectFrom('user_roles').select('userId').where('roleId', '=', roleId).executeTakeFirst();
      if (member) throw new PortalError(1005, '该角色下还有用户，不能删除，请先移除用户');
      await trx.deleteFrom('role_resources').where('roleId', '=', roleId).execute();
      await trx.deleteFrom('roles').where('roleId', '=', roleId).execute();
    });
    return ok(1, '删除成功');
  });

  app.post('/role/res/list', { config: { permission: p.get } }, async (request) => {
    const roleId = requiredId(searchOf(request), 'roleId');
    await findRole(db, roleId);
    return ok(await roleResourceIds(db, roleId));
  });

  // roleSearchDto: roleId, pageNum, pageSize, name, username, mobile, deptId; within the caller's user scope.
  const members = async (request: FastifyRequest, assigned: boolean) => {
    const search = searchOf(request);
    const roleId = requiredId(search, 'roleId');
    await findRole(db, roleId);
    const scope = await userScope(db, currentUser(request));
    const holders = db.selectFrom('user_roles').select('userId').where('roleId', '=', roleId);
    let base = scoped(db.selectFrom('users as u').leftJoin('departments as d', 'd.id', 'u.deptId'), scope);
    base = assigned ? base.where('u.userId', 'in', holders) : base.where('u.userId', 'not in', holders);
    return userPage(db, await filtered(db, base, search), search);
  };
  app.post('/role/user/list', { config: { permission: p.get } }, async (request) => ok(await members(request, true)));
  app.post('/role/user/not/list', { config: { permission: p.get } }, async (request) => ok(await members(request, false)));

  // Data users: the role's members with the data permission the role gives them and how far it reaches.
  app.post('/role/data/user/list', { config: { permission: p.get } }, async (request) => {
    const search = searchOf(request);
    const roleId = requiredId(search, 'roleId');
    const role = await findRole(db, roleId);
    const page = await members(request, true);
    const allDepts = await db.selectFrom('departments').select('id').execute();
    const list = [];
    for (const u of page.list) {
      const scope = String(role.dataScope);
      const deptIds = u.deptId === null ? [] : scope === 'ALL' ? allDepts.map((d) => d.id) : scope === 'DEPARTS' ? await departmentAndDescendants(db, Number(u.deptId)) : [Number(u.deptId)];
      list.push({ ...u, dataScope: scope, dataScopeName: DATA_SCOPE_NAMES[scope] ?? '', scopeDeptIds: scope === 'SELF' ? [] : deptIds, scopeDeptCount: scope === 'SELF' ? 0 : deptIds.length });
    }
    return ok({ ...page, list });
  });

}
