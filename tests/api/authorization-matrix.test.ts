import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, firstLogin, login, startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * The authorisation matrix of issue 3: each demo role calls a representative route of every module and is
 * allowed (errorCode "0") or refused (HTTP 403 没有访问权限). To extend it, add one row to ROWS; every
 * declared resource is also checked automatically, and every registered route is probed for a guard.
 */
type Role = 'admin' | 'shenhe' | 'xinxi' | 'shenji';
type Expect = 'ok' | 403;
interface MatrixRow {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number>;
  /** Expected answer per demo role: 系统管理员, 内容审核员, 部门信息员, 审计员. */
  expect: Record<Role, Expect>;
}

const ALL_OK: Record<Role, Expect> = { admin: 'ok', shenhe: 'ok', xinxi: 'ok', shenji: 'ok' };
const READERS: Record<Role, Expect> = { admin: 'ok', shenhe: 403, xinxi: 403, shenji: 'ok' };
const ADMIN_ONLY: Record<Role, Expect> = { admin: 'ok', shenhe: 403, xinxi: 403, shenji: 403 };
const CONTENT: Record<Role, Expect> = { admin: 'ok', shenhe: 'ok', xinxi: 'ok', shenji: 'ok' };

/** `$dept` in a body or path stands for the id of 县政府; `$role` for the id of the 部门信息员 role. */
const ROWS: MatrixRow[] = [
  // Content (announcement, hot): the reviewers and editors write, the auditor reads.
  { path: '/announcement/list', body: {}, expect: CONTENT },
  { path: '/announcement/add', body: { title: '矩阵测试公告', type: 1, content: '<p>x</p>' }, expect: { admin: 'ok', shenhe: 'ok', xinxi: 'ok', shenji: 403 } },
  { path: '/hot/list', body: {}, expect: CONTENT },
  { path: '/sensitive/list', body: {}, expect: READERS },
  { path: '/sensitive/top', query: { size: 5 }, expect: READERS },
  { path: '/website/list', body: {}, expect: READERS },
  { path: '/website/state/list', body: {}, expect: READERS },
  // System org (this issue): only 系统管理员 changes; 审计员 reads.
  { path: '/ding/dept/tree', expect: READERS },
  { path: '/ding/dept/list', expect: READERS },
  { path: '/ding/dept/list/page', method: 'GET', query: { pageNumber: 1, pageSize: 10 }, expect: READERS },
  { path: '/ding/dept/view', body: { deptId: '$dept' }, expect: READERS },
  { path: '/ding/dept/save', body: { id: '$dept', phone: '0571-12345' }, expect: ADMIN_ONLY },
  { path: '/ding/dept/data', expect: ALL_OK },
  { path: '/ding/dept/ByUser', expect: ALL_OK },
  { path: '/ding/user/list', body: {}, expect: READERS },
  { path: '/ding/user/articleNum', body: {}, expect: READERS },
  { path: '/ding/user/save', body: { userId: '$self', positionName: '矩阵' }, expect: ADMIN_ONLY },
  { path: '/role/list', body: {}, expect: READERS },
  { path: '/role/view', body: { roleId: '$role' }, expect: READERS },
  { path: '/role/user/list', body: { roleId: '$role' }, expect: READERS },
  { path: '/role/save', body: { roleId: '$role', description: '维护本人发布的信息' }, expect: ADMIN_ONLY },
  { path: '/resource/tree', body: {}, expect: READERS },
  { path: '/resource/base/tree', body: {}, expect: READERS },
  { path: '/resource/role/list', body: { roleId: '$role' }, expect: READERS },
  { path: '/resource/role/save', body: { roleId: '$role', resourceIds: '$roleGrants' }, expect: ADMIN_ONLY },
  { path: '/ding/user/grant/role/data', body: { roleId: '$role', dataScope: 'SELF' }, expect: ADMIN_ONLY },
  // Everyone logged in.
  { path: '/menu/list', expect: ALL_OK },
  { path: '/user/info', expect: ALL_OK },
];

/**
 * Routes any logged-in user may call without a permission key (their own data or reference data); every
 * other private route must answer 403 to a user without keys. `call: false` = not called (it would end the session).
 */
const LOGIN_ONLY: { path: string; call?: boolean }[] = [
  { path: 'POST /user/info' },
  { path: 'GET /user/info/view' },
  { path: 'POST /people/logout', call: false },
  { path: 'POST /menu/list' },
  { path: 'POST /ding/dept/data' },
  { path: 'POST /ding/dept/ByUser' },
  { path: 'GET /ding/dept/getName/:id' },
  { path: 'POST /ding/user/pwd' },
  // Other modules' calls for every staff member: dictionary cache, the client's own operation log.
  { path: 'POST /data/dict/all/kv' },
  { path: 'GET /data/dict/view/group' },
  { path: 'POST /log/systemLogSave' },
  // 工作台: each count runs a list call as the caller, whose own key is checked then (docs/backoffice.md).
  { path: 'POST /api/workbench/summary' },
  { path: 'GET /api/workbench/summary' },
];

/** Declarations whose list call asks another key by default (the notice inbox asks notice:my, the outbox notice:list). */
const LIST_KEY_DIFFERS = new Set(['notice']);

let server: TestServer;
let url: string;
const tokens = {} as Record<Role | 'nobody', string>;
const vars: Record<string, unknown> = {};

function fill(value: unknown): unknown {
  if (typeof value === 'string' && value.startsWith('$')) return vars[value.slice(1)];
  if (Array.isArray(value)) return value.map(fill);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
  return value;
}

/** Every route of the app as `METHOD /path`, read from Fastify's route tree. */
function registeredRoutes(): { method: string; path: string }[] {
  const text = server.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: { method: string; path: string }[] = [];
  for (const line of text.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const full = (stack[depth - 1] ?? '') + (m[2] ?? '');
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.push({ method, path: full });
    }
  }
  return out;
}

const isStatic = (path: string) => path === '/' || path === '*' || /^\/(admin|report|assets|uploads|site)(\/|$|\*)/.test(path);

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  tokens.admin = await login(url, 'admin', server.adminPassword);
  for (const r of ['shenhe', 'xinxi', 'shenji'] as const) tokens[r] = await login(url, r, DEMO_PASSWORD);
  const db = server.app.db;
  const dept = (await db.selectFrom('departments').select('id').where('parentId', '=', 0).executeTakeFirstOrThrow()) as { id: number };
  const role = (await db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'editor').executeTakeFirstOrThrow()) as { roleId: number };
  const grants = (await db.selectFrom('role_resources').select('resourceId').where('roleId', '=', role.roleId).execute()) as { resourceId: number }[];
  vars.dept = Number(dept.id);
  vars.role = Number(role.roleId);
  vars.roleGrants = grants.map((g) => Number(g.resourceId));

  // A user whose role holds one Menu and no Button at all: logged in, but no permission key.
  const menu = (await db.selectFrom('resources').select('id').where('alias', '=', 'announcement').where('dingAppKey', '=', 'adminSite').executeTakeFirstOrThrow()) as { id: number };
  const save = async (path: string, body: unknown) => {
    const r = await call<Record<string, unknown>>(url, path, { token: tokens.admin, body });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    return r.body.data;
  };
  const nobodyRole = await save('/role/save', { name: '无按钮角色', roleAlias: 'nobody', dataScope: 'SELF' });
  await save('/resource/role/save', { roleId: nobodyRole.roleId, resourceIds: [Number(menu.id)] });
  await save('/ding/user/save', { username: 'nobody', name: '无权限用户', password: 'Wuquan@2026', deptId: vars.dept, roleId: nobodyRole.roleId });
  tokens.nobody = await firstLogin(url, 'nobody', 'Wuquan@2026', 'Ziji#Mima2026');
});
afterAll(async () => server?.close());

describe('authorisation matrix: demo roles × representative routes', () => {
  for (const row of ROWS) {
    it(`${row.method ?? 'POST'} ${row.path}`, async () => {
      // Each role's own userId stands for `$self` (a change of one's own record).
      for (const role of ['admin', 'shenhe', 'xinxi', 'shenji'] as const) {
        const info = await call<{ userId: number }>(url, '/user/info', { token: tokens[role] });
        vars.self = info.body.data.userId;
        const r = await call(url, row.path, { token: tokens[role], method: row.method, query: row.query, body: fill(row.body) });
        const got = r.status === 403 ? 403 : r.body.errorCode === '0' ? 'ok' : `${r.status} ${r.body.errorCode} ${r.body.errorMsg}`;
        expect(got, `${role} ${row.path}`).toBe(row.expect[role]);
        if (got === 403) expect(r.body).toMatchObject({ errorCode: '403', errorMsg: '没有访问权限' });
      }
    });
  }

  it('every declared resource: its list call follows the list key each demo role holds', async () => {
    const db = server.app.db;
    const keysOf = async (alias: string) =>
      new Set(
        ((await db
          .selectFrom('user_roles as ur')
          .innerJoin('users as u', 'u.userId', 'ur.userId')
          .innerJoin('role_resources as rr', 'rr.roleId', 'ur.roleId')
          .innerJoin('resources as res', 'res.id', 'rr.resourceId')
          .select('res.alias')
          .where('u.username', '=', alias)
          .execute()) as { alias: string }[]).map((r) => r.alias),
      );
    const checked: string[] = [];
    for (const decl of server.app.portal.declarations) {
      const list = decl.api.list;
      if (LIST_KEY_DIFFERS.has(decl.name)) continue;
      const path = list.path.replace(/\{[^}]+\}/g, '1');
      for (const role of ['admin', 'shenhe', 'xinxi', 'shenji'] as const) {
        const holds = (await keysOf(role)).has(decl.permissions.list);
        const query = list.params === 'query' ? { [decl.api.pageParam ?? 'pageNum']: 1, pageSize: 10 } : undefined;
        const r = await call(url, path, { token: tokens[role], method: list.method ?? 'POST', query, body: list.method === 'GET' ? undefined : {} });
        expect(r.status === 403, `${role} ${decl.name} ${path}: ${r.status} ${r.body.errorMsg}`).toBe(!holds);
      }
      // The system settings of this issue: the auditor holds the list keys, the content roles do not.
      if (['department', 'user', 'role', 'menu'].includes(decl.name)) {
        expect((await keysOf('shenji')).has(decl.permissions.list)).toBe(true);
        expect((await keysOf('shenhe')).has(decl.permissions.list)).toBe(false);
        expect((await keysOf('shenji')).has(decl.permissions.create)).toBe(false);
      }
      checked.push(decl.name);
    }
    expect(checked).toEqual(expect.arrayContaining(['announcement', 'hot', 'sensitive', 'website', 'department', 'user', 'role', 'menu']));
  });

  it('every registered private route refuses a logged-in user without keys, except the login-only calls', async () => {
    const routes = registeredRoutes().filter((r) => !isStatic(r.path));
    expect(routes.length).toBeGreaterThan(50);
    const loginOnly = new Map(LOGIN_ONLY.map((l) => [l.path, l]));
    const unguarded: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const path = route.path.replace(/:[A-Za-z]+/g, '1');
      const method = route.method as 'GET' | 'POST';
      const anonymous = await call(url, path, { method, body: method === 'GET' ? undefined : {} }).catch(() => null);
      if (anonymous && anonymous.status !== 401) continue; // public (the public site's calls)
      const known = loginOnly.get(key);
      if (known?.call === false) continue;
      const r = await call(url, path, { token: tokens.nobody, method, body: method === 'GET' ? undefined : {} }).catch(() => null);
      if (known) {
        expect(r?.status, key).not.toBe(403);
        continue;
      }
      // The public site's citizen calls: a staff token is no citizen session either (401 both ways).
      if (r?.status === 401) continue;
      if (r?.status !== 403) unguarded.push(`${key} → ${r?.status} ${r?.body.errorCode} ${r?.body.errorMsg}`);
    }
    expect(unguarded, 'private routes without a permission key (add a key, or list them in LOGIN_ONLY)').toEqual([]);
  });
});
