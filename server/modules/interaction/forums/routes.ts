import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { param } from '../../../http/params.js';
import { requireDecl } from '../../../shared/records.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { FORUM_INPUT } from './inputs.js';

/** /plateRole/list (spec part 2 "Plates"): the link rows with both names; /plateRole/save is 论坛版块's declared 版主设置. */
export async function forumRoutes(app: FastifyInstance) {
  const plate = requireDecl(app, 'plate');
  plateRoleRoutes(app, plate);
}

// Forums and plates: list/get/add/dels are the generic routes (server/entities/forum.ts, plate.ts); the
// portal's /forum/weblist and /plate/webget, /plate/listByRole and /plateRole/pageList, not/pagelist,
// optionList are their declarations' reads.

/** Plate roles: which roles moderate which plates (the link `roleIds` of resources/plate.ts). */
function plateRoleRoutes(app: FastifyInstance, plate: ResourceDecl) {
  const db = app.db;
  app.post('/plateRole/list', { config: { permission: plate.permissions.list }, schema: FORUM_INPUT.roleList, attachValidation: true }, async (request) => {
    const roleId = param(request, 'roleId');
    let q = db
      .selectFrom('plate_role')
      .innerJoin('plate', 'plate.id', 'plate_role.plateId')
      .innerJoin('roles', 'roles.roleId', 'plate_role.roleId')
      .select(['plate_role.id', 'plate_role.plateId', 'plate_role.roleId', 'plate.name as plateName', 'roles.name as roleName', 'plate_role.createTime']);
    if (roleId !== undefined && roleId !== null && roleId !== '') {
      const n = Number(roleId);
      if (!Number.isSafeInteger(n) || n <= 0) throw invalidValue('参数格式不正确：roleId');
      q = q.where('plate_role.roleId', '=', n);
    }
    return ok(await q.orderBy('plate_role.roleId').orderBy('plate.sort').execute());
  });
}
