import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * Generic features of session 26 (docs/extending.md "Session 26: 栏目, 报送, 自定义模型"): the local API's
 * grouped `count`, a `linked` read with `reverse`, a `linkStep` with `op: 'set'` and `reverse` — each through
 * the entity that uses it (报送统计, 栏目's grants by role) and directly.
 */
type Rec = Record<string, unknown>;
type Group = { key: string | number; name: string; total: number };

let server: TestServer;
let url: string;
let admin: string;
let reporter: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  reporter = await login(url, 'admin', server.adminPassword, 'reportSite');
});
afterAll(async () => server?.close());

describe('the local API count', () => {
  it('counts per column what find reads, in one row without groups, narrowed by where and an expression group', async () => {
    const api = server.app.entities.api();
    const found = await api.find('article', { columns: ['articleId', 'status', 'createTime'] });
    const perStatus = await api.count('article', { groupBy: ['status'] });
    const expected = new Map<number, number>();
    for (const r of found) expected.set(Number(r.status), (expected.get(Number(r.status)) ?? 0) + 1);
    expect(new Map(perStatus.map((r) => [Number(r.status), r.count]))).toEqual(expected);
    expect(await api.count('article')).toEqual([{ count: found.length }]);
    const published = await api.count('article', { where: { status: 5 } });
    expect(published).toEqual([{ count: expected.get(5) ?? 0 }]);
    const perMonth = await api.count('article', { groupBy: [{ name: 'month', expr: (eb) => eb.fn('substr', [eb.ref('createTime'), eb.val(1), eb.val(7)]) }] });
    const months = new Map<string, number>();
    for (const r of found) months.set(String(r.createTime).slice(0, 7), (months.get(String(r.createTime).slice(0, 7)) ?? 0) + 1);
    expect(new Map(perMonth.map((r) => [String(r.month), r.count]))).toEqual(months);
  });

  it('报送统计 by month and within a date range agrees with the submissions the list answers', async () => {
    const columns = (await call<Rec[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
    const columnId = Number(columns.find((c) => c.categoryTitle === '部门动态')?.categoryId);
    for (const title of ['按月统计一', '按月统计二']) {
      const r = await call(url, '/api/article/save/role', { token: reporter, appKey: 'reportSite', body: { columnId, title, content: `<p>${title}</p>`, status: 4 } });
      expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    }
    const rows = (await call<{ list: Rec[] }>(url, '/api/report/reportList', { token: reporter, appKey: 'reportSite', body: { pageNum: 1, pageSize: 200 } })).body.data.list;
    const dayOf = (r: Rec) => String(r.submitTime ?? r.createTime ?? '');
    const expected = new Map<string, number>();
    for (const r of rows) expected.set(dayOf(r).slice(0, 7), (expected.get(dayOf(r).slice(0, 7)) ?? 0) + 1);
    const count = async (body: Rec) => (await call<{ list: Group[] }>(url, '/api/report/reportDeptList', { token: reporter, appKey: 'reportSite', body })).body.data.list;
    const byMonth = await count({ groupBy: 'month' });
    expect(new Map(byMonth.map((g) => [String(g.key), g.total]))).toEqual(expected);
    const [month, n] = [...expected.entries()][0] as [string, number];
    expect((await count({ groupBy: 'month', startTime: month, endTime: month })).map((g) => [g.key, g.total])).toEqual([[month, n]]);
    const byDept = await count({ startTime: `${month}-01`, endTime: month });
    expect(byDept.reduce((s, g) => s + g.total, 0)).toBe(n);
  });
});

describe('a link read and set from the linked entity’s side (栏目’s grants by role)', () => {
  const roleList = (roleId: unknown, token = admin) => call<number[]>(url, '/column/role/list', { token, method: 'GET', query: { roleId: String(roleId) } });
  const save = (body: Rec, token = admin) => call<number[]>(url, '/column/role/save', { token, body });

  it('answers the ids ascending, none for an unknown role, and sets, dedupes and clears them', async () => {
    const roles = (await server.app.db.selectFrom('roles').select(['roleId', 'roleAlias']).execute()) as { roleId: number; roleAlias: string }[];
    const auditor = Number(roles.find((r) => r.roleAlias === 'auditor')?.roleId);
    const columns = ((await call<Rec[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data).map((c) => Number(c.categoryId));
    const [a, b, c] = columns.slice(-3) as [number, number, number];
    expect((await roleList(99999)).body).toMatchObject({ errorCode: '0', data: [] });
    expect((await roleList('x')).body.errorCode).toBe('1002');
    const set = await save({ roleId: auditor, categoryIds: `${c},${a},${c}` });
    expect(set.body).toMatchObject({ errorCode: '0', errorMsg: '保存成功', data: [c, a] });
    expect((await roleList(auditor)).body.data).toEqual([a, c].sort((x, y) => x - y));
    expect((await save({ roleId: auditor, categoryIdList: [b] })).body.data).toEqual([b]);
    expect((await roleList(auditor)).body.data).toEqual([b]);
    // Another role's grants stay.
    const editor = Number(roles.find((r) => r.roleAlias === 'editor')?.roleId);
    expect((await roleList(editor)).body.data.length).toBeGreaterThan(0);
    expect((await save({ roleId: auditor, categoryIds: [] })).body.data).toEqual([]);
    expect((await roleList(auditor)).body.data).toEqual([]);
  });

  it('refuses what the module refused, with its messages', async () => {
    expect((await save({ roleId: 1 })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：categoryIds' });
    expect((await save({ categoryIds: [1] })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：roleId' });
    expect((await save({ roleId: 1, categoryIds: ['x'] })).body).toMatchObject({ errorCode: '1002', errorMsg: '参数格式不正确：categoryIds' });
    expect((await save({ roleId: 99999, categoryIds: [] })).body).toMatchObject({ errorCode: '1002', errorMsg: '角色不存在' });
    expect((await save({ roleId: 1, categoryIds: [99999] })).body).toMatchObject({ errorCode: '1002', errorMsg: '栏目不存在' });
    const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
    expect((await save({ roleId: 1, categoryIds: [] }, xinxi)).status).toBe(403);
    expect((await roleList(1, xinxi)).status).toBe(403);
  });

  it('documents the link step’s names in the OpenAPI document', async () => {
    const doc = (await call<never>(url, '/api/openapi.json', { method: 'GET' })).body as unknown as { paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties: Rec } }> } } }> };
    const body = Object.values(doc.paths['/column/role/save']?.post?.requestBody?.content ?? {})[0]?.schema.properties ?? {};
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['roleId', 'categoryIds', 'categoryIdList', 'ids']));
  });
});
