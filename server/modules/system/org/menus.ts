import type { FastifyInstance } from 'fastify';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { declOf, idList, requiredId, searchOf } from './common.js';
import { orgInputs } from './inputs.js';

const TYPE_NAMES: Record<string, string> = { Catalogue: '目录', Menu: '菜单', Button: '按钮' };

function shapeRes(r: Row): Row {
  return {
    id: Number(r.id),
    parentId: Number(r.parentId),
    name: r.name,
    alias: r.alias,
    icon: r.icon ?? null,
    type: r.type,
    typeName: TYPE_NAMES[String(r.type)] ?? '',
    url: r.url ?? null,
    dingAppKey: r.dingAppKey,
    sort: Number(r.sort),
  };
}

export async function menuRoutesOfSystem(app: FastifyInstance) {
  const db = app.db;
  const INPUT = orgInputs(declOf(app, 'user'));

  // roleIdDto: the entries a role holds, as rows.
  app.post('/resource/role/list', { config: { permission: 'role:get' }, schema: INPUT.roleId, attachValidation: true }, async (request) => {
    const roleId = requiredId(searchOf(request), 'roleId');
    const role = await db.selectFrom('roles').select('roleId').where('roleId', '=', roleId).executeTakeFirst();
    if (!role) throw notFoundRecord();
    const ids = (await db.selectFrom('role_resources').select('resourceId').where('roleId', '=', roleId).orderBy('resourceId').execute()).map((r) => r.resourceId);
    const rows = ids.length ? (await db.selectFrom('resources').selectAll().where('id', 'in', ids).orderBy('id').execute()) : [];
    return ok(rows.map(shapeRes));
  });

  // resRoleSaveDto: roleId + resource ids (resourceIds, resIds or ids); replaces the role's grants.
  app.post('/resource/role/save', { config: { permission: 'role:grant' }, schema: INPUT.roleGrant, attachValidation: true }, async (request) => {
    const body = searchOf(request);
    const roleId = requiredId(body, 'roleId');
    const present = ['resourceIds', 'resIds', 'ids'].find((k) => Object.prototype.hasOwnProperty.call(body, k));
    if (!present) throw missingParam('resourceIds');
    const ids = idList(body, present);
    // Through the local API: the role's own rules (系统管理员 keeps everything) and its declared link, in one transaction.
    await app.entities.api(currentUser(request)).update('role', roleId, { resourceIds: ids });
    return ok({ roleId, resourceIds: ids }, '授权成功');
  });
}
