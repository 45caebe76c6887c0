import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validateRecord } from '../../../crud/validate.js';
import type { Db, Row, NewRow } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { bodyOf } from '../../../http/params.js';
import { ADMIN_ROLE_ALIAS, declOf, idList, isBlank, optionalId, requiredId, searchOf } from './common.js';
import { roleResourceIds } from './roles.js';

export const APP_NAMES: Record<string, string> = { adminSite: '网站管理系统', reportSite: '信息报送系统' };
const TYPE_NAMES: Record<string, string> = { Catalogue: '目录', Menu: '菜单', Button: '按钮' };

export interface ResNode extends Row {
  id: number;
  parentId: number;
  children: ResNode[];
}

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

export function nest(rows: Row[]): ResNode[] {
  const nodes = new Map<number, ResNode>();
  for (const r of rows) nodes.set(Number(r.id), { ...(r as ResNode), children: [] });
  const roots: ResNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    (parent && parent !== n ? parent.children : roots).push(n);
  }
  const sortAll = (list: ResNode[]) => {
    list.sort((a, b) => Number(a.sort) - Number(b.sort) || a.id - b.id);
    list.forEach((n) => sortAll(n.children));
  };
  sortAll(roots);
  return roots;
}

function appOf(search: Record<string, unknown>): string | undefined {
  const app = search.dingAppKey;
  if (isBlank(app)) return undefined;
  if (app !== 'adminSite' && app !== 'reportSite') throw invalidValue('所属应用的值无效，可选值：adminSite（网站管理系统）、reportSite（信息报送系统）');
  return app;
}

async function findRes(db: Db, id: number): Promise<Row> {
  const r = await db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFoundRecord();
  return shapeRes(r);
}

/** Every id below `id` (children, grandchildren, …). */
async function descendants(db: Db, id: number): Promise<number[]> {
  const rows = await db.selectFrom('resources').select(['id', 'parentId']).execute();
  const out: number[] = [];
  const queue = [id];
  while (queue.length) {
    const cur = queue.shift() as number;
    for (const r of rows) if (r.parentId === cur && !out.includes(r.id)) { out.push(r.id); queue.push(r.id); }
  }
  return out;
}

/** Where an entry may hang: a Catalogue at the top or under a Catalogue; a Menu under a Catalogue or Menu; a Button under a Menu. */
async function checkPlacement(db: Db, values: { type: string; parentId: number; dingAppKey: string }, selfId: number | null) {
  if (values.parentId === 0) {
    if (values.type === 'Button') throw invalidValue('按钮必须挂在菜单下');
    return;
  }
  const parent = await db.selectFrom('resources').selectAll().where('id', '=', values.parentId).executeTakeFirst();
  if (!parent) throw invalidValue('上级菜单不存在');
  if (parent.dingAppKey !== values.dingAppKey) throw invalidValue('上级菜单必须属于同一应用');
  if (parent.type === 'Button') throw invalidValue('按钮下不能再添加下级');
  if (values.type === 'Catalogue' && parent.type !== 'Catalogue') throw invalidValue('目录只能挂在顶级或目录下');
  if (values.type === 'Button' && parent.type !== 'Menu') throw invalidValue('按钮必须挂在菜单下');
  if (selfId !== null && (values.parentId === selfId || (await descendants(db, selfId)).includes(values.parentId))) {
    throw invalidValue('上级菜单不能是本菜单或其下级');
  }
}

async function uniqueAlias(db: Db, app: string, alias: string, exceptId: number | null) {
  let q = db.selectFrom('resources').select('id').where('dingAppKey', '=', app).where('alias', '=', alias);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new PortalError(1004, `别名已存在：${alias}`);
}

export async function menuRoutesOfSystem(app: FastifyInstance) {
  const decl = declOf(app, 'menu');
  const p = decl.permissions;
  const db = app.db;

  // resSearchDto: dingAppKey (both apps when absent), name (matching entries with their ancestors), type.
  app.post('/resource/tree', { config: { permission: p.list } }, async (request) => {
    const search = searchOf(request);
    let rows = await allResources(db, appOf(search));
    const name = isBlank(search.name) ? '' : String(search.name).trim();
    const type = isBlank(search.type) ? '' : String(search.type);
    if (name || type) {
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const keep = new Set<number>();
      for (const r of rows) {
        if ((name && !String(r.name).includes(name) && !String(r.alias).includes(name)) || (type && r.type !== type)) continue;
        let cur: Row | undefined = r;
        while (cur && !keep.has(Number(cur.id))) {
          keep.add(Number(cur.id));
          cur = byId.get(Number(cur.parentId));
        }
      }
      rows = rows.filter((r) => keep.has(Number(r.id)));
    }
    return ok(nest(rows));
  });

  // The grant tree of the role screen: one root per app, then its Catalogues, Menus and Buttons.
  app.post('/resource/base/tree', { config: { permission: 'role:get' } }, async (request) => {
    const search = searchOf(request);
    const only = appOf(search);
    const rows = await allResources(db, only);
    return ok(
      Object.entries(APP_NAMES)
        .filter(([key]) => !only || key === only)
        .map(([key, label]) => ({ dingAppKey: key, name: label, children: nest(rows.filter((r) => r.dingAppKey === key)) })),
    );
  });

  app.post('/resource/res/view', { config: { permission: p.get } }, async (request) => {
    const id = requiredId(searchOf(request), 'id');
    const res = await findRes(db, id);
    const parent = res.parentId ? (await db.selectFrom('resources').select('name').where('id', '=', Number(res.parentId)).executeTakeFirst()) : undefined;
    return ok({ ...res, parentName: parent?.name ?? null });
  });

  const save = async (body: Record<string, unknown>, id: number | null) => {
    const values = validateRecord(decl, body, id === null ? 'create' : 'update');
    return db.transaction().execute(async (trx) => {
      if (id === null) {
        const v: Row = { ...values, parentId: Number(values.parentId ?? 0) };
        await checkPlacement(trx, { type: String(v.type), parentId: Number(v.parentId), dingAppKey: String(v.dingAppKey) }, null);
        await uniqueAlias(trx, String(v.dingAppKey), String(v.alias), null);
        const row = await trx.insertInto('resources').values(v as NewRow<'resources'>).returning('id').executeTakeFirstOrThrow();
        // Like the menu sync: a new entry is granted to 系统管理员 at once.
        const admin = await trx.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst();
        if (admin) await trx.insertInto('role_resources').values({ roleId: admin.roleId, resourceId: row.id }).execute();
        return ok(await findRes(trx, row.id), '新增成功');
      }
      const existing = await findRes(trx, id);
      const merged = { ...existing, ...values } as Row;
      if (merged.dingAppKey !== existing.dingAppKey) {
        const child = await trx.selectFrom('resources').select('id').where('parentId', '=', id).executeTakeFirst();
        if (child) throw new PortalError(1005, '该菜单下还有下级菜单，不能改变所属应用');
      }
      if (merged.type !== existing.type) {
        const child = await trx.selectFrom('resources').select('type').where('parentId', '=', id).execute();
        if (merged.type === 'Button' && child.length) throw new PortalError(1005, '该菜单下还有下级菜单，不能改为按钮');
      }
      await checkPlacement(trx, { type: String(merged.type), parentId: Number(merged.parentId ?? 0), dingAppKey: String(merged.dingAppKey) }, id);
      await uniqueAlias(trx, String(merged.dingAppKey), String(merged.alias), id);
      if (Object.keys(values).length) await trx.updateTable('resources').set(values).where('id', '=', id).execute();
      return ok(await findRes(trx, id), '修改成功');
    });
  };

  // resSaveDto creates (with an id it updates, needing menu:update); resEditDto updates.
  app.post('/resource/res/save', { config: { permission: (r: FastifyRequest) => (isBlank(((r.body ?? {}) as Row).id) ? p.create : p.update) } }, async (request) => {
    const body = bodyOf(request);
    return save(body, optionalId(body, 'id'));
  });
  app.post('/resource/res/edit', { config: { permission: p.update } }, async (request) => {
    const body = bodyOf(request);
    return save(body, requiredId(body, 'id'));
  });

  // resDto: refused while the entry has children; role grants of it go with it.
  app.post('/resource/res/del', { config: { permission: p.delete } }, async (request) => {
    const id = requiredId(searchOf(request), 'id');
    await db.transaction().execute(async (trx) => {
      await findRes(trx, id);
      const child = await trx.selectFrom('resources').select('id').where('parentId', '=', id).executeTakeFirst();
      if (child) throw new PortalError(1005, '该菜单下还有下级菜单，不能删除');
      await trx.deleteFrom('role_resources').where('resourceId', '=', id).execute();
      await trx.deleteFrom('resources').where('id', '=', id).execute();
    });
    return ok(1, '删除成功');
  });

  // roleIdDto: the entries a role holds, as rows.
  app.post('/resource/role/list', { config: { permission: 'role:get' } }, async (request) => {
    const roleId = requiredId(searchOf(request), 'roleId');
    const role = await db.selectFrom('roles').select('roleId').where('roleId', '=', roleId).executeTakeFirst();
    if (!role) throw notFoundRecord();
    const ids = await roleResourceIds(db, roleId);
    const rows = ids.length ? (await db.selectFrom('resources').selectAll().where('id', 'in', ids).orderBy('id').execute()) : [];
    return ok(rows.map(shapeRes));
  });

  // resRoleSaveDto: roleId + resource ids (resourceIds, resIds or ids); replaces the role's grants.
  app.post('/resource/role/save', { config: { permission: 'role:grant' } }, async (request) => {
    const body = searchOf(request);
    const roleId = requiredId(body, 'roleId');
    const present = ['resourceIds', 'resIds', 'ids'].find((k) => Object.prototype.hasOwnProperty.call(body, k));
    if (!present) throw missingParam('resourceIds');
    const ids = idList(body, present);
    await db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('roles').select(['roleId', 'roleAlias']).where('roleId', '=', roleId).executeTakeFirst();
      if (!role) throw notFoundRecord();
      if (role.roleAlias === ADMIN_ROLE_ALIAS) throw new PortalError(1005, '系统管理员角色拥有全部菜单，不能修改授权');
      if (ids.length) {
        const found = await trx.selectFrom('resources').select('id').where('id', 'in', ids).execute();
        if (found.length !== ids.length) throw invalidValue('所选菜单不存在或已被删除');
      }
      await trx.deleteFrom('role_resources').where('roleId', '=', roleId).execute();
      for (const resourceId of ids) await trx.insertInto('role_resources').values({ roleId, resourceId }).execute();
    });
    return ok({ roleId, resourceIds: ids }, '授权成功');
  });
}
