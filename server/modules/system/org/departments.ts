import type { FastifyInstance } from 'fastify';
import { getRecord } from '../../../crud/service.js';
import { dynamic, type Db, type Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { currentUser, type PortalUser } from '../../../http/fastifyTypes.js';
import { declOf, num, requiredId, searchOf, visibleDeptIds } from './common.js';
import { optionalId } from '../../../http/params.js';
import { orgInputs } from './inputs.js';

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

export async function departmentRoutes(app: FastifyInstance) {
  const decl = declOf(app, 'department');
  const p = decl.permissions;
  const db = app.db;
  const INPUT = orgInputs(declOf(app, 'user'));

  // Tree and flat lists of the caller's departments (the department screen, filters of other screens).
  app.post('/ding/dept/tree', { config: { permission: p.list }, schema: INPUT.none, attachValidation: true }, async (request) => ok(buildTree(await visibleDepartments(db, currentUser(request)))));
  app.post('/ding/dept/list', { config: { permission: p.list }, schema: INPUT.none, attachValidation: true }, async (request) => ok(await visibleDepartments(db, currentUser(request))));
  app.post('/ding/dept/list/not/all', { config: { permission: p.list }, schema: INPUT.none, attachValidation: true }, async (request) =>
    ok((await visibleDepartments(db, currentUser(request))).filter((d) => Number(d.parentId) !== 0)),
  );

  // Reference data any logged-in staff member needs (department pickers, names in tables): no key.
  app.post('/ding/dept/data', { schema: INPUT.none, attachValidation: true }, async () => {
    const toOption = (n: DeptNode): Row => ({ value: n.id, label: n.name, id: n.id, name: n.name, parentId: n.parentId, children: n.children.map(toOption) });
    return ok(buildTree((await allDepartments(db)).filter((d) => Number(d.state) === 0)).map(toOption));
  });
  app.post('/ding/dept/ByUser', { schema: INPUT.none, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    return ok(user.deptId === null ? null : ((await findDept(db, user.deptId)) ?? null));
  });
  app.get('/ding/dept/getName/:id', { schema: INPUT.deptName, attachValidation: true }, async (request) => {
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
  app.post('/ding/dept/deptListWeb', { config: { public: true }, schema: INPUT.none, attachValidation: true }, async () => ok(await publicList(false)));
  app.post('/ding/dept/themeWeblist', { config: { public: true }, schema: INPUT.none, attachValidation: true }, async () => ok(await publicList(true)));

  app.post('/ding/dept/view', { config: { permission: p.get }, schema: INPUT.deptView, attachValidation: true }, async (request) => {
    const body = searchOf(request);
    const id = optionalId(body, 'deptId') ?? requiredId(body, 'id');
    return ok(await getRecord(dynamic(db), decl, currentUser(request), id));
  });
}
