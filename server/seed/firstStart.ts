import type { ResourceDecl } from '../../resources/types.js';
import { hashPassword, randomPassword } from '../auth/password.js';
import type { Db, DynamicDb, Row } from '../db/types.js';
import { formatDateTime } from '../util/time.js';
import { DEMO_ANNOUNCEMENTS, DEMO_HOT, DEMO_SENSITIVE, DEMO_WEBSITES } from './demoRecords.js';
import { domainSeeds, type SeedContext } from './domainSeeds.js';
import { registerOwnSite } from '../modules/monitoring/ownSite.js';
import { seedApi, seedOne } from '../crud/entity/seed.js';
import type { LocalApi } from '../crud/entity/types.js';
import { ADMIN_ROLE_ALIAS, CATALOGUES, ensureResource, grant, syncDeclarationMenus } from './menuSync.js';

export const PORTAL_NAME = '云溪县人民政府门户网站';
export const DEMO_PASSWORD = 'Demo@2026';

/** 县政府 → bureaus and towns → sub-units: three levels for the data-scope rules. */
const DEPARTMENTS: { name: string; parent: string | null; no: string }[] = [
  { name: '县政府', parent: null, no: '001' },
  { name: '县政府办公室', parent: '县政府', no: '001001' },
  { name: '县教育局', parent: '县政府', no: '001002' },
  { name: '县卫生健康局', parent: '县政府', no: '001003' },
  { name: '县农业农村局', parent: '县政府', no: '001004' },
  { name: '青石镇', parent: '县政府', no: '001005' },
  { name: '白沙镇', parent: '县政府', no: '001006' },
  { name: '县政府办公室信息科', parent: '县政府办公室', no: '001001001' },
  { name: '县大数据中心', parent: '县政府办公室', no: '001001002' },
  { name: '县第一中学', parent: '县教育局', no: '001002001' },
  { name: '县实验小学', parent: '县教育局', no: '001002002' },
  { name: '县人民医院', parent: '县卫生健康局', no: '001003001' },
  { name: '青石镇便民服务中心', parent: '青石镇', no: '001005001' },
];

const ROLES = [
  { name: '系统管理员', roleAlias: ADMIN_ROLE_ALIAS, dataScope: 'ALL', description: '全部菜单与数据' },
  { name: '内容审核员', roleAlias: 'auditor', dataScope: 'DEPARTS', description: '审核本部门及下级部门的内容' },
  { name: '部门信息员', roleAlias: 'editor', dataScope: 'SELF', description: '维护本人发布的信息' },
  { name: '审计员', roleAlias: 'inspector', dataScope: 'ALL', description: '只读查看全部数据' },
];

const DEMO_USERS = [
  { username: 'shenhe', name: '周敏', dept: '县政府办公室', role: 'auditor', mobile: '13800000001' },
  { username: 'xinxi', name: '李晓', dept: '县教育局', role: 'editor', mobile: '13800000002' },
  { username: 'shenji', name: '王强', dept: '县政府', role: 'inspector', mobile: '13800000003' },
  { username: 'xinxi2', name: '陈静', dept: '县第一中学', role: 'editor', mobile: '13800000004' },
];

export async function isFirstStart(db: Db): Promise<boolean> {
  const row = (await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  return Number(row.n) === 0;
}

async function insertReturningId(db: DynamicDb, table: string, values: Row, key: string): Promise<number> {
  const row = (await db.insertInto(table).values(values).returning(key).executeTakeFirstOrThrow()) as Row;
  return Number(row[key]);
}

/**
 * First start (no users yet): departments, roles, menus, the admin and (unless SEED_DEMO=off) the demo
 * people and records. Answers the admin password when it was generated, so it can be printed once.
 */
export async function seedFirstStart(
  db: Db,
  decls: readonly ResourceDecl[],
  options: { adminPassword?: string; demo: boolean; ownSite?: { url: string; intervalMin: number } },
): Promise<{ generatedAdminPassword?: string }> {
  const now = formatDateTime();
  const generated = options.adminPassword ? undefined : randomPassword(16);
  const adminPassword = options.adminPassword ?? (generated as string);
  const { deptIds, roleIds } = await seedOrgUnits(db, seedApi(db, decls), now, options.demo);
  const reportMenus = await seedMenus(db, decls);

  // 系统管理员: every entry of both apps.
  const adminRole = roleIds.get(ADMIN_ROLE_ALIAS) as number;
  const everything = (await db.selectFrom('resources').select('id').execute()) as { id: number }[];
  await grant(db, adminRole, everything.map((r) => r.id));

  const rootDept = deptIds.get('县政府') as number;
  const adminId = await insertReturningId(db, 'users', {
    username: 'admin', name: '系统管理员', passwordHash: await hashPassword(adminPassword), deptId: rootDept, userType: 1, status: 1, createTime: now, updateTime: now,
    // The generated password is printed to whoever starts the server: the admin changes it at first login.
    // One given by ADMIN_PASSWORD was chosen by the deployer and is not forced.
    mustChangePassword: generated ? 1 : 0,
  }, 'userId');
  await db.insertInto('user_roles').values({ userId: adminId, roleId: adminRole }).execute();
  // 本站 is watched from the first start on, with or without demo data (docs/monitoring.md).
  // With demo data 县大数据中心 runs the site (the data scope of 站点监测 shows it there).
  const siteDept = options.demo && deptIds.has('县大数据中心') ? '县大数据中心' : '县政府';
  if (options.ownSite && decls.some((d) => d.name === 'website')) await registerOwnSite(seedApi(db, decls), { name: PORTAL_NAME, ...options.ownSite, deptId: deptIds.get(siteDept) ?? rootDept, deptName: siteDept });
  if (!options.demo) return { generatedAdminPassword: generated };

  await seedDemoGrants(db, decls, roleIds, reportMenus);
  const people = await seedDemoUsers(db, now, { deptIds, roleIds }, { userId: adminId, name: '系统管理员', deptId: rootDept, deptName: '县政府' });
  await seedDemoRecords(db, decls, now, deptIds, people);
  const context: SeedContext = { decls, now, deptIds, roleIds, people };
  for (const seed of domainSeeds) await seed(db, context);
  return { generatedAdminPassword: generated };
}

type Person = { userId: number; name: string; deptId: number; deptName: string };

/** Departments and roles (only the first of each without demo data); answers their ids by name and alias. */
async function seedOrgUnits(db: Db, api: LocalApi, now: string, demo: boolean) {
  const deptIds = new Map<string, number>();
  const depts = demo ? DEPARTMENTS : DEPARTMENTS.slice(0, 1);
  for (const [i, d] of depts.entries()) {
    const parentId = d.parent ? (deptIds.get(d.parent) ?? 0) : 0;
    const level = d.parent ? (d.no.length / 3) - 1 : 0;
    // Through the local API: the department's tree rules (parent, level, siblings' names) run on them too.
    const row = await seedOne(api, 'department', { name: d.name, no: d.no, parentId, level, state: 0, deptType: 0, isCount: 0, type: d.parent ? 2 : 1, sort: i, createTime: now, updateTime: now });
    deptIds.set(d.name, Number(row.id));
  }

  const roleIds = new Map<string, number>();
  for (const r of demo ? ROLES : ROLES.slice(0, 1)) {
    roleIds.set(r.roleAlias, await insertReturningId(db, 'roles', { ...r, enabled: 1, dingAppKey: 'adminSite', createTime: now }, 'roleId'));
  }
  return { deptIds, roleIds };
}

/** Menu tree: the admin app's catalogues, the reporting app's 信息报送 → 工作台, the declarations' menus. */
async function seedMenus(db: Db, decls: readonly ResourceDecl[]) {
  const catalogueIds: number[] = [];
  for (const [alias, c] of Object.entries(CATALOGUES)) {
    catalogueIds.push((await ensureResource(db, { parentId: 0, name: c.name, alias, icon: c.icon, type: 'Catalogue', url: c.url, dingAppKey: 'adminSite', sort: c.sort })).id);
  }
  const reportCat = await ensureResource(db, { parentId: 0, name: '信息报送', alias: 'report', icon: 'Assignment', type: 'Catalogue', url: '/report', dingAppKey: 'reportSite', sort: 1 });
  const reportHome = await ensureResource(db, { parentId: reportCat.id, name: '工作台', alias: 'report:home', icon: 'Dashboard', type: 'Menu', url: '/report/home', dingAppKey: 'reportSite', sort: 1 });
  await syncDeclarationMenus(db, decls);
  return { reportCat, reportHome };
}

/** Demo roles: the report workbench and 首页 for everyone, content rights as documented in docs/server.md. */
async function seedDemoGrants(db: Db, decls: readonly ResourceDecl[], roleIds: Map<string, number>, { reportCat, reportHome }: { reportCat: { id: number }; reportHome: { id: number } }) {
  const byAlias = async (app: string, alias: string) =>
    (await db.selectFrom('resources').select('id').where('dingAppKey', '=', app).where('alias', '=', alias).executeTakeFirst()) as { id: number } | undefined;
  const grantKeys = async (roleAlias: string, keys: string[]) => {
    const ids: number[] = [];
    for (const k of keys) {
      const r = await byAlias('adminSite', k);
      if (r) ids.push(r.id);
    }
    await grant(db, roleIds.get(roleAlias) as number, ids);
  };
  const homeCat = await byAlias('adminSite', 'home');
  for (const alias of ['auditor', 'editor', 'inspector']) {
    await grant(db, roleIds.get(alias) as number, [reportCat.id, reportHome.id, ...(homeCat ? [homeCat.id] : [])]);
  }
  const keysOf = (name: string, ops: ('list' | 'get' | 'create' | 'update' | 'delete')[]) => {
    const d = decls.find((x) => x.name === name);
    return d ? [d.menu.group, d.name, ...ops.map((o) => d.permissions[o])] : [];
  };
  await grantKeys('auditor', [...keysOf('announcement', ['list', 'get', 'create', 'update', 'delete']), ...keysOf('hot', ['list', 'get', 'create', 'update', 'delete'])]);
  await grantKeys('editor', [...keysOf('announcement', ['list', 'get', 'create', 'update']), ...keysOf('hot', ['list', 'get', 'create', 'update'])]);
  await grantKeys('inspector', decls.flatMap((d) => keysOf(d.name, ['list', 'get'])));
}

/** The demo users with their roles; answers them after the admin. */
async function seedDemoUsers(db: Db, now: string, ids: { deptIds: Map<string, number>; roleIds: Map<string, number> }, admin: Person): Promise<Person[]> {
  const { deptIds, roleIds } = ids;
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const people: Person[] = [admin];
  for (const u of DEMO_USERS) {
    const deptId = deptIds.get(u.dept) as number;
    const userId = await insertReturningId(db, 'users', {
      username: u.username, name: u.name, mobile: u.mobile, passwordHash: demoHash, deptId, userType: 0, status: 1, createTime: now, updateTime: now,
    }, 'userId');
    await db.insertInto('user_roles').values({ userId, roleId: roleIds.get(u.role) as number }).execute();
    people.push({ userId, name: u.name, deptId, deptName: u.dept });
  }
  return people;
}

/** Records spread over people and departments so every data scope shows something different. */
async function seedDemoRecords(db: Db, decls: readonly ResourceDecl[], now: string, deptIds: Map<string, number>, people: Person[]) {
  const owner = (i: number) => people[i % people.length] as (typeof people)[number];
  // Through the local API as the system: each entity's hooks and checks run on its demo records.
  const api = seedApi(db, decls);
  const insertAll = async (name: string, rows: Row[]) => {
    if (!decls.some((d) => d.name === name)) return;
    await api.seed(name, rows.map(({ dept, ...r }, i) => {
      const p = owner(i);
      // A row naming its department (`dept`) belongs to it; others are spread over the demo people.
      const deptId = dept ? (deptIds.get(String(dept)) ?? p.deptId) : p.deptId;
      const deptName = dept ? String(dept) : p.deptName;
      return { ...r, deptId, deptName, creatorId: p.userId, creatorName: p.name, createTime: now, updateTime: now };
    }));
  };
  await insertAll('announcement', DEMO_ANNOUNCEMENTS.map((a) => ({ ...a, readCount: 0 })));
  await insertAll('hot', DEMO_HOT);
  await insertAll('sensitive', DEMO_SENSITIVE);
  await insertAll('website', DEMO_WEBSITES);
}
