import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 本部门文章 (/api/article/listByDept) is the generic list's `alsoAt` copy with `ownDepartments` and `ignore`
// (server/crud/routes.ts): the list kept to the caller's department and those below, `todo` not taken.

type Page = { list: { articleId: number; deptId: number }[]; totalRow: number };

let server: TestServer;
let url: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
}, 120_000);
afterAll(async () => server?.close());

async function page(token: string, path: string, body: Record<string, unknown>): Promise<Page> {
  const r = await call<Page>(url, path, { token, body: { pageNum: 1, pageSize: 200, ...body } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}

const idsOf = (p: Page) => p.list.map((a) => a.articleId).sort((a, b) => a - b);

describe('/api/article/listByDept', () => {
  it.each(['admin', 'xinxi', 'shenhe'])('answers what the list answers for the caller’s own department and those below (%s)', async (username) => {
    const token = username === 'admin' ? await login(url, 'admin', server.adminPassword) : await login(url, username, DEMO_PASSWORD);
    const user = await server.app.db.selectFrom('users').select('deptId').where('username', '=', username).executeTakeFirstOrThrow();
    expect(user.deptId).not.toBeNull();
    const byDept = await page(token, '/api/article/listByDept', {});
    const list = await page(token, '/api/article/list', { deptId: user.deptId });
    expect(byDept.totalRow).toBe(list.totalRow);
    expect(idsOf(byDept)).toEqual(idsOf(list));
    // The review queue's `todo` is not taken here.
    expect(idsOf(await page(token, '/api/article/listByDept', { todo: 1 }))).toEqual(idsOf(byDept));
  });

  it('keeps a department filter inside the caller’s departments', async () => {
    const token = await login(url, 'xinxi', DEMO_PASSWORD);
    const user = await server.app.db.selectFrom('users').select('deptId').where('username', '=', 'xinxi').executeTakeFirstOrThrow();
    // A sibling department (neither above nor below the caller's): nothing of it is the caller's.
    const own = await server.app.db.selectFrom('departments').select('parentId').where('id', '=', Number(user.deptId)).executeTakeFirstOrThrow();
    const sibling = await server.app.db.selectFrom('departments').select('id').where('parentId', '=', own.parentId).where('id', '!=', Number(user.deptId)).executeTakeFirstOrThrow();
    expect((await page(token, '/api/article/listByDept', { deptId: sibling.id })).totalRow).toBe(0);
    expect((await page(token, '/api/article/listByDept', { deptId: user.deptId })).totalRow).toBe((await page(token, '/api/article/listByDept', {})).totalRow);
    expect((await call(url, '/api/article/listByDept', { token, body: { deptId: 'x' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/api/article/listByDept', { body: {} })).status).toBe(401);
  });
});
