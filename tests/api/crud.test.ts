import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/types.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; currPage: number; totalRow: number; totalPage: number };

let server: TestServer;
let url: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const stamp = () => Math.random().toString(36).slice(2, 8);

/** One valid body per entity, with a text field to update and a like-filter to try. */
const ENTITIES = [
  {
    name: 'announcement', addPath: '/announcement/add', delIds: 'query' as const, delPath: '/announcement/dels',
    make: (s: string) => ({ title: `测试公告${s}`, type: 2, content: '<p>正文</p>', source: '县政府办公室', publishTime: '2026-04-01 09:00:00' }),
    textField: 'title', keep: 'source', eqFilter: ['type', 2] as const,
  },
  {
    name: 'hot', addPath: '/hot/add', delIds: 'body' as const, delPath: '/hot/dels',
    make: (s: string) => ({ title: `测试热点${s}`, url: `https://www.yunxi.gov.example/t/${s}`, summary: '摘要', sort: 7 }),
    textField: 'title', keep: 'url', eqFilter: ['status', 1] as const,
  },
  {
    name: 'sensitive', addPath: '/sensitive/add', delIds: 'body' as const, delPath: '/sensitive/dels',
    make: (s: string) => ({ word: `测试词${s}`, type: 3, level: 1, replacement: '**' }),
    textField: 'replacement', keep: 'word', eqFilter: ['type', 3] as const,
  },
  {
    name: 'website', addPath: '/website/add', delIds: 'query' as const, delPath: '/website/del',
    make: (s: string) => ({ name: `测试网站${s}`, url: `https://site-${s}.yunxi.gov.example/`, type: 3, checkInterval: 30, remark: '备注' }),
    textField: 'remark', keep: 'name', eqFilter: ['type', 3] as const,
  },
];

async function count(table: string): Promise<number> {
  const row = (await dynamic(server.app.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  return Number(row.n);
}
const tableOf = (name: string) => server.app.portal.declarations.find((d) => d.name === name)!.table;

describe.each(ENTITIES)('$name CRUD', (e) => {
  it('creates with server-filled fields, gets, updates only sent fields, deletes', async () => {
    const s = stamp();
    const body = { ...e.make(s), creatorId: 999, deptId: 999, createTime: '2000-01-01 00:00:00' };
    const created = await call<Rec>(url, e.addPath, { token: admin, body });
    expect(created.body.errorCode).toBe('0');
    const rec = created.body.data;
    expect(rec.id).toBeGreaterThan(0);
    expect(rec.creatorName).toBe('系统管理员');
    expect(rec.creatorId).not.toBe(999);
    expect(rec.deptName).toBe('县政府');
    expect(rec.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rec.createTime).not.toBe('2000-01-01 00:00:00');

    const got = await call<Rec>(url, `/${e.name}/get`, { token: admin, query: { id: rec.id } });
    expect(got.body.data).toMatchObject(e.make(s) as Record<string, unknown>);
    const gotBody = await call<Rec>(url, `/${e.name}/get`, { token: admin, body: { id: rec.id } });
    expect(gotBody.body.data.id).toBe(rec.id);

    const upd = await call<Rec>(url, e.addPath, { token: admin, body: { id: rec.id, [e.textField]: `改过${s}` } });
    expect(upd.body.errorCode).toBe('0');
    const after = (await call<Rec>(url, `/${e.name}/get`, { token: admin, query: { id: rec.id } })).body.data;
    expect(after[e.textField]).toBe(`改过${s}`);
    expect(after[e.keep]).toBe(rec[e.keep]);
    expect(after.createTime).toBe(rec.createTime);

    const del = e.delIds === 'query'
      ? await call<number>(url, e.delPath, { token: admin, query: { ids: String(rec.id) } })
      : await call<number>(url, e.delPath, { token: admin, body: { ids: [rec.id] } });
    expect(del.body).toMatchObject({ errorCode: '0', data: 1 });
    const gone = await call(url, `/${e.name}/get`, { token: admin, query: { id: rec.id } });
    expect(gone.body).toMatchObject({ errorCode: '1003', errorMsg: '记录不存在或已被删除' });
  });

  it('deletes several ids from the query or the body, all or nothing', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call<Rec>(url, e.addPath, { token: admin, body: e.make(stamp()) })).body.data.id);
    const byQuery = await call<number>(url, e.delPath, { token: admin, query: { ids: `${ids[0]},${ids[1]}` } });
    expect(byQuery.body.data).toBe(2);
    const missing = await call(url, e.delPath, { token: admin, body: { ids: [ids[2], 99999999] } });
    expect(missing.body.errorCode).toBe('1003');
    expect((await call(url, `/${e.name}/get`, { token: admin, query: { id: ids[2] as number } })).body.errorCode).toBe('0');
    const byBody = await call<number>(url, e.delPath, { token: admin, body: { ids: [ids[2]] } });
    expect(byBody.body.data).toBe(1);
    const none = await call(url, e.delPath, { token: admin, body: {} });
    expect(none.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：ids' });
  });

  it('lists with the page shape, like/eq filters, sort and the page size cap', async () => {
    const s = stamp();
    for (let i = 0; i < 3; i++) await call(url, e.addPath, { token: admin, body: e.make(`${s}${i}`) });
    const likeField = e.name === 'sensitive' ? 'word' : e.name === 'website' ? 'name' : 'title';
    const page = await call<Page>(url, `/${e.name}/list`, { token: admin, body: { pageNum: 1, pageSize: 2, [likeField]: s } });
    expect(page.body.data).toMatchObject({ currPage: 1, totalRow: 3, totalPage: 2 });
    expect(page.body.data.list).toHaveLength(2);
    const p2 = await call<Page>(url, `/${e.name}/list`, { token: admin, body: { pageNum: 2, pageSize: 2, [likeField]: s } });
    expect(p2.body.data.list).toHaveLength(1);
    const ids = new Set([...page.body.data.list, ...p2.body.data.list].map((r) => r.id));
    expect(ids.size).toBe(3);

    const [eqField, eqValue] = e.eqFilter;
    const eq = await call<Page>(url, `/${e.name}/list`, { token: admin, body: { pageSize: 200, [eqField]: eqValue } });
    expect(eq.body.data.list.length).toBeGreaterThan(0);
    expect(eq.body.data.list.every((r) => r[eqField] === eqValue)).toBe(true);
    const empty = await call<Page>(url, `/${e.name}/list`, { token: admin, body: { pageSize: 200, [eqField]: '' } });
    expect(empty.body.data.totalRow).toBe(await count(tableOf(e.name)));

    const asc = await call<Page>(url, `/${e.name}/list`, { token: admin, body: { pageSize: 200, sortField: 'createTime', sortOrder: 'ASC', [likeField]: s } });
    const desc = await call<Page>(url, `/${e.name}/list`, { token: admin, body: { pageSize: 200, sortField: 'createTime', sortOrder: 'DESC', [likeField]: s } });
    const times = asc.body.data.list.map((r) => String(r.createTime));
    expect(times).toEqual([...times].sort());
    expect(desc.body.data.list.map((r) => String(r.createTime))).toEqual([...times].reverse().map(String).sort().reverse());

    const capped = await call<Page>(url, `/${e.name}/list`, { token: admin, body: { pageSize: 5000 } });
    expect(capped.body.data.totalPage).toBe(Math.ceil(capped.body.data.totalRow / 200));
  });

  it('answers 403 without the permission key and 401 without a token', async () => {
    const xinxi = await login(url, 'shenji', DEMO_PASSWORD);
    const r = await call(url, e.addPath, { token: xinxi, body: e.make(stamp()) });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ errorCode: '403', errorMsg: '没有访问权限', data: null });
    expect((await call(url, `/${e.name}/list`, { body: {} })).status).toBe(401);
    const before = await count(tableOf(e.name));
    const d = await call(url, e.delPath, { token: xinxi, query: { ids: '1' }, body: { ids: [1] } });
    expect(d.status).toBe(403);
    expect(await count(tableOf(e.name))).toBe(before);
  });
});

describe('sorting and ranges', () => {
  it('sorts by a declared field and ignores undeclared ones', async () => {
    const asc = await call<Page>(url, '/hot/list', { token: admin, body: { pageSize: 200, sortField: 'clickCount', sortOrder: 'ASC' } });
    const clicks = asc.body.data.list.map((r) => Number(r.clickCount));
    expect(clicks).toEqual([...clicks].sort((a, b) => a - b));
    const bad = await call<Page>(url, '/hot/list', { token: admin, body: { pageSize: 200, sortField: 'title; drop table hot_item', sortOrder: 'DESC' } });
    expect(bad.body.errorCode).toBe('0');
    const sorts = bad.body.data.list.map((r) => Number(r.sort));
    expect(sorts).toEqual([...sorts].sort((a, b) => b - a));
  });

  it('filters a range; an end date without a time includes the whole day', async () => {
    const s = stamp();
    for (const t of ['2025-06-01 00:00:00', '2025-06-02 23:30:00', '2025-06-03 08:00:00']) {
      await call(url, '/announcement/add', { token: admin, body: { title: `区间${s}${t}`, content: '<p>x</p>', publishTime: t } });
    }
    const r = await call<Page>(url, '/announcement/list', { token: admin, body: { title: `区间${s}`, startTime: '2025-06-01', endTime: '2025-06-02' } });
    expect(r.body.data.list.map((x) => x.publishTime).sort()).toEqual(['2025-06-01 00:00:00', '2025-06-02 23:30:00']);
    const t2 = await call<Page>(url, '/announcement/list', { token: admin, body: { title: `区间${s}`, startTime: '2025-06-02 23:31:00' } });
    expect(t2.body.data.list.map((x) => x.publishTime)).toEqual(['2025-06-03 08:00:00']);
    const bad = await call(url, '/announcement/list', { token: admin, body: { startTime: 'yesterday' } });
    expect(bad.body.errorCode).toBe('1002');
    // LIKE wildcards in the search text are matched literally.
    const pct = await call<Page>(url, '/announcement/list', { token: admin, body: { title: '%' } });
    expect(pct.body.data.list.every((x) => String(x.title).includes('%'))).toBe(true);
  });
});

describe('validation', () => {
  async function refused(path: string, body: unknown, code: string, msg: string | RegExp, table: string) {
    const before = await count(table);
    const r = await call(path.startsWith('/') ? url : url, path, { token: admin, body });
    expect(r.status).toBe(200);
    expect(r.body.errorCode).toBe(code);
    if (typeof msg === 'string') expect(r.body.errorMsg).toBe(msg);
    else expect(r.body.errorMsg).toMatch(msg);
    expect(await count(table)).toBe(before);
  }

  it('requires required fields', async () => {
    await refused('/announcement/add', { type: 1, content: '<p>x</p>' }, '1001', '缺少必填参数：title', 'announcement');
    await refused('/announcement/add', { title: '   ', content: '<p>x</p>' }, '1001', '缺少必填参数：title', 'announcement');
    await refused('/hot/add', { title: '无链接' }, '1001', '缺少必填参数：url', 'hot_item');
  });

  it('checks length, enum, number range and url', async () => {
    await refused('/announcement/add', { title: '长'.repeat(201), content: '<p>x</p>' }, '1002', '标题长度不能超过200个字符', 'announcement');
    await refused('/announcement/add', { title: '类型错', type: 9, content: '<p>x</p>' }, '1002', /^类型的值无效/, 'announcement');
    await refused('/announcement/add', { title: '排序错', sort: 10000, content: '<p>x</p>' }, '1002', '排序不能大于9999', 'announcement');
    await refused('/announcement/add', { title: '排序错', sort: 'abc', content: '<p>x</p>' }, '1002', '排序必须是数字', 'announcement');
    await refused('/announcement/add', { title: '时间错', publishTime: '明天', content: '<p>x</p>' }, '1002', /^发布时间格式/, 'announcement');
    await refused('/hot/add', { title: '坏链接', url: 'javascript:alert(1)' }, '1002', '链接地址必须是以http://或https://开头的有效网址', 'hot_item');
    await refused('/hot/add', { title: '坏链接', url: 'ftp://x.example/' }, '1002', /^链接地址必须是/, 'hot_item');
    await refused('/website/add', { name: '间隔', url: 'https://interval.example/', checkInterval: 1 }, '1002', '检测间隔（分钟）不能小于5', 'website');
  });

  it('refuses taken unique values, also on update', async () => {
    const s = stamp();
    const a = await call<Rec>(url, '/sensitive/add', { token: admin, body: { word: `唯一${s}`, type: 1, level: 1 } });
    expect(a.body.errorCode).toBe('0');
    await refused('/sensitive/add', { word: `唯一${s}`, type: 2, level: 2 }, '1004', `敏感词已存在：唯一${s}`, 'sensitive_word');
    const b = await call<Rec>(url, '/sensitive/add', { token: admin, body: { word: `另一${s}`, type: 1, level: 1 } });
    const u = await call(url, '/sensitive/add', { token: admin, body: { id: b.body.data.id, word: `唯一${s}` } });
    expect(u.body.errorCode).toBe('1004');
    expect((await call<Rec>(url, '/sensitive/get', { token: admin, query: { id: b.body.data.id } })).body.data.word).toBe(`另一${s}`);
    // Saving a record with its own value is fine.
    expect((await call(url, '/sensitive/add', { token: admin, body: { id: a.body.data.id, word: `唯一${s}` } })).body.errorCode).toBe('0');
    await refused('/website/add', { name: '重复', url: 'https://jyj.yunxi.gov.example/', type: 2 }, '1004', '网址已存在：https://jyj.yunxi.gov.example/', 'website');
  });

  it('leaves a record untouched when an update is invalid, and answers 1003 for unknown ids', async () => {
    const a = await call<Rec>(url, '/hot/add', { token: admin, body: { title: '原标题', url: 'https://ok.example/' } });
    const r = await call(url, '/hot/add', { token: admin, body: { id: a.body.data.id, title: '新标题', url: 'notaurl' } });
    expect(r.body.errorCode).toBe('1002');
    expect((await call<Rec>(url, '/hot/get', { token: admin, query: { id: a.body.data.id } })).body.data.title).toBe('原标题');
    expect((await call(url, '/hot/add', { token: admin, body: { id: 99999999, title: 'x' } })).body.errorCode).toBe('1003');
    expect((await call(url, '/hot/get', { token: admin, query: { id: 'abc' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/hot/get', { token: admin })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：id' });
  });

  it('ignores read-only fields from clients', async () => {
    const a = await call<Rec>(url, '/hot/add', { token: admin, body: { title: '计数', url: 'https://count.example/', clickCount: 5000 } });
    expect(a.body.data.clickCount).toBe(0);
    await call(url, '/hot/add', { token: admin, body: { id: a.body.data.id, clickCount: 7000, creatorName: '别人' } });
    const g = (await call<Rec>(url, '/hot/get', { token: admin, query: { id: a.body.data.id } })).body.data;
    expect(g.clickCount).toBe(0);
    expect(g.creatorName).toBe('系统管理员');
  });
});

describe('sanitising', () => {
  it('keeps formatting and drops scripts, handlers and javascript: URLs from rich text', async () => {
    const content = [
      '<h2>标题</h2><p><strong>加粗</strong><a href="https://www.yunxi.gov.example/">链接</a></p>',
      '<script>alert(1)</script><img src="x.png" onerror="alert(2)">',
      '<a href="javascript:alert(3)">坏链接</a><img src="javascript:alert(4)"><p style="color:red" onclick="x()">段落</p>',
      '<table><tr><td>单元格</td></tr></table><iframe src="https://evil.example/"></iframe>',
    ].join('');
    const r = await call<Rec>(url, '/announcement/add', { token: admin, body: { title: '清洗', content } });
    const got = String((await call<Rec>(url, '/announcement/get', { token: admin, query: { id: r.body.data.id } })).body.data.content);
    for (const bad of ['<script', 'alert(1)', 'onerror', 'javascript:', 'onclick', '<iframe', 'style=']) expect(got).not.toContain(bad);
    for (const good of ['<h2>标题</h2>', '<strong>加粗</strong>', 'href="https://www.yunxi.gov.example/"', '<img src="x.png"', '<td>单元格</td>', '段落']) {
      expect(got).toContain(good);
    }
  });

  it('strips markup from plain text fields and trims them', async () => {
    const r = await call<Rec>(url, '/announcement/add', { token: admin, body: { title: '  <b>县</b>政府 & 人民<script>x()</script>  ', content: '<p>x</p>' } });
    expect(r.body.data.title).toBe('县政府 & 人民');
  });
});
