import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeclarations } from '../../server/resources/loadDeclarations.js';
import landmark from '../fixtures/declarations/landmark.js';
import landmarkBehaviour from '../fixtures/entities/landmark.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// docs/extending.md's walk-through: one declaration file (tests/fixtures/declarations/landmark.ts) and
// nothing else gives table, routes, menu and buttons, hooks, access, an action, a virtual field and a join.
type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number };

let server: TestServer;
let url: string;
let admin: string;
let xinxi: string;

beforeAll(async () => {
  server = await startTestServer({}, { declarations: [...(await loadDeclarations()), landmark], behaviours: [landmarkBehaviour] });
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
});
afterAll(async () => server?.close());

const ok = async <T>(path: string, body: unknown, token = admin, query?: Record<string, string>) => {
  const r = await call<T>(url, path, { token, body, query });
  expect(r.body.errorCode, `${path}: ${r.body.errorMsg}`).toBe('0');
  return r.body.data;
};

describe('a declared entity with behaviour', () => {
  it('gets its menu entry and a Button per permission, the action key included', async () => {
    const menu = await ok<{ buttonList: string[] }>('/menu/list', {});
    expect(menu.buttonList).toEqual(expect.arrayContaining(['landmark:list', 'landmark:add', 'landmark:delete', 'landmark:publish']));
    expect(JSON.stringify(menu)).toContain('/main/article/landmark');
  });

  it('saves rich text sanitised, an image path and a dictionary value; the hook fills the summary', async () => {
    const created = await ok<Rec>('/landmark/add', { name: '云溪古桥', level: 'county', photo: '/upload/image/bridge.jpg', intro: '<p>始建于<b>明代</b>的石拱桥。</p><script>alert(1)</script>' });
    expect(created).toMatchObject({ name: '云溪古桥', level: 'county', photo: '/upload/image/bridge.jpg', status: 0, summary: '始建于明代的石拱桥。', introLength: 10, creatorName: '系统管理员' });
    expect(String(created.intro)).not.toContain('script');
    const page = await ok<Page>('/landmark/list', { name: '古桥' });
    expect(page.list[0]).toMatchObject({ id: created.id, deptFullName: '县政府', introLength: 10 });
    const dup = await call(url, '/landmark/add', { token: admin, body: { name: '云溪古桥', level: 'county' } });
    expect(dup.body).toMatchObject({ errorCode: '1004', errorMsg: '名称已存在：云溪古桥' });
    expect((await call(url, '/landmark/add', { token: admin, body: { name: '无级别' } })).body.errorCode).toBe('1001');
  });

  it('runs the 发布 action only on drafts, refuses a deletion of a published one, and checks access', async () => {
    const draft = await ok<Rec>('/landmark/add', { name: '文昌阁', level: 'city', intro: '<p>清代楼阁</p>' });
    expect((await call(url, '/landmark/publish', { token: xinxi, body: { id: draft.id } })).status).toBe(403);
    expect(await ok<number>('/landmark/publish', { id: draft.id })).toBe(1);
    expect(await ok<Rec>('/landmark/get', undefined, admin, { id: String(draft.id) })).toMatchObject({ status: 1, publishTime: expect.stringMatching(/^\d{4}-/) });
    const again = await call(url, '/landmark/publish', { token: admin, body: { id: draft.id } });
    expect(again.body).toMatchObject({ errorCode: '1005', errorMsg: '只有草稿可以发布' });
    expect((await call(url, '/landmark/publish', { token: admin, body: { id: 999999 } })).body.errorCode).toBe('1003');
    const del = await call(url, '/landmark/dels', { token: admin, body: { ids: [draft.id] } });
    expect(del.body).toMatchObject({ errorCode: '1005', errorMsg: '已发布的名胜古迹不能删除：文昌阁' });
    expect((await ok<Rec>('/landmark/get', undefined, admin, { id: String(draft.id) })).name).toBe('文昌阁');
    const spare = await ok<Rec>('/landmark/add', { name: '古井', level: 'county' });
    expect(await ok<number>('/landmark/dels', { ids: [spare.id] })).toBe(1);
  });

  it('takes only a key of the dictionary in a dictionary field (the declared entries exist from the start)', async () => {
    const bad = await call(url, '/landmark/add', { token: admin, body: { name: '无名塔', level: 'NOT_A_DICT_KEY' } });
    expect(bad.body).toMatchObject({ errorCode: '1002', errorMsg: '保护级别的值无效：字典中没有“NOT_A_DICT_KEY”' });
    const all = await ok<Record<string, { code: string }[]>>('/data/dict/all/kv', {});
    expect(all.landmarkLevel?.map((e) => e.code)).toEqual(['national', 'province', 'city', 'county']);
  });

  it('is described in the OpenAPI document with its fields, action and permission keys', async () => {
    const res = await fetch(new URL('/api/openapi.json', url));
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { 'x-permission'?: string }>>; components: { schemas: Record<string, { properties: Record<string, { maxLength?: number }> }> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/landmark/publish']?.post?.['x-permission']).toBe('landmark:publish');
    expect(doc.paths['/landmark/list']?.post?.['x-permission']).toBe('landmark:list');
    expect(doc.components.schemas.landmark?.properties.name?.maxLength).toBe(50);
    // Module routes are listed too.
    expect(doc.paths['/economic/grandTotal/import']).toBeDefined();
  });
});
