import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// The list copies of session 25 (api.alsoAt's `requires` and `whereCaller`) on 论坛主题's spec paths.
type Page = { list: (Record<string, unknown> & { id: number })[]; totalRow: number };

let server: TestServer;
let url: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

describe('api.alsoAt lists with requires and whereCaller', () => {
  it('a member\'s themes need the member (1001 缺少必填参数：peopleId) and keep to that member', async () => {
    for (const path of ['/theme/listByPeopleId', '/theme/themeListBypeopleId']) {
      const none = await call(url, path, { token: admin, body: {} });
      expect(none.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：peopleId' });
    }
    const owner = await server.app.db.selectFrom('theme').select('peopleId').where('peopleId', 'is not', null).executeTakeFirstOrThrow();
    const mine = await call<Page>(url, '/theme/listByPeopleId', { token: admin, body: { peopleId: owner.peopleId, pageSize: 100 } });
    expect(mine.body.errorCode).toBe('0');
    expect(mine.body.data.list.length).toBeGreaterThan(0);
    expect(mine.body.data.list.every((t) => Number(t.peopleId) === Number(owner.peopleId))).toBe(true);
  });

  it('the to-do list is the caller\'s department\'s passed, unfinished 领导留言 only', async () => {
    const me = await server.app.db.selectFrom('users').select('deptId').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const todo = await call<Page>(url, '/ll/theme/qnsqlist', { token: admin, body: { pageSize: 100 } });
    expect(todo.body.errorCode).toBe('0');
    const expected = await server.app.db.selectFrom('theme').select('id').where('channel', '=', 'll').where('status', '=', 1).where('handleState', '=', 0).where('deptId', '=', me.deptId ?? -1).execute();
    expect(todo.body.data.list.map((t) => t.id).sort()).toEqual(expected.map((t) => t.id).sort());
    expect(todo.body.data.list.every((t) => t.channel === 'll' && Number(t.deptId) === Number(me.deptId))).toBe(true);
  });
});
