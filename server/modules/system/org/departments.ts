import type { FastifyInstance, FastifyRequest } from 'fastify';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import { validateRecord } from '../../../crud/validate.js';
import type { Db, Row, NewRow } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { declOf, isBlank, likeExpr, num, optionalId, paging, pageOf, requiredId, searchOf, visibleDeptIds } from './common.js';

export interface DeptNode extends Row {
  id: number;
  parentId: number;
  name: string;
  children: DeptNode[];
}

const DEPT_COLUMNS = ['id', 'name', 'no', 'desc', 'phone', 'dingId', 'level', 'parentId', 'state', 'deptType', 'isCount', 'type', 'sort', 'createTime', 'updateTime'];
const DEPT_TYPE_NAMES: Record<number, string> = { 0: '区域', 1: '检察院', 2: '妇联' };

function shape(r: Row): Row {
  const out: Row = {};
  for (const c of DEPT_COLUMNS) out[c] = r[c] ?? null;
  for (const c of ['id', 'level', 'parentId', 'state', 'deptType', 'isCount', 'type', 'sort']) out[c] = num(r[c]);
  out.deptTypeName = DEPT_TYPE_NAMES[Number(r.deptType)] ?? '';
  return out;
}

async function allDepartments(db: Db): Promise<Row[]> {
  const rows = await db.selectFrom('departments').selectAll().orderBy('level').orderBy('sort').orderBy('id').execute();
  return rows.map(shape);
}

/** The caller's visible departments, in tree order (level, sort, id). */
export async function visibleDepartments(db: Db, user: PortalUser): Promise<Row[]> {
  const all = await allDepartments(db);
  const ids = await visibleDeptIds(db, user);
  if (ids === null) return all;
  const set = new Set(ids);
  return all.filter((d) => set.has(Number(d.id)));
}

/** Nests rows; a row whose parent is not among them is a root. Children follow sort, then id. */
export function buildTree(rows: Row[]): DeptNode[] {
  const nodes = new Map<number, DeptNode>();
  for (const r of rows) nodes.set(Number(r.id), { ...(r as DeptNode), children: [] });
  const roots: DeptNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    (parent && parent !== n ? parent.children : roots).push(n);
  }
  const sortAll = (list: DeptNode[]) => {
    list.sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || a.id - b.id);
    list.forEach((n) => sortAll(n.children));
  };
  sortAll(roots);
  return roots;
}

async function findDept(db: Db, id: number): Promise<Row | undefined> {
  const r = await db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? shape(r) : undefined;
}

/** One department inside the caller's scope, with parent name and counts; 1003 outside it. */
async function viewDept(db: Db, user: PortalUser, id: number): Promise<Row> {
  const ids = await visibleDeptIds(db, user);
  if (ids !== null && !ids.includes(id)) throw notFoundRecord();
  const dept = await findDept(db, id);
  if (!dept) throw notFoundRecord();
  const parent = Number(dept.parentId) ? await findDept(db, Number(dept.parentId)) : undefined;
  const users = (await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('deptId', '=', id).executeTakeFirst()) as { n: unknown };
  const children = (await db.selectFrom('departments').select((eb) => eb.fn.countAll().as('n')).where('parentId', '=', id).executeTakeFirst()) as { n: unknown };
  return { ...dept, parentName: parent?.name ?? null, userCount: Number(users.n), childCount: Number(children.n) };
}

export async function departmentRoutes(app: FastifyInstance) {
  const decl = declOf(app, 'department');
  const p = decl.permissions;
  const db = app.db;

  // Tree and flat lists of the caller's departments (the department screen, filters of other screens).
  app.post('/ding/dept/tree', { config: { permission: p.list } }, async (request) => ok(buildTree(await visibleDepartments(db, currentUser(request)))));
  app.post('/ding/dept/list', { config: { permission: p.list } }, async (request) => ok(await visibleDepartments(db, currentUser(request))));
  app.post('/ding/dept/list/not/all', { config: { permission: p.list } }, async (request) =>
    ok((await visibleDepartments(db, currentUser(request))).filter((d) => Number(d.parentId) !== 0)),
  );

  // Reference data any logged-in staff member needs (department pickers, names in tables): no key.
  app.post('/ding/dept/data', async () => {
    const toOption = (n: DeptNode): Row => ({ value: n.id, label: n.name, id: n.id, name: n.name, parentId: n.parentId, children: n.children.map(toOption) });
    return ok(buildTree((await allDepartments(db)).filter((d) => Number(d.state) === 0)).map(toOption));
  });
  app.post('/ding/dept/ByUser', async (request) => {
    const user = currentUser(request);
    return ok(user.deptId === null ? null : ((await findDept(db, user.deptId)) ?? null));
  });
  app.get('/ding/dept/getName/:id', async (request) => {
    const id = requiredId((request.params ?? {}) as Record<string, unknown>, 'id');
    const dept = await findDept(db, id);
    if (!dept) throw notFoundRecord();
    return ok(dept.name);
  });

  // The public site's department lists (mail and topic forms): normal departments, names only.
  const publicList = async (skipRoot: boolean) =>
    (await allDepartments(db))
      .filter((d) => Number(d.state) === 0 && (!skipRoot || Number(d.parentId) !== 0))
      .map((d) => ({ id: d.id, name: d.name, parentId: d.parentId, level: d.level }));
  app.post('/ding/dept/deptListWeb', { config: { public: true } }, async () => ok(await publicList(false)));
  app.post('/ding/dept/themeWeblist', { config: { public: true } }, async () => ok(await publicList(true)));

  // Paged list: query startTime, endTime, pageNumber, pageSize (both required), type, name, no.
  app.get('/ding/dept/list/page', { config: { permission: p.list } }, async (request) => {
    const q = queryOf(request);
    for (const name of ['pageNumber', 'pageSize']) if (isBlank(q[name])) throw missingParam(name);
    const pg = paging(q);
    const user = currentUser(request);
    let base = db.selectFrom('departments');
    const ids = await visibleDeptIds(db, user);
    if (ids !== null) base = ids.length ? base.where('id', 'in', ids) : base.where('id', '=', -1);
    if (!isBlank(q.name)) base = base.where(likeExpr('name', q.name));
    if (!isBlank(q.no)) base = base.where(likeExpr('no', q.no));
    if (!isBlank(q.type)) {
      const t = Number(q.type);
      if (!Number.isInteger(t)) throw invalidValue('单位类别必须是数字');
      base = base.where('type', '=', t);
    }
    if (!isBlank(q.startTime)) base = base.where('createTime', '>=', String(q.startTime).length === 10 ? `${String(q.startTime)} 00:00:00` : String(q.startTime));
    if (!isBlank(q.endTime)) base = base.where('createTime', '<=', String(q.endTime).length === 10 ? `${String(q.endTime)} 23:59:59` : String(q.endTime));
    const total = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: unknown };
    const rows = await base.selectAll().orderBy('level').orderBy('sort').orderBy('id').limit(pg.pageSize).offset((pg.pageNum - 1) * pg.pageSize).execute();
    return ok(pageOf(rows.map(shape), Number(total.n), pg));
  });

  app.post('/ding/dept/view', { config: { permission: p.get } }, async (request) => {
    const body = searchOf(request);
    const id = optionalId(body, 'deptId') ?? requiredId(body, 'id');
    return ok(await viewDept(db, currentUser(request), id));
  });
  app.get('/ding/dept/:id', { config: { permission: p.get } }, async (request) =>
    ok(await viewDept(db, currentUser(request), requiredId(request.params as Record<string, unknown>, 'id'))),
  );

  // Create (no id) or update (id): the key depends on the body.
  app.post('/ding/dept/save', { config: { permission: (r: FastifyRequest) => (isBlank(((r.body ?? {}) as Row).id) ? p.create : p.update) } }, async (request) => {
    const body = bodyOf(request);
    const user = currentUser(request);
    const id = optionalId(body, 'id');
    const scope = await visibleDeptIds(db, user);
    const inScope = (deptId: number) => scope === null || scope.includes(deptId);
    const now = formatDateTime();
    return db.transaction().execute(async (trx) => {
      const values = validateRecord(decl, body, id === null ? 'create' : 'update');
      let parentLevel = -1;
      const parentId = values.parentId === undefined ? undefined : Number(values.parentId ?? 0);
      if (parentId !== undefined && parentId !== 0) {
        const parent = await trx.selectFrom('departments').select(['id', 'level']).where('id', '=', parentId).executeTakeFirst();
        if (!parent) throw invalidValue('上级部门不存在');
        if (!inScope(parentId)) throw notFoundRecord();
        parentLevel = parent.level;
      } else if (parentId === 0 && scope !== null) {
        // Only a user who sees every department may make a top-level one.
        throw new PortalError(1005, '只有全部数据权限的用户可以设置顶级部门');
      }
      if (parentId !== undefined) {
        values.parentId = parentId;
        values.level = parentId === 0 ? 0 : parentLevel + 1;
      }
      if (id === null) {
        if (values.parentId === undefined) {
          if (scope !== null) throw missingParam('parentId');
          values.parentId = 0;
          values.level = 0;
        }
        await uniqueSibling(trx, String(values.name), Number(values.parentId), null);
        const row = await trx.insertInto('departments').values({ ...values, createTime: now, updateTime: now } as NewRow<'departments'>).returning('id').executeTakeFirstOrThrow();
        return ok(await findDept(trx, row.id), '新增成功');
      }
      const existing = await trx.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!existing || !inScope(id)) throw notFoundRecord();
      if (parentId !== undefined && parentId !== existing.parentId) {
        const below = await departmentAndDescendants(trx, id);
        if (below.includes(parentId)) throw invalidValue('上级部门不能是本部门或其下级部门');
      }
      const name = values.name === undefined ? String(existing.name) : String(values.name);
      const parentOf = values.parentId === undefined ? existing.parentId : Number(values.parentId);
      await uniqueSibling(trx, name, parentOf, id);
      await trx.updateTable('departments').set({ ...values, updateTime: now }).where('id', '=', id).execute();
      if (values.level !== undefined && Number(values.level) !== existing.level) await relevel(trx, id, Number(values.level));
      return ok(await findDept(trx, id), '修改成功');
    });
  });

  // Delete one department: refused while it has child departments or users.
  app.post('/ding/dept/:id', { config: { permission: p.delete } }, async (request) => {
    const id = requiredId(request.params as Record<string, unknown>, 'id');
    const user = currentUser(request);
    const scope = await visibleDeptIds(db, user);
    return db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst();
      if (!existing || (scope !== null && !scope.includes(id))) throw notFoundRecord();
      if (user.deptId === id) throw new PortalError(1005, '不能删除本人所在的部门');
      const child = await trx.selectFrom('departments').select('id').where('parentId', '=', id).executeTakeFirst();
      if (child) throw new PortalError(1005, '该部门下还有下级部门，不能删除');
      const member = await trx.selectFrom('users').select('userId').where('deptId', '=', id).executeTakeFirst();
      if (member) throw new PortalError(1005, '该部门下还有用户，不能删除');
      await trx.deleteFrom('departments').where('id', '=', id).execute();
      return ok(1, '删除成功');
    });
  });

}

async function uniqueSibling(db: Db, name: string, parentId: number, exceptId: number | null) {
  let q = db.selectFrom('departments').select('id').where('name', '=', name).where('parentId', '=', parentId);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new PortalError(1004, `同一上级部门下已存在部门：${name}`);
}

/** After a move, the levels below follow their new parent. */
async function relevel(db: Db, id: number, level: number) {
  const children = await db.selectFrom('departments').select('id').where('parentId', '=', id).execute();
  for (const c of children) {
    await db.updateTable('departments').set({ level: level + 1 }).where('id', '=', c.id).execute();
    await relevel(db, c.id, level + 1);
  }
}
