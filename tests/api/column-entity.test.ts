import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Col = Record<string, unknown> & { categoryId: number; categoryTitle: string; columnPath: string; roleIds?: number[] };

// 栏目 on the generic routes (issue 19): the declared tree, link roleIds (category_role) and server/entities/column.ts.
let server: TestServer;
let url: string;
let admin: string;
let roleIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  roleIds = ((await server.app.db.selectFrom('roles').select('roleId').orderBy('roleId').execute()) as { roleId: number }[]).map((r) => Number(r.roleId));
});
afterAll(async () => server?.close());

const save = (query: Record<string, string | number>) => call<Col>(url, '/column/save', { token: admin, query });
const grantsOf = async (categoryId: number) => ((await server.app.db.selectFrom('category_role').select('roleId').where('categoryId', '=', categoryId).orderBy('roleId').execute()) as { roleId: number }[]).map((r) => Number(r.roleId));

describe('栏目 as a declared tree with its roles as a link', () => {
  it('saves the roles a column is granted to, answers them on get, and keeps other columns’ grants', async () => {
    const [r1, r2] = roleIds as [number, number];
    const a = (await save({ categoryTitle: '授权甲', columnType: 1 })).body.data;
    const b = (await call<Col>(url, '/column/save', { token: admin, query: { categoryTitle: '授权乙', columnType: 1 }, body: { roleIds: [r1, r2] } })).body.data;
    expect(await grantsOf(b.categoryId)).toEqual([r1, r2].sort((x, y) => x - y));
    expect((await call(url, '/column/edit', { token: admin, query: { categoryId: a.categoryId }, body: { roleIds: [r2] } })).body.errorCode).toBe('0');
    expect(await grantsOf(a.categoryId)).toEqual([r2]);
    expect(await grantsOf(b.categoryId)).toEqual([r1, r2].sort((x, y) => x - y));
    expect((await call<Col>(url, `/column/get/${a.categoryId}`, { token: admin })).body.data.roleIds).toEqual([r2]);
    expect((await call(url, '/column/edit', { token: admin, query: { categoryId: a.categoryId }, body: { roleIds: [999999] } })).body).toMatchObject({ errorCode: '1002', errorMsg: '角色不存在' });
    expect(await grantsOf(a.categoryId)).toEqual([r2]);
  });

  it('refuses children under an external link and non-html templates; paths follow a new child of a moved column', async () => {
    const link = (await save({ categoryTitle: '外链栏目', columnType: 3, columnDiyUrl: 'https://www.gov.cn/' })).body.data;
    expect((await save({ categoryTitle: '子', columnType: 1, categoryCategoryId: link.categoryId })).body).toMatchObject({ errorCode: '1002', errorMsg: '外链栏目下不能添加子栏目' });
    expect((await save({ categoryTitle: '模板', columnType: 1, columnUrl: 'default/page.txt' })).body).toMatchObject({ errorCode: '1002', errorMsg: '内容模板必须是 .html 文件' });
    const top = (await save({ categoryTitle: '上', columnType: 1 })).body.data;
    const mid = (await save({ categoryTitle: '中', columnType: 1 })).body.data;
    expect((await call<Col>(url, '/column/edit', { token: admin, query: { categoryId: mid.categoryId, categoryCategoryId: top.categoryId } })).body.data.columnPath).toBe(`/${top.categoryId}/${mid.categoryId}`);
    const low = (await save({ categoryTitle: '下', columnType: 1, categoryCategoryId: mid.categoryId })).body.data;
    expect(low.columnPath).toBe(`/${top.categoryId}/${mid.categoryId}/${low.categoryId}`);
  });

  it('deletes a parent with its child in one call, with their grants and the relations pointing at them', async () => {
    const [r1] = roleIds as [number];
    const parent = (await save({ categoryTitle: '删父', columnType: 1 })).body.data;
    const child = (await call<Col>(url, '/column/save', { token: admin, query: { categoryTitle: '删子', columnType: 1, categoryCategoryId: parent.categoryId }, body: { roleIds: [r1] } })).body.data;
    const other = (await save({ categoryTitle: '关联者', columnType: 1, relationCategoryid: child.categoryId })).body.data;
    expect((await call(url, '/column/del', { token: admin, body: { ids: [child.categoryId] } })).body.errorCode).toBe('0');
    expect(await grantsOf(child.categoryId)).toEqual([]);
    expect((await call<Col>(url, `/column/get/${other.categoryId}`, { token: admin })).body.data.relationCategoryid).toBeNull();
    const c2 = (await save({ categoryTitle: '删子2', columnType: 1, categoryCategoryId: parent.categoryId })).body.data;
    expect((await call(url, '/column/del', { token: admin, body: { ids: [parent.categoryId, c2.categoryId] } })).body).toMatchObject({ errorCode: '0', data: 2 });
    const list = (await call<Col[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
    expect(list.some((c) => c.categoryId === parent.categoryId || c.categoryId === c2.categoryId)).toBe(false);
    // The flat list: by 排序, then id.
    const order = list.map((c) => [Number(c.categorySort), c.categoryId]);
    expect(order).toEqual([...order].sort((x, y) => (x[0] as number) - (y[0] as number) || (x[1] as number) - (y[1] as number)));
  });
});
