import type { FastifyInstance } from 'fastify';
import { searchOf } from '../../../crud/routes.js';
import { readPaging } from '../../../crud/listQuery.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { requireDecl } from '../../../shared/records.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { FORUM_INPUT } from './inputs.js';
import { pageOf } from '../../../shared/paging.js';

const likeText = (v: unknown) => `%${String(v).trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** /plate/listByRole and /plateRole/* (spec part 2 "Plates"). */
export async function forumRoutes(app: FastifyInstance) {
  const plate = requireDecl(app, 'plate');
  plateRoutes(app, plate);
  plateRoleRoutes(app, plate);
}

// Forums and plates: list/get/add/dels are the generic routes (server/entities/forum.ts, plate.ts); the
// portal's /forum/weblist and /plate/webget are their declarations' reads.

/** The plates a caller moderates. */
function plateRoutes(app: FastifyInstance, plate: ResourceDecl) {
  const db = app.db;
  // Plates the caller moderates through a role (every plate for an ALL-scope user).
  app.post('/plate/listByRole', { config: { permission: plate.permissions.list }, schema: FORUM_INPUT.plates, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    let q = db.selectFrom('plate');
    if (user.dataScope !== 'ALL') {
      const roleIds = user.roleIds.length ? user.roleIds : [0];
      q = q.where('id', 'in', db.selectFrom('plate_role').select('plateId').where('roleId', 'in', roleIds));
    }
    if (typeof search.name === 'string' && search.name.trim()) q = q.where('name', 'like', likeText(search.name));
    if (search.forumId !== undefined && search.forumId !== '') q = q.where('forumId', '=', Number(search.forumId));
    const total = Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    const list = await q.selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    return ok(pageOf(list, { pageNum, pageSize }, total));
  });
  // 导出 (/plate/plateRoleExcel) is the generic list export of resources/plate.ts.
}

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
  const rolePlates = async (request: import('fastify').FastifyRequest, assigned: boolean) => {
    const search = searchOf(request);
    const roleId = Number(search.roleId);
    if (!search.roleId || !Number.isSafeInteger(roleId) || roleId <= 0) throw invalidValue('请选择角色');
    const { pageNum, pageSize } = readPaging(search);
    const sub = db.selectFrom('plate_role').select('plateId').where('roleId', '=', roleId);
    let q = db.selectFrom('plate').where('id', assigned ? 'in' : 'not in', sub);
    if (typeof search.name === 'string' && search.name.trim()) q = q.where('name', 'like', likeText(search.name));
    const total = Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
    const list = await q
      .select(['id', 'name', 'forumName', 'handleDeptName', 'status'])
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return ok(pageOf(list, { pageNum, pageSize }, total));
  };
  app.post('/plateRole/pageList', { config: { permission: plate.permissions.list }, schema: FORUM_INPUT.rolePlates, attachValidation: true }, (r) => rolePlates(r, true));
  app.post('/plateRole/not/pagelist', { config: { permission: plate.permissions.list }, schema: FORUM_INPUT.rolePlates, attachValidation: true }, (r) => rolePlates(r, false));
  app.post('/plateRole/optionList', { config: { permission: plate.permissions.list }, schema: FORUM_INPUT.none, attachValidation: true }, async () => {
    const plates = await db.selectFrom('plate').select(['id', 'name']).orderBy('sort', 'asc').orderBy('id', 'asc').execute();
    return ok(plates.map((p) => ({ value: p.id, label: p.name })));
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
