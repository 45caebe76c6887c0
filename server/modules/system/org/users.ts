import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { ADMIN_ROLE_ALIAS, declOf, idList, requiredId, searchOf } from './common.js';
import { isBlank } from '../../../http/params.js';
import { orgInputs } from './inputs.js';

/**
 * The calls of 用户管理 beyond its generic routes and declared actions (resources/user.ts, server/entities/user.ts):
 * a role's data permission and articles per user. Every change goes through the local API.
 */
export async function userRoutes(app: FastifyInstance) {
  const decl = declOf(app, 'user');
  const p = decl.permissions;
  const db = app.db;
  const INPUT = orgInputs(decl);

  // roleGrantDataDto: { roleId, dataScope } sets the data permission of a role.
  app.post('/ding/user/grant/role/data', { config: { permission: 'role:grant' }, schema: INPUT.roleData, attachValidation: true }, async (request) => {
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

  // Articles per user ({ userIds? }): 0 for one who wrote none.
  app.post('/ding/user/articleNum', { config: { permission: p.list }, schema: INPUT.articleNum, attachValidation: true }, async (request) => {
    const body = searchOf(request);
    const ids = [...new Set([...idList(body, 'userIds'), ...idList(body, 'userId'), ...idList(body, 'ids')])];
    // The users in the caller's data scope, through the user entity.
    const users = (await app.entities.api(currentUser(request)).find('user', ids.length ? { where: { userId: ids } } : {})).map((u) => ({ userId: Number(u.userId) }));
    const counts = await articleCounts(app, users.map((u) => u.userId));
    return ok(users.map((u) => ({ userId: u.userId, articleNum: counts.get(u.userId) ?? 0 })));
  });
}

/** Articles per creator, counted by the article entity's local API (as the system: every article). */
async function articleCounts(app: FastifyInstance, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await app.entities.api().asSystem().count('article', { where: { creatorId: userIds }, groupBy: ['creatorId'] });
  return new Map(rows.map((r) => [Number(r.creatorId), Number(r.count)]));
}
