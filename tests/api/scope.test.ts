import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.js';
import { formatDateTime } from '../../server/util/time.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown> & { id: number; deptId: number; creatorId: number };
type Page = { list: Rec[]; totalRow: number };

let server: TestServer;
let url: string;
let depts: Map<string, number>;
let users: Map<string, number>;

/** Every announcement id the user can list. */
async function visibleIds(token: string): Promise<Set<number>> {
  const r = await call<Page>(url, '/announcement/list', { token, body: { pageSize: 200 } });
  expect(r.body.errorCode).toBe('0');
  return new Set(r.body.data.list.map((x) => x.id));
}

async function allAnnouncements(): Promise<Rec[]> {
  return (await server.app.db.selectFrom('announcement').selectAll().execute()) as Rec[];
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  const db = server.app.db;
  depts = new Map(((await db.selectFrom('departments').select(['id', 'name']).execute()) as { id: number; name: string }[]).map((d) => [d.name, Number(d.id)]));
  // A DEPART user (a role of that scope with the editor's content rights) in 县政府办公室.
  const editor = (await db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'editor').executeTakeFirstOrThrow()) as { roleId: number };
  const dep = (await db.insertInto('roles').values({ name: '科室负责人', roleAlias: 'depart', enabled: 1, dataScope: 'DEPART', dingAppKey: 'adminSite' }).returning('roleId').executeTakeFirstOrThrow()) as { roleId: number };
  const grants = (await db.selectFrom('role_resources').select('resourceId').where('roleId', '=', editor.roleId).execute()) as { resourceId: number }[];
  for (const g of grants) await db.insertInto('role_resources').values({ roleId: dep.roleId, resourceId: g.resourceId }).execute();
  const u = (await db.insertInto('users').values({ username: 'keshi', name: '赵科长', passwordHash: await hashPassword(DEMO_PASSWORD), deptId: depts.get('县政府办公室'), status: 1, userType: 0, createTime: formatDateTime() }).returning('userId').executeTakeFirstOrThrow()) as { userId: number };
  await db.insertInto('user_roles').values({ userId: u.userId, roleId: dep.roleId }).execute();
  users = new Map(((await db.selectFrom('users').select(['userId', 'username']).execute()) as { userId: number; username: string }[]).map((x) => [x.username, Number(x.userId)]));

  // One announcement in each department of the tree, by admin, so department scopes have something to find.
  for (const [name, id] of depts) {
    await db.insertInto('announcement').values({ title: `${name}的公告`, type: 1, content: '<p>x</p>', status: 1, isTop: 0, sort: 0, readCount: 0, deptId: id, deptName: name, creatorId: users.get('admin'), creatorName: '系统管理员', createTime: formatDateTime(), updateTime: formatDateTime() }).execute();
  }
});
afterAll(async () => server?.close());

describe('data scopes on the seeded tree', () => {
  it('ALL sees every record', async () => {
    const token = await login(url, 'shenji', DEMO_PASSWORD);
    const all = await allAnnouncements();
    expect([...(await visibleIds(token))].sort()).toEqual(all.map((a) => Number(a.id)).sort());
  });

  it('DEPARTS sees its department and every one below it, three levels deep', async () => {
    const token = await login(url, 'shenhe', DEMO_PASSWORD);
    const tree = new Set(['县政府办公室', '县政府办公室信息科', '县大数据中心'].map((n) => depts.get(n)));
    const expected = (await allAnnouncements()).filter((a) => tree.has(Number(a.deptId))).map((a) => Number(a.id));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect([...(await visibleIds(token))].sort()).toEqual(expected.sort());
  });

  it('DEPART sees its own department only', async () => {
    const token = await login(url, 'keshi', DEMO_PASSWORD);
    const own = depts.get('县政府办公室');
    const expected = (await allAnnouncements()).filter((a) => Number(a.deptId) === own).map((a) => Number(a.id));
    expect([...(await visibleIds(token))].sort()).toEqual(expected.sort());
  });

  it('SELF sees only what it created, and its creations', async () => {
    const token = await login(url, 'xinxi', DEMO_PASSWORD);
    const mine = users.get('xinxi');
    const before = (await allAnnouncements()).filter((a) => Number(a.creatorId) === mine).map((a) => Number(a.id));
    const created = await call<Rec>(url, '/announcement/add', { token, body: { title: '信息员自己的公告', content: '<p>x</p>' } });
    expect(created.body.data.creatorId).toBe(mine);
    expect(created.body.data.deptId).toBe(depts.get('县教育局'));
    expect([...(await visibleIds(token))].sort()).toEqual([...before, created.body.data.id].sort());
  });

  it('refuses get, update and delete outside the scope with 1003 and changes nothing', async () => {
    const token = await login(url, 'shenhe', DEMO_PASSWORD);
    const outside = (await allAnnouncements()).find((a) => Number(a.deptId) === depts.get('县教育局')) as Rec;
    expect((await call(url, '/announcement/get', { token, query: { id: outside.id } })).body.errorCode).toBe('1003');
    expect((await call(url, '/announcement/add', { token, body: { id: outside.id, title: '越权修改' } })).body.errorCode).toBe('1003');
    expect((await call(url, '/announcement/dels', { token, query: { ids: String(outside.id) } })).body.errorCode).toBe('1003');
    const still = (await server.app.db.selectFrom('announcement').selectAll().where('id', '=', outside.id).executeTakeFirst()) as Rec;
    expect(still.title).toBe(outside.title);

    const inside = (await allAnnouncements()).find((a) => Number(a.deptId) === depts.get('县大数据中心')) as Rec;
    expect((await call(url, '/announcement/add', { token, body: { id: inside.id, title: '下级部门公告已审' } })).body.errorCode).toBe('0');
  });

  it('SELF cannot read a colleague’s record of the same department', async () => {
    const token = await login(url, 'xinxi', DEMO_PASSWORD);
    const other = (await allAnnouncements()).find((a) => Number(a.deptId) === depts.get('县教育局') && Number(a.creatorId) !== users.get('xinxi')) as Rec;
    expect((await call(url, '/announcement/get', { token, query: { id: other.id } })).body.errorCode).toBe('1003');
  });

  it('the widest scope of several roles wins', async () => {
    const db = server.app.db;
    const inspector = (await db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'inspector').executeTakeFirstOrThrow()) as { roleId: number };
    await db.insertInto('user_roles').values({ userId: users.get('xinxi')!, roleId: inspector.roleId }).execute();
    try {
      const token = await login(url, 'xinxi', DEMO_PASSWORD);
      expect((await visibleIds(token)).size).toBe((await allAnnouncements()).length);
    } finally {
      await db.deleteFrom('user_roles').where('userId', '=', users.get('xinxi')!).where('roleId', '=', inspector.roleId).execute();
    }
  });

  it('has the editor role without delete and the auditor with it', async () => {
    const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
    const own = await call<Rec>(url, '/announcement/add', { token: xinxi, body: { title: '待删', content: '<p>x</p>' } });
    expect((await call(url, '/announcement/dels', { token: xinxi, query: { ids: String(own.body.data.id) } })).status).toBe(403);
  });
});
