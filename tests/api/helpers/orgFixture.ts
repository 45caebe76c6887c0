import { afterAll, beforeAll, expect } from 'vitest';
import { call, firstLogin, login, startTestServer, type TestServer } from './testServer.js';

/**
 * The shared fixture of the system-org tests (tests/api/system-org*.test.ts, split for size): one server per
 * file, the admin's token, the seeded departments by name, and the calls the tests make. The bindings are
 * live: read them inside tests, after `useOrgServer()`'s beforeAll has run.
 */
export type Row = Record<string, unknown>;
export type Page = { list: Row[]; currPage: number; totalRow: number; totalPage: number };
export type Node = Row & { id: number; name: string; children: Node[] };

export let server: TestServer;
export let url: string;
export let admin: string;
export const depts = new Map<string, number>();
export const NEW_PASSWORD = 'Xinmima@2026';
// What a new user changes the administrator's password to at the first login.
export const CHOSEN_PASSWORD = 'Ziji#Mima2026';

export const post = <T = unknown>(path: string, body?: unknown, token = admin) => call<T>(url, path, { token, body });
export const ok = <T>(r: { status: number; body: { errorCode: string; errorMsg: string; data: T } }): T => {
  expect(r.status, r.body.errorMsg).toBe(200);
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
};

export function flatten(nodes: Node[]): Node[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** Resource ids of the admin app by alias. */
export async function resourceIds(aliases: string[]): Promise<number[]> {
  const tree = ok(await post<Node[]>('/resource/tree', { dingAppKey: 'adminSite' }));
  const all = flatten(tree);
  return aliases.map((a) => {
    const found = all.find((n) => n.alias === a);
    if (!found) throw new Error(`no resource ${a}`);
    return Number(found.id);
  });
}

/** A role holding the given keys (aliases) with a data scope, and a user of it in a department. */
export async function userWithRole(username: string, dept: string, dataScope: string, aliases: string[]): Promise<{ token: string; userId: number; roleId: number }> {
  const role = ok(await post<Row>('/role/save', { name: `测试角色${username}`, roleAlias: `r_${username}`, enabled: 1, dataScope, dingAppKey: 'adminSite' }));
  ok(await post('/resource/role/save', { roleId: role.roleId, resourceIds: await resourceIds(aliases) }));
  const user = ok(await post<Row>('/ding/user/save', { username, name: `用户${username}`, password: NEW_PASSWORD, deptId: depts.get(dept), roleId: role.roleId }));
  return { token: await firstLogin(url, username, NEW_PASSWORD, CHOSEN_PASSWORD), userId: Number(user.userId), roleId: Number(role.roleId) };
}

/** Starts the file's server (beforeAll) and closes it (afterAll). */
export function useOrgServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    url = server.url;
    admin = await login(url, 'admin', server.adminPassword);
    const rows = (await server.app.db.selectFrom('departments').select(['id', 'name']).execute()) as { id: number; name: string }[];
    for (const r of rows) depts.set(r.name, Number(r.id));
  });
  afterAll(async () => server?.close());
}
