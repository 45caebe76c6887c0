import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Col = Record<string, unknown> & { categoryId: number; categoryTitle: string; categoryCategoryId: number; columnPath: string; children?: Col[] };

let server: TestServer;
let url: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const save = (query: Record<string, string | number>, token = admin) => call<Col>(url, '/column/save', { token, query });
const edit = (query: Record<string, string | number>) => call<Col>(url, '/column/edit', { token: admin, query });

describe('/column/*', () => {
  it('saves with query fields, computes the path, answers the tree and the flat list', async () => {
    const top = await save({ categoryTitle: '测试顶级', columnType: 1, categorySort: 9 });
    expect(top.body.errorCode, top.body.errorMsg).toBe('0');
    expect(top.body.data.columnPath).toBe(`/${top.body.data.categoryId}`);
    const child = await save({ categoryTitle: '测试子栏目', columnType: 2, categoryCategoryId: top.body.data.categoryId, columnUrl: 'cover.html' });
    expect(child.body.errorCode, child.body.errorMsg).toBe('0');
    expect(child.body.data.columnPath).toBe(`/${top.body.data.categoryId}/${child.body.data.categoryId}`);
    const got = await call<Col>(url, `/column/get/${child.body.data.categoryId}`, { token: admin });
    expect(got.body.data.categoryTitle).toBe('测试子栏目');
    const tree = (await call<Col[]>(url, '/column/tree', { token: admin, method: 'GET' })).body.data;
    const node = tree.find((c) => c.categoryId === top.body.data.categoryId);
    expect(node?.children?.map((c) => c.categoryTitle)).toEqual(['测试子栏目']);
    const list = (await call<Col[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
    expect(list.some((c) => c.categoryId === child.body.data.categoryId)).toBe(true);
  });

  it('refuses missing and invalid values', async () => {
    expect((await save({ categoryTitle: '无类型' })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：columnType' });
    expect((await save({ columnType: 1 })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：categoryTitle' });
    expect((await save({ categoryTitle: 'x', columnType: 7 })).body.errorCode).toBe('1002');
    expect((await save({ categoryTitle: 'x', columnType: 3 })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：columnDiyUrl' });
    expect((await save({ categoryTitle: 'x', columnType: 3, columnDiyUrl: 'javascript:alert(1)' })).body.errorCode).toBe('1002');
    expect((await save({ categoryTitle: 'x', columnType: 1, categoryCategoryId: 99999 })).body.errorMsg).toBe('上级栏目不存在');
    expect((await save({ categoryTitle: 'x', columnType: 1, columnListUrl: '../../etc/passwd.html' })).body.errorCode).toBe('1002');
    expect((await save({ categoryTitle: 'x', columnType: 1, columnContentModelId: 99999 })).body.errorMsg).toBe('内容模型不存在');
    expect((await edit({ categoryTitle: 'x' })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：categoryId' });
    expect((await edit({ categoryId: 99999, categoryTitle: 'x' })).body.errorCode).toBe('1003');
    expect((await call(url, '/column/get/abc', { token: admin })).body.errorCode).toBe('1002');
  });

  it('edits, moves a subtree (paths follow) and refuses a cycle', async () => {
    const a = (await save({ categoryTitle: '甲', columnType: 1 })).body.data;
    const b = (await save({ categoryTitle: '乙', columnType: 1, categoryCategoryId: a.categoryId })).body.data;
    const c = (await save({ categoryTitle: '丙', columnType: 1, categoryCategoryId: b.categoryId })).body.data;
    const cycle = await edit({ categoryId: a.categoryId, categoryCategoryId: c.categoryId });
    expect(cycle.body).toMatchObject({ errorCode: '1002', errorMsg: '上级栏目不能是本栏目或其下级栏目' });
    const moved = await edit({ categoryId: b.categoryId, categoryCategoryId: 0, categoryTitle: '乙改' });
    expect(moved.body.errorCode, moved.body.errorMsg).toBe('0');
    expect(moved.body.data.columnPath).toBe(`/${b.categoryId}`);
    const cAfter = (await call<Col>(url, `/column/get/${c.categoryId}`, { token: admin })).body.data;
    expect(cAfter.columnPath).toBe(`/${b.categoryId}/${c.categoryId}`);
  });

  it('refuses deleting a column with children or articles, deletes an empty one', async () => {
    const list = (await call<Col[]>(url, '/column/list', { token: admin, method: 'GET' })).body.data;
    const parent = list.find((c) => c.categoryTitle === '新闻中心') as Col;
    const withArticles = list.find((c) => c.categoryTitle === '政务要闻') as Col;
    expect((await call(url, '/column/del', { token: admin, body: { ids: [parent.categoryId] } })).body).toMatchObject({ errorCode: '1005', errorMsg: '栏目“新闻中心”下有子栏目，不能删除' });
    expect((await call(url, '/column/del', { token: admin, body: { ids: [withArticles.categoryId] } })).body).toMatchObject({ errorCode: '1005', errorMsg: '栏目“政务要闻”下有文章，不能删除' });
    const empty = (await save({ categoryTitle: '空栏目', columnType: 1 })).body.data;
    // All or nothing: with one refused id nothing is deleted.
    expect((await call(url, '/column/del', { token: admin, body: { ids: [empty.categoryId, withArticles.categoryId] } })).body.errorCode).toBe('1005');
    expect((await call(url, `/column/get/${empty.categoryId}`, { token: admin })).body.errorCode).toBe('0');
    expect((await call(url, '/column/del', { token: admin, body: { ids: [empty.categoryId] } })).body.errorCode).toBe('0');
    expect((await call(url, `/column/get/${empty.categoryId}`, { token: admin })).body.errorCode).toBe('1003');
  });

  it('grants columns to roles and answers the columns of the current user', async () => {
    const roles = (await server.app.db.selectFrom('roles').select(['roleId', 'roleAlias']).execute()) as { roleId: number; roleAlias: string }[];
    const editor = Number(roles.find((r) => r.roleAlias === 'editor')?.roleId);
    const granted = (await call<number[]>(url, '/column/role/list', { token: admin, method: 'GET', query: { roleId: editor } })).body.data;
    expect(granted.length).toBeGreaterThan(0);
    const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
    const mine = (await call<(Col & { granted: boolean })[]>(url, '/column/role/user/list', { token: xinxi, method: 'GET' })).body.data;
    expect(mine.filter((c) => c.granted).map((c) => c.categoryId).sort()).toEqual([...granted].sort());
    // Ancestors come along (not granted) so the tree can be drawn.
    expect(mine.some((c) => !c.granted)).toBe(true);
    const one = granted[0] as number;
    expect((await call(url, '/column/role/save', { token: admin, body: { roleId: editor, categoryIds: [one] } })).body.errorCode).toBe('0');
    expect((await call<number[]>(url, '/column/role/list', { token: admin, method: 'GET', query: { roleId: editor } })).body.data).toEqual([one]);
    const after = (await call<(Col & { granted: boolean })[]>(url, '/column/role/user/list', { token: xinxi, method: 'GET' })).body.data;
    expect(after.filter((c) => c.granted).map((c) => c.categoryId)).toEqual([one]);
    expect((await call(url, '/column/role/save', { token: admin, body: { roleId: editor, categoryIds: [99999] } })).body.errorCode).toBe('1002');
    expect((await call(url, '/column/role/save', { token: admin, body: { roleId: 99999, categoryIds: [] } })).body.errorCode).toBe('1002');
    expect((await call(url, '/column/role/save', { token: xinxi, body: { roleId: editor, categoryIds: [] } })).status).toBe(403);
    expect((await call(url, '/column/save', { token: xinxi, query: { categoryTitle: 'x', columnType: 1 } })).status).toBe(403);
  });

  it('lists content models and template files for the column form', async () => {
    const models = (await call<{ cmTipsName: string }[]>(url, '/column/content/model/list', { token: admin, method: 'GET' })).body.data;
    expect(models.map((m) => m.cmTipsName)).toContain('政策文件');
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const dir = path.join(server.app.portal.config.dataDir, 'templates', 'default');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'list.html'), '<html></html>');
    await fs.writeFile(path.join(dir, 'style.css'), 'body{}');
    const tem = (await call<string[]>(url, '/column/tem/list', { token: admin, method: 'GET' })).body.data;
    expect(tem).toContain('default/list.html');
    expect(tem).not.toContain('default/style.css');
  });
});
