import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_PERMISSIONS as P } from '../../resources/mail.js';
import { hashPassword } from '../../server/auth/password.js';
import { formatDateTime } from '../../server/util/time.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 公开 / 取消公开 is /mail/add with only { id, publicFlag } (api.update.onlyFields): the 公开 key, not the edit
// key — as the module route answered before 领导信箱 moved to the generic routes (issue 19, session 23).
type Rec = Record<string, unknown> & { id: number };

let server: TestServer;
let url: string;
let admin: string;
let publisher: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  const db = server.app.db;
  // A role with the 公开 key and the reading keys, without 修改.
  const role = (await db.insertInto('roles').values({ name: '信件公开员', roleAlias: 'mailPublisher', enabled: 1, dataScope: 'ALL', dingAppKey: 'adminSite' }).returning('roleId').executeTakeFirstOrThrow()) as { roleId: number };
  const keys = (await db.selectFrom('resources').select('id').where('dingAppKey', '=', 'adminSite').where('alias', 'in', ['home', 'interact', 'mail', P.list, P.get, P.publish]).execute()) as { id: number }[];
  for (const k of keys) await db.insertInto('role_resources').values({ roleId: role.roleId, resourceId: k.id }).execute();
  const dept = (await db.selectFrom('departments').select('id').where('name', '=', '县政府办公室').executeTakeFirstOrThrow()) as { id: number };
  const u = (await db.insertInto('users').values({ username: 'gongkai', name: '公开员', passwordHash: await hashPassword(DEMO_PASSWORD), deptId: dept.id, status: 1, userType: 0, createTime: formatDateTime() }).returning('userId').executeTakeFirstOrThrow()) as { userId: number };
  await db.insertInto('user_roles').values({ userId: u.userId, roleId: role.roleId }).execute();
  publisher = await login(url, 'gongkai', DEMO_PASSWORD);
});
afterAll(async () => server?.close());

describe('公开 on /mail/add', () => {
  it('takes the 公开 key for { id, publicFlag } and the edit key for anything else', async () => {
    const made = await call<Rec>(url, '/mail/add', { token: admin, body: { title: '公开权限测试', content: '内容', type: 1, boxType: 2, name: '孙先生', phone: '13922223333' } });
    const id = made.body.data.id;
    expect((await call(url, '/mail/examine', { token: admin, body: { id, auditStatus: 1 } })).body.errorCode).toBe('0');
    expect((await call(url, '/mailForum/save', { token: admin, body: { mailId: id, content: '已答复。' } })).body.errorCode).toBe('0');

    const pub = await call<Rec>(url, '/mail/add', { token: publisher, body: { id, publicFlag: 1 } });
    expect(pub.body).toMatchObject({ errorCode: '0', errorMsg: '修改成功' });
    expect(pub.body.data).toMatchObject({ publicFlag: 1, publishTime: expect.stringMatching(/^\d{4}-/) });
    expect((await call(url, '/mail/add', { token: publisher, body: { id, title: '改标题' } })).status).toBe(403);
    expect((await call(url, '/mail/add', { token: publisher, body: { id, publicFlag: 0, title: '改标题' } })).status).toBe(403);
    const un = await call<Rec>(url, '/mail/add', { token: publisher, body: { id, publicFlag: 0 } });
    expect(un.body.data).toMatchObject({ publicFlag: 0, publishTime: null, title: '公开权限测试' });

    const hist = await call<Rec[]>(url, '/mailForum/listByMailid', { token: admin, body: { id } });
    expect(hist.body.data.map((h) => h.action)).toEqual(['create', 'examine', 'reply', 'publish', 'unpublish']);
  });
});
