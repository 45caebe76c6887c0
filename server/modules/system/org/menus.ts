import type { FastifyInstance } from 'fastify';
import { nestRecords } from '../../../crud/treeList.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { declOf, idList, requiredId, searchOf } from './common.js';
import { isBlank } from '../../../http/params.js';
import { orgInputs } from './inputs.js';

export const APP_NAMES: Record<string, string> = { adminSite: '网站管理系统', reportSite: '信息报送系统' };
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

async function allResources(db: Db, app?: string): Promise<Row[]> {
  let q = db.selectFrom('resources').selectAll();
  if (app) q = q.where('dingAppKey', '=', app);
  return (await q.execute()).map(shapeRes);
}

function appOf(search: Record<string, unknown>): string | undefined {
  const app = search.dingAppKey;
  if (isBlank(app)) return undefined;
  if (app !== 'adminSite' && app !== 'reportSite') throw invalidValue('所属应用的值无效，可选值：adminSite（网站管理系统）、reportSite（信息报送系统）');
  return app;
}

export async function menuRoutesOfSystem(app: FastifyInstance) {
  const db = app.db;
  const menu = declOf(app, 'menu');
  const INPUT = orgInputs(declOf(app, 'user'));

  // The grant tree of the role screen: one root per app, then its Catalogues, Menus and Buttons.
  app.post('/resource/base/tree', { config: { permission: 'role:get' }, schema: INPUT.appTree, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const only = appOf(search);
    const rows = await allResources(db, only);
    return ok(
      Object.entries(APP_NAMES)
        .filter(([key]) => !only || key === only)
        .map(([key, label]) => ({ dingAppKey: key, name: label, children: nestRecords(menu, rows.filter((r) => r.dingAppKey === key)) })),
    );
  });

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
