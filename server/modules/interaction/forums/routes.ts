import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { bodyOf, param } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { requireDecl } from '../../../shared/records.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { FORUM_INPUT } from './inputs.js';

/** /plateRole/list and /plateRole/save (spec part 2 "Plates"). */
export async function forumRoutes(app: FastifyInstance) {
  const plate = requireDecl(app, 'plate');
  plateRoleRoutes(app, plate);
}

// Forums and plates: list/get/add/dels are the generic routes (server/entities/forum.ts, plate.ts); the
// portal's /forum/weblist and /plate/webget, /plate/listByRole and /plateRole/pageList, not/pagelist,
// optionList are their declarations' reads.

/** Plate roles: which roles moderate which plates. */
function plateRoleRoutes(app: FastifyInstance, plate: ResourceDecl) {
  const db = app.db;
  const rolePerm = { permission: 'plate:role' };
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
  // savePlateRoleDto { roleId, plateIds: [] }: the role's plates become exactly these.
  app.post('/plateRole/save', { config: rolePerm, schema: FORUM_INPUT.roleSave, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const roleId = Number(body.roleId);
    if (body.roleId === undefined || body.roleId === null || body.roleId === '') throw invalidValue('请选择角色');
    if (!Number.isSafeInteger(roleId) || roleId <= 0) throw invalidValue('参数格式不正确：roleId');
    const raw = body.plateIds ?? [];
    if (!Array.isArray(raw)) throw invalidValue('参数格式不正确：plateIds');
    const plateIds = [...new Set(raw.map((v) => Number(v)))];
    if (plateIds.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue('参数格式不正确：plateIds');
    await db.transaction().execute(async (trx) => {
      if (!(await trx.selectFrom('roles').select('roleId').where('roleId', '=', roleId).executeTakeFirst())) throw invalidValue('角色不存在');
      if (plateIds.length) {
        const found = await trx.selectFrom('plate').select('id').where('id', 'in', plateIds).execute();
        if (found.length !== plateIds.length) throw invalidValue('版块不存在');
      }
      await trx.deleteFrom('plate_role').where('roleId', '=', roleId).execute();
      const now = formatDateTime();
      if (plateIds.length) await trx.insertInto('plate_role').values(plateIds.map((plateId) => ({ plateId, roleId, createTime: now }))).execute();
    });
    return ok(plateIds.length, '保存成功');
  });
}
