import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/types.js';
import type { ResourceDecl } from '../../resources/types.js';
import { defineResource, standardPermissions, ownership, ownershipFields } from '../../resources/define.js';
import { syncDeclarationTables } from '../../server/db/schemaSync.js';
import { syncDeclarationMenus } from '../../server/seed/menuSync.js';
import { loadDeclarations } from '../../server/resources/loadDeclarations.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown> & { id: number };

let server: TestServer;
let url: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

describe('/announcement/getTop (public)', () => {
  it('answers published announcements, top first, then sort, then newest, without login', async () => {
    const r = await call<Rec[]>(url, '/announcement/getTop', { query: { size: 50 } });
    expect(r.body.errorCode).toBe('0');
    const list = r.body.data;
    const all = (await server.app.db.selectFrom('announcement').selectAll().where('status', '=', 1).execute()) as Rec[];
    expect(list).toHaveLength(Math.min(all.length, 50));
    expect(list.every((a) => a.status === 1)).toBe(true);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1] as Rec;
      const b = list[i] as Rec;
      const key = (x: Rec) => [-Number(x.isTop), Number(x.sort)];
      const [a1, a2] = key(a);
      const [b1, b2] = key(b);
      expect(a1! < b1! || (a1 === b1 && (a2! < b2! || (a2 === b2 && String(a.publishTime) >= String(b.publishTime))))).toBe(true);
    }
  });

  it('defaults to 5, caps at 50 and refuses a bad size', async () => {
    for (let i = 0; i < 50; i++) await call(url, '/announcement/add', { token: admin, body: { title: `置顶测试${i}`, content: '<p>x</p>', status: 1 } });
    expect((await call<Rec[]>(url, '/announcement/getTop')).body.data).toHaveLength(5);
    expect((await call<Rec[]>(url, '/announcement/getTop', { query: { size: 500 } })).body.data).toHaveLength(50);
    expect((await call(url, '/announcement/getTop', { query: { size: 'x' } })).body.errorCode).toBe('1002');
  });
});

describe('/hot/top (public)', () => {
  it('answers enabled items by sort, then clicks', async () => {
    const r = await call<Rec[]>(url, '/hot/top', { query: { size: 20 } });
    const list = r.body.data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((h) => h.status === 1)).toBe(true);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1] as Rec;
      const b = list[i] as Rec;
      expect(Number(a.sort) < Number(b.sort) || (a.sort === b.sort && Number(a.clickCount) >= Number(b.clickCount))).toBe(true);
    }
    expect((await call<Rec[]>(url, '/hot/top', { query: { size: 1 } })).body.data).toHaveLength(1);
  });
});

describe('/sensitive/top and /sensitive/typeList', () => {
  it('needs size and the sensitive:list key', async () => {
    expect((await call(url, '/sensitive/top', { token: admin })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：size' });
    expect((await call(url, '/sensitive/top', { query: { size: 3 } })).status).toBe(401);
    const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
    expect((await call(url, '/sensitive/top', { token: xinxi, query: { size: 3 } })).status).toBe(403);
    expect((await call(url, '/sensitive/typeList', { token: xinxi })).status).toBe(403);
  });

  it('orders by hits and counts words per type', async () => {
    const r = await call<Rec[]>(url, '/sensitive/top', { token: admin, query: { size: 3 } });
    const hits = r.body.data.map((w) => Number(w.hitCount));
    expect(hits).toHaveLength(3);
    expect(hits).toEqual([...hits].sort((a, b) => b - a));
    const all = (await server.app.db.selectFrom('sensitive_word').select('hitCount').execute()) as { hitCount: number }[];
    expect(hits[0]).toBe(Math.max(...all.map((x) => Number(x.hitCount))));

    await call(url, '/sensitive/add', { token: admin, body: { word: '新增暴恐词', type: 3, level: 1 } });
    const t = await call<{ value: number; label: string; count: number }[]>(url, '/sensitive/typeList', { token: admin });
    const words = (await server.app.db.selectFrom('sensitive_word').select('type').execute()) as { type: number }[];
    expect(t.body.data.map((x) => x.label)).toEqual(['政治敏感', '色情低俗', '暴力恐怖', '违法犯罪', '其他']);
    for (const opt of t.body.data) expect(opt.count).toBe(words.filter((w) => Number(w.type) === opt.value).length);
  });
});

describe('/website/state/list', () => {
  it('answers the page plus a state summary over the same filters', async () => {
    const r = await call<{ list: Rec[]; totalRow: number; summary: Record<string, number> }>(url, '/website/state/list', { token: admin, body: { pageSize: 2 } });
    const rows = (await server.app.db.selectFrom('website').select('state').execute()) as { state: number }[];
    expect(r.body.data.list).toHaveLength(2);
    expect(r.body.data.summary).toEqual({
      total: rows.length,
      normal: rows.filter((x) => x.state === 1).length,
      abnormal: rows.filter((x) => x.state === 2).length,
      unchecked: rows.filter((x) => x.state === 0).length,
    });
    const f = await call<{ totalRow: number; summary: Record<string, number> }>(url, '/website/state/list', { token: admin, body: { type: 3 } });
    expect(f.body.data.summary.total).toBe(rows.length === 0 ? 0 : f.body.data.totalRow);
    expect(f.body.data.summary.total).toBeLessThan(rows.length);
    const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
    expect((await call(url, '/website/state/list', { token: xinxi, body: {} })).status).toBe(403);
  });
});

describe('declarations', () => {
  it('loads every resources/*.ts declaration', async () => {
    const decls = await loadDeclarations();
    expect(decls.map((d) => d.name).sort()).toEqual(expect.arrayContaining(['announcement', 'hot', 'sensitive', 'website']));
  });

  const notice: ResourceDecl = defineResource({
    name: 'testNotice',
    table: 'test_notice',
    label: '测试通知',
    icon: 'Notifications',
    idField: 'id',
    titleField: 'title',
    api: {
      list: { path: '/testNotice/list' },
      get: { path: '/testNotice/get', id: 'query' },
      create: { path: '/testNotice/add' },
      update: { path: '/testNotice/update' },
      delete: { path: '/testNotice/dels', ids: 'body' },
    },
    fields: [
      { name: 'id', label: 'ID', type: 'number', readOnly: true },
      { name: 'title', label: '标题', type: 'text', required: true, maxLength: 20 },
      ...ownershipFields,
    ],
    list: { columns: ['title'], filters: [{ field: 'title', op: 'like' }], sortable: ['title'], defaultSort: { field: 'title', order: 'ASC' } },
    permissions: standardPermissions('testNotice'),
    ownership,
    menu: { group: 'interact', path: '/main/interact/testNotice', sort: 5 },
  });

  it('creates the table, adds columns later and gives the admin the new menu and buttons', async () => {
    const { portal } = server.app;
    const db = dynamic(server.app.db); // a table of a test-only declaration
    await syncDeclarationTables(db, portal.dialect, [notice]);
    const withMore: ResourceDecl = { ...notice, fields: [...notice.fields, { name: 'extra', label: '附加', type: 'text' }] };
    await syncDeclarationTables(db, portal.dialect, [withMore]);
    const cols = (await db.introspection.getTables()).find((t) => t.name === 'test_notice')?.columns.map((c) => c.name);
    expect(cols).toEqual(expect.arrayContaining(['id', 'title', 'extra', 'deptId', 'creatorId']));
    await db.insertInto('test_notice').values({ title: 'a' }).execute();
    await db.insertInto('test_notice').values({ title: 'b' }).execute();
    const ids = ((await db.selectFrom('test_notice').select('id').execute()) as { id: number }[]).map((r) => Number(r.id));
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);

    const created = await syncDeclarationMenus(db, [notice]);
    expect(created).toHaveLength(6); // the Menu and five Buttons; the catalogue exists already
    expect(await syncDeclarationMenus(db, [notice])).toHaveLength(0);

    const token = await login(url, 'admin', server.adminPassword);
    type Node = { alias: string; url: string; children: Node[] };
    const m = await call<{ menusList: Node[]; buttonList: string[] }>(url, '/menu/list', { token });
    const interact = m.body.data.menusList.find((n) => n.alias === 'interact');
    expect(interact?.children.map((c) => [c.alias, c.url])).toContainEqual(['testNotice', '/main/interact/testNotice']);
    expect(m.body.data.buttonList).toEqual(expect.arrayContaining(['testNotice:list', 'testNotice:add', 'testNotice:update', 'testNotice:delete', 'testNotice:get']));
    // Other roles get nothing new.
    const shenhe = await login(url, 'shenhe', DEMO_PASSWORD);
    const sm = await call<{ buttonList: string[] }>(url, '/menu/list', { token: shenhe });
    expect(sm.body.data.buttonList.some((b) => b.startsWith('testNotice'))).toBe(false);
  });

  it('serves CRUD routes for a declaration given to buildApp', async () => {
    // The project's declarations plus one more, as if its file had been added under resources/.
    const own = await startTestServer({ seedDemo: false }, { declarations: [...(await loadDeclarations()), notice] });
    try {
      const token = await login(own.url, 'admin', own.adminPassword);
      const a = await call<Rec>(own.url, '/testNotice/add', { token, body: { title: '新实体' } });
      expect(a.body.errorCode).toBe('0');
      const u = await call<Rec>(own.url, '/testNotice/update', { token, body: { id: a.body.data.id, title: '改名' } });
      expect(u.body.data.title).toBe('改名');
      const l = await call<{ list: Rec[] }>(own.url, '/testNotice/list', { token, body: { title: '改' } });
      expect(l.body.data.list.map((x) => x.title)).toEqual(['改名']);
      expect((await call(own.url, '/testNotice/add', { token, body: { title: '长'.repeat(21) } })).body.errorMsg).toBe('标题长度不能超过20个字符');
      expect((await call(own.url, '/testNotice/nope', { token, body: {} })).status).toBe(404);
    } finally {
      await own.close();
    }
  });
});
