import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Permission sets are cached per user (server/auth/permissionCache.ts) behind a database counter raised by
// triggers: a change made through one server instance (or straight in the database) is seen by another
// instance on its very next call.
let a: TestServer;
let b: FastifyInstance;
let urlB: string;
let adminA: string;
let editorRole: number;
let editorGrants: number[];
let listButton: number;

const listOnB = async (token: string) => (await call<{ totalRow: number }>(urlB, '/api/article/list', { token, body: { pageNum: 1, pageSize: 5 } })).body.errorCode;

beforeAll(async () => {
  a = await startTestServer();
  // A second instance on the same database (same SQLite file or PostgreSQL database).
  b = await buildApp({ ...a.app.portal.config, adminPassword: undefined });
  urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  adminA = await login(a.url, 'admin', a.adminPassword);
  const db = a.app.db;
  editorRole = Number(((await db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'editor').executeTakeFirstOrThrow()) as { roleId: number }).roleId);
  editorGrants = ((await db.selectFrom('role_resources').select('resourceId').where('roleId', '=', editorRole).execute()) as { resourceId: number }[]).map((r) => Number(r.resourceId));
  listButton = Number(((await db.selectFrom('resources').select('id').where('alias', '=', 'article:list').where('type', '=', 'Button').executeTakeFirstOrThrow()) as { id: number }).id);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('cached permission sets', () => {
  it('a grant revoked through one instance is refused by the other on the very next call, and a regrant works at once', async () => {
    expect(editorGrants).toContain(listButton);
    const editor = await login(urlB, 'xinxi', DEMO_PASSWORD);
    expect(await listOnB(editor)).toBe('0');
    expect(await listOnB(editor)).toBe('0');

    const revoke = await call(a.url, '/resource/role/save', { token: adminA, body: { roleId: editorRole, resourceIds: editorGrants.filter((id) => id !== listButton) } });
    expect(revoke.body.errorCode).toBe('0');
    const refused = await call(urlB, '/api/article/list', { token: editor, body: { pageNum: 1, pageSize: 5 } });
    expect(refused.body.errorCode).not.toBe('0');
    expect(refused.body.errorMsg).toMatch(/权限/);

    const regrant = await call(a.url, '/resource/role/save', { token: adminA, body: { roleId: editorRole, resourceIds: editorGrants } });
    expect(regrant.body.errorCode).toBe('0');
    expect(await listOnB(editor)).toBe('0');
  });

  it('a role taken from the user, a disabled role and a disabled account all apply on the next call', async () => {
    const db = a.app.db;
    const editor = await login(urlB, 'xinxi', DEMO_PASSWORD);
    const userId = Number(((await db.selectFrom('users').select('userId').where('username', '=', 'xinxi').executeTakeFirstOrThrow()) as { userId: number }).userId);
    expect(await listOnB(editor)).toBe('0');

    await db.deleteFrom('user_roles').where('userId', '=', userId).where('roleId', '=', editorRole).execute();
    expect(await listOnB(editor)).not.toBe('0');
    await db.insertInto('user_roles').values({ userId, roleId: editorRole }).execute();
    expect(await listOnB(editor)).toBe('0');

    await db.updateTable('roles').set({ enabled: 0 }).where('roleId', '=', editorRole).execute();
    expect(await listOnB(editor)).not.toBe('0');
    await db.updateTable('roles').set({ enabled: 1 }).where('roleId', '=', editorRole).execute();
    expect(await listOnB(editor)).toBe('0');

    await db.updateTable('users').set({ status: 0 }).where('userId', '=', userId).execute();
    const off = await call(urlB, '/api/article/list', { token: editor, body: { pageNum: 1, pageSize: 5 } });
    expect(off.body.errorCode).not.toBe('0');
    await db.updateTable('users').set({ status: 1 }).where('userId', '=', userId).execute();
    expect(await listOnB(editor)).toBe('0');
  });
});
