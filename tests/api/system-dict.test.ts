import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Row = { id: number; dictKey: string; key: string; name: string; value: string | null; state: number; parentId: number; children?: Row[] };
type Option = { id: number; code: string; name: string; label: string; value: string | null; children?: Option[] };
type Page = { list: (Row & { hasChildren?: boolean })[]; totalRow: number; currPage: number; totalPage: number };

let server: TestServer;
let url: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body?: unknown, query?: Record<string, string | number>, token = admin) => call<T>(url, path, { token, body, query });

describe('data dictionary', () => {
  it('seeds the demo groups; /all/kv answers every group as key → entries with code, name, label', async () => {
    const r = await post<Record<string, Option[]>>('/data/dict/all/kv');
    expect(r.body.errorCode).toBe('0');
    for (const k of ['articleSource', 'openType', 'letterType', 'sex', 'userType', 'deptType']) expect(r.body.data[k]?.length).toBeGreaterThan(0);
    expect(r.body.data.userType!.map((o) => o.code)).toEqual(['zks', 'yg', 'xj', 'dz']);
    expect(r.body.data.sex![0]).toMatchObject({ code: '1', name: '男', label: '男' });
  });

  it('creates a group and entries (nested), views, pages, lists children, edits and deletes', async () => {
    const g = await post<Row>('/data/dict/save', { dictKey: 'testColor', name: '颜色' });
    expect(g.body.errorCode, g.body.errorMsg).toBe('0');
    expect(g.body.data).toMatchObject({ dictKey: 'testColor', key: 'testColor', parentId: 0, state: 1 });
    const dup = await post('/data/dict/save', { dictKey: 'testColor', name: '重复' });
    expect(dup.body).toMatchObject({ errorCode: '1004', errorMsg: '字典编码已存在：testColor' });

    const red = await post<Row>('/data/dict/save/node', { parentId: g.body.data.id, key: 'red', name: '红色', value: '#f00' });
    expect(red.body.errorCode, red.body.errorMsg).toBe('0');
    expect(red.body.data.dictKey).toBe('testColor');
    const dark = await post<Row>('/data/dict/save/node', { parentId: red.body.data.id, key: 'darkred', name: '深红' });
    expect(dark.body.errorCode).toBe('0');
    expect((await post('/data/dict/save/node', { parentId: g.body.data.id, key: 'red', name: '又一个红' })).body.errorCode).toBe('1004');
    expect((await post('/data/dict/save/node', { key: 'x', name: '无上级' })).body.errorCode).toBe('1001');
    expect((await post('/data/dict/save/node', { parentId: g.body.data.id, name: '无键' })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：key' });
    expect((await post('/data/dict/save/node', { parentId: 999999, key: 'x', name: '上级不存在' })).body.errorCode).toBe('1003');
    expect((await post('/data/dict/save', { dictKey: 'bad key!', name: 'x' })).body.errorCode).toBe('1002');
    expect((await post('/data/dict/save', { name: '缺编码' })).body.errorCode).toBe('1001');

    const view = await post<Row>('/data/dict/view', undefined, { id: red.body.data.id });
    expect(view.body.data.name).toBe('红色');
    const groups = await post<Page>('/data/dict/list', { pageNum: 1, pageSize: 10, dictKey: 'testColor' });
    expect(groups.body.data.totalRow).toBe(1);
    expect(groups.body.data.list[0]!.parentId).toBe(0);
    const sub = await post<Page>('/data/dict/list/sub', { parentId: g.body.data.id });
    expect(sub.body.data.list.map((x) => [x.key, x.hasChildren])).toEqual([['red', true]]);
    expect((await post('/data/dict/list/sub', {})).body.errorCode).toBe('1001');
    const tree = await post<{ group: Row; tree: Row[] }>('/data/dict/list/subEsType', { dictKey: 'testColor' });
    expect(tree.body.data.tree[0]!.children![0]!.key).toBe('darkred');

    const group = await call<Option[]>(url, '/data/dict/view/group', { method: 'GET', token: admin, query: { val: 'testColor' } });
    expect(group.body.data[0]).toMatchObject({ code: 'red', label: '红色', value: '#f00' });
    expect(group.body.data[0]!.children![0]!.code).toBe('darkred');
    expect((await call(url, '/data/dict/view/group', { method: 'GET', token: admin })).body.errorCode).toBe('1001');

    // Edit: a disabled entry leaves the form options; renaming the group code moves its entries.
    expect((await post('/data/dict/edit', { id: dark.body.data.id, state: 0 })).body.errorCode).toBe('0');
    const g2 = await call<Option[]>(url, '/data/dict/view/group', { method: 'GET', token: admin, query: { val: 'testColor' } });
    expect(g2.body.data[0]!.children).toBeUndefined();
    expect((await post('/data/dict/edit', { id: g.body.data.id, dictKey: 'testColour' })).body.errorCode).toBe('0');
    const kv = await post<Record<string, Option[]>>('/data/dict/all/kv');
    expect(kv.body.data.testColour![0]!.code).toBe('red');
    expect(kv.body.data.testColor).toBeUndefined();
    expect((await post('/data/dict/edit', { id: 999999, name: 'x' })).body.errorCode).toBe('1003');

    // Delete: refused while children exist, then bottom-up.
    expect((await post('/data/dict/del', { id: g.body.data.id })).body).toMatchObject({ errorCode: '1005', errorMsg: '该字典下还有字典项，请先删除字典项' });
    expect((await post('/data/dict/del', { id: red.body.data.id })).body.errorCode).toBe('1005');
    expect((await post('/data/dict/del', { id: dark.body.data.id })).body.errorCode).toBe('0');
    expect((await post('/data/dict/del', { id: red.body.data.id })).body.errorCode).toBe('0');
    expect((await post('/data/dict/del', { id: g.body.data.id })).body.errorCode).toBe('0');
    expect((await post('/data/dict/view', undefined, { id: g.body.data.id })).body.errorCode).toBe('1003');
  });

  it('any logged-in user reads the dictionary; only dict:* holders change it', async () => {
    const editor = await login(url, 'xinxi', DEMO_PASSWORD);
    expect((await post('/data/dict/all/kv', undefined, undefined, editor)).body.errorCode).toBe('0');
    const save = await post('/data/dict/save', { dictKey: 'hack', name: 'x' }, undefined, editor);
    expect(save.status).toBe(403);
    expect((await post('/data/dict/del', { id: 1 }, undefined, editor)).status).toBe(403);
    expect((await call(url, '/data/dict/all/kv', {})).status).toBe(401);
  });
});
