import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 论坛版块's and 论坛's declared reads (resources/plate.ts, forum.ts): `through` over plate_role (by a searched
// role, or by the caller's roles), the `options` shape, and `nested` plates, read against the demo data.
type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number };

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const db = () => server.app.db;

describe('论坛版块: declared reads through plate_role', () => {
  it("a moderator's /plate/listByRole is exactly the plates linked to one of his roles, searched by name", async () => {
    // A department-scoped role with the plate list key, given to 刘洋 (jiaoyu) and linked to one plate.
    const role = await db().insertInto('roles').values({ name: '版主', roleAlias: 'plateModerator', enabled: 1, dingAppKey: 'adminSite', dataScope: 'DEPART' }).returning('roleId').executeTakeFirstOrThrow();
    const keys = await db().selectFrom('resources').select('id').where('alias', 'in', ['plate:list', 'plate', 'interact']).where('dingAppKey', '=', 'adminSite').execute();
    await db().insertInto('role_resources').values(keys.map((k) => ({ roleId: role.roleId, resourceId: k.id }))).execute();
    const officer = await db().selectFrom('users').select('userId').where('username', '=', 'jiaoyu').executeTakeFirstOrThrow();
    await db().insertInto('user_roles').values({ userId: officer.userId, roleId: role.roleId }).execute();
    const last = await db().selectFrom('plate').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await call(server.url, '/plateRole/save', { token: admin, body: { roleId: role.roleId, plateIds: [last.id] } })).body.errorCode).toBe('0');
    const roleIds = (await db().selectFrom('user_roles').select('roleId').where('userId', '=', officer.userId).execute()).map((r) => Number(r.roleId));
    const linked = await db().selectFrom('plate_role').innerJoin('plate', 'plate.id', 'plate_role.plateId').select(['plate.id', 'plate.name']).where('plate_role.roleId', 'in', roleIds).execute();
    const every = await db().selectFrom('plate').select('id').execute();
    expect(new Set(linked.map((p) => p.id)).size).toBeLessThan(every.length);
    const token = await login(server.url, 'jiaoyu', DEMO_PASSWORD);
    const mine = await call<Page>(server.url, '/plate/listByRole', { token, body: { pageSize: 50 } });
    expect(mine.body.errorCode).toBe('0');
    expect(mine.body.data.list.map((p) => p.id).sort()).toEqual([...new Set(linked.map((p) => Number(p.id)))].sort());
    const one = linked[0]!;
    const named = await call<Page>(server.url, '/plate/listByRole', { token, body: { name: String(one.name).slice(0, 2) } });
    expect(named.body.data.list.every((p) => String(p.name).includes(String(one.name).slice(0, 2)))).toBe(true);
    expect(named.body.data.list.map((p) => p.id)).toContain(Number(one.id));
  });

  it("a role's plates and the others split every plate; a bad role answers 1002 请选择角色", async () => {
    const link = await db().selectFrom('plate_role').select('roleId').executeTakeFirstOrThrow();
    const held = await call<Page>(server.url, '/plateRole/pageList', { token: admin, body: { roleId: link.roleId, pageSize: 100 } });
    const others = await call<Page>(server.url, '/plateRole/not/pagelist', { token: admin, body: { roleId: link.roleId, pageSize: 100 } });
    const all = (await db().selectFrom('plate').select('id').execute()).map((p) => Number(p.id));
    const expected = (await db().selectFrom('plate_role').select('plateId').where('roleId', '=', link.roleId).execute()).map((r) => Number(r.plateId));
    expect(held.body.data.list.map((p) => p.id).sort()).toEqual(expected.sort());
    expect([...held.body.data.list, ...others.body.data.list].map((p) => p.id).sort()).toEqual(all.sort());
    expect(Object.keys(held.body.data.list[0]!)).toEqual(['id', 'name', 'forumName', 'handleDeptName', 'status']);
    expect((await call(server.url, '/plateRole/pageList', { token: admin, body: { roleId: -1 } })).body).toMatchObject({ errorCode: '1002', errorMsg: '请选择角色' });
  });

  it('/plateRole/optionList answers every plate as { value, label } in sort order', async () => {
    const plates = await db().selectFrom('plate').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
    const options = await call<{ value: number; label: string }[]>(server.url, '/plateRole/optionList', { token: admin });
    expect(options.body.data).toEqual(plates.map((p) => ({ value: Number(p.id), label: p.name })));
  });

  it('/forum/weblist nests each enabled forum’s enabled plates, and searches by name', async () => {
    const forums = await db().selectFrom('forum').select(['id', 'name']).where('status', '=', 1).execute();
    const web = await call<Page>(server.url, '/forum/weblist', { body: { pageSize: 50 } });
    expect(web.body.data.list.map((f) => f.id).sort()).toEqual(forums.map((f) => Number(f.id)).sort());
    for (const f of web.body.data.list) {
      const plates = await db().selectFrom('plate').select('id').where('forumId', '=', f.id).where('status', '=', 1).orderBy('sort').orderBy('id').execute();
      expect((f.plates as Rec[]).map((p) => p.id)).toEqual(plates.map((p) => Number(p.id)));
    }
    const first = forums[0]!;
    const found = await call<Page>(server.url, '/forum/weblist', { body: { name: first.name } });
    expect(found.body.data.list.map((f) => f.name)).toContain(first.name);
    expect(found.body.data.list.every((f) => String(f.name).includes(String(first.name)))).toBe(true);
  });
});
