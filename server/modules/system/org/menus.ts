import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { missingParam } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { declOf, idList, requiredId, searchOf } from './common.js';
import { orgInputs } from './inputs.js';

/** 角色's grants beyond its declared link: a role's entries as rows are a declared read of 菜单 (resources/menu.ts `roleList`). */
export async function menuRoutesOfSystem(app: FastifyInstance) {
  const INPUT = orgInputs(declOf(app, 'user'));

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
