import { describe, expect, it } from 'vitest';
import { getRecord } from '../../server/crud/service.js';
import { systemUser } from '../../server/crud/entity/runtime.js';
import { call } from './helpers/testServer.js';
import { server, url, admin, depts, post, ok, useOrgServer, type Page, type Row } from './helpers/orgFixture.js';

// Session 27 (issue 19): 部门's ByUser / view / getName and 角色's menus as declared reads (server/crud/reads/one.ts,
// throughExists.ts): what the module's routes answered, now from the declarations.
useOrgServer();
const body = (r: { body: unknown }) => r.body as { errorCode: string; errorMsg: string; data: unknown };

describe('a role\'s menus (/resource/role/list: through the link table, exists)', () => {
  it('answers the entries each role holds, by id, with their type names; 1001 / 1002 / 1003 for a missing, bad or unknown role', async () => {
    const db = server.app.db;
    for (const role of ok(await post<Page>('/role/list', { pageNum: 1, pageSize: 50 })).list) {
      const held = (await db.selectFrom('role_resources').select('resourceId').where('roleId', '=', Number(role.roleId)).execute()).map((r) => Number(r.resourceId));
      const rows = ok(await post<Row[]>('/resource/role/list', { roleId: role.roleId }));
      expect(rows.map((r) => r.id)).toEqual([...held].sort((a, b) => a - b));
      for (const r of rows) expect(Object.keys(r)).toEqual(['id', 'parentId', 'name', 'alias', 'icon', 'type', 'typeName', 'url', 'dingAppKey', 'sort']);
      expect(rows.every((r) => r.typeName === { Catalogue: '目录', Menu: '菜单', Button: '按钮' }[String(r.type)])).toBe(true);
    }
    expect(body(await post('/resource/role/list', {}))).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：roleId' });
    expect(body(await post('/resource/role/list', { roleId: 'abc' }))).toMatchObject({ errorCode: '1002', errorMsg: '参数格式不正确：roleId' });
    expect(body(await post('/resource/role/list', { roleId: 0 }))).toMatchObject({ errorCode: '1002', errorMsg: '参数格式不正确：roleId' });
    expect(body(await post('/resource/role/list', { roleId: '1e1' }))).toMatchObject({ errorCode: '1002', errorMsg: '参数格式不正确：roleId' });
    expect(body(await post('/resource/role/list', { roleId: 999999 }))).toMatchObject({ errorCode: '1003', errorMsg: '记录不存在或已被删除' });
  });
});

describe('one department (shape one: mine, keys, asGet, value)', () => {
  it('ByUser answers the caller\'s own department as the local API finds it', async () => {
    const me = await server.app.db.selectFrom('users').select('deptId').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const expected = (await server.app.entities.api().asSystem().findById('department', Number(me.deptId))) ?? null;
    expect(JSON.stringify(body(await post('/ding/dept/ByUser')).data)).toBe(JSON.stringify(expected));
  });

  it('view answers the get\'s record by deptId or id; getName the name by the path\'s id', async () => {
    const decl = server.app.portal.declarations.find((d) => d.name === 'department')!;
    for (const [name, id] of depts) {
      const viewed = body(await post('/ding/dept/view', { deptId: id }));
      expect(JSON.stringify(viewed.data)).toBe(JSON.stringify(await getRecord(server.app.db, decl, systemUser, id)));
      expect(body(await call(url, '/ding/dept/view', { token: admin, query: { id: String(id) } })).data).toEqual(viewed.data);
      expect(body(await call(url, `/ding/dept/getName/${id}`, { token: admin, method: 'GET' }))).toEqual({ errorCode: '0', errorMsg: '操作成功', data: name });
    }
  });

  it('refuses as the module did: the last key required, each key a positive id, an unknown one not found', async () => {
    const getName = async (id: string) => body(await call(url, `/ding/dept/getName/${id}`, { token: admin, method: 'GET' }));
    expect(await getName('abc')).toMatchObject({ errorCode: '1002', errorMsg: '参数格式不正确：id' });
    expect(await getName('999999')).toMatchObject({ errorCode: '1003' });
    expect(body(await post('/ding/dept/view', {}))).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：id' });
    expect(body(await post('/ding/dept/view', { deptId: 0 }))).toMatchObject({ errorCode: '1002', errorMsg: '参数格式不正确：deptId' });
    expect(body(await post('/ding/dept/view', { deptId: 999999 }))).toMatchObject({ errorCode: '1003' });
    expect(body(await post('/ding/dept/view', { deptId: '', id: depts.get('县教育局') })).errorCode).toBe('0');
  });
});

describe('counts and reads through the generic machinery for other modules', () => {
  it('articleNum counts each user\'s articles as the article table holds them (the local API\'s count)', async () => {
    const db = server.app.db;
    const rows = (await db.selectFrom('article').select(['creatorId', (eb) => eb.fn.countAll().as('n')]).groupBy('creatorId').execute()) as { creatorId: number; n: number | string }[];
    const expected = new Map(rows.map((r) => [Number(r.creatorId), Number(r.n)]));
    const users = (await db.selectFrom('users').select('userId').execute()).map((u) => Number(u.userId));
    const counts = ok(await post<{ userId: number; articleNum: number }[]>('/ding/user/articleNum', { userIds: users }));
    expect(counts.map((c) => c.userId).sort((a, b) => a - b)).toEqual([...users].sort((a, b) => a - b));
    for (const c of counts) expect(c.articleNum).toBe(expected.get(c.userId) ?? 0);
  });

  it('answerDeclaredRead gives server code what the call answers: 热词\'s public words for the generated pages', async () => {
    const { answerDeclaredRead } = await import('../../server/crud/reads/serverRead.js');
    const decl = server.app.portal.declarations.find((d) => d.name === 'hotWord')!;
    const expected = await server.app.db.selectFrom('hot_word').select(['id', 'word', 'searchCount']).where('status', '=', 1)
      .orderBy('sort', 'asc').orderBy('searchCount', 'desc').orderBy('id', 'asc').limit(10).execute();
    expect(await answerDeclaredRead(server.app.db, decl, 'webList', { size: 10 })).toEqual(expected);
    expect(ok(await call(url, '/web/hotWord/list', { body: { size: 3 } }))).toEqual(expected.slice(0, 3));
    await expect(answerDeclaredRead(server.app.db, decl, 'nothing')).rejects.toThrow(/declares no read nothing/);
  });
});
