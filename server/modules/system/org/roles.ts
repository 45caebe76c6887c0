import type { FastifyInstance, FastifyRequest } from 'fastify';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { declOf, requiredId, searchOf } from './common.js';
import { orgInputs } from './inputs.js';

export const DATA_SCOPE_NAMES: Record<string, string> = { SELF: '本人', DEPART: '本部门', DEPARTS: '本部门及下级', ALL: '全部' };

async function findRole(db: Db, roleId: number): Promise<Row> {
  const r = await db.selectFrom('roles').selectAll().where('roleId', '=', roleId).executeTakeFirst();
  if (!r) throw notFoundRecord();
  return r;
}

export async function roleRoutes(app: FastifyInstance) {
  const decl = declOf(app, 'role');
  const p = decl.permissions;
  const db = app.db;
  const INPUT = orgInputs(declOf(app, 'user'));

  // roleSearchDto: roleId, pageNum, pageSize, name, username, mobile, deptId; within the caller's user scope.
  const members = async (request: FastifyRequest, assigned: boolean) => {
    const search = searchOf(request);
    const roleId = requiredId(search, 'roleId');
    await findRole(db, roleId);
    // The user entity's list in the caller's data scope: holders of the role, or everyone else (its listWhere).
    return app.entities.api(currentUser(request)).list('user', assigned ? search : { ...search, roleId: undefined, withoutRoleId: roleId });
  };
  app.post('/role/user/list', { config: { permission: p.get }, schema: INPUT.members, attachValidation: true }, async (request) => ok(await members(request, true)));
  app.post('/role/user/not/list', { config: { permission: p.get }, schema: INPUT.members, attachValidation: true }, async (request) => ok(await members(request, false)));

  // Data users: the role's members with the data permission the role gives them and how far it reaches.
  app.post('/role/data/user/list', { config: { permission: p.get }, schema: INPUT.members, attachValidation: true }, async (request) => {
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
