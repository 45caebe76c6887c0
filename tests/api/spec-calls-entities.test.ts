import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer.js';

/** The entities of issue 9's missing calls: celebrity table, blacklist, popula, industrial projects, products. */
type Rec = Record<string, unknown> & { id: number };
interface Page { list: Rec[]; totalRow: number }

let server: TestServer;
let url: string;
let admin: string;
let xinxi: string;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
  for (const kind of ['industrial', 'industrial-query']) setPublicLimits(server.app, kind, { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => server?.close());

async function captcha() {
  const codeId = `calls-${Date.now()}-${++seq}`;
  await fetch(`${url}/user/captcha?codeId=${codeId}`);
  return { codeId, verifyCode: TEST_CAPTCHA_TEXT };
}

async function binary(path: string, body: unknown): Promise<{ status: number; type: string; buf: Buffer }> {
  const res = await fetch(new URL(path, url), { method: 'POST', headers: { Authorization: admin, appKey: 'adminSite', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', buf: Buffer.from(await res.arrayBuffer()) };
}

describe('名人录 /celebrityTable/*', () => {
  it('lists the demo people, adds one, and refuses bad input in Chinese', async () => {
    const list = await call<Page>(url, '/celebrityTable/list', { token: admin, body: { pageNum: 1, pageSize: 10 } });
    expect(list.body.data.totalRow).toBe(4);
    const added = await call<Rec>(url, '/celebrityTable/add', { token: admin, body: { name: '赵青山', category: 2, deeds: '第一段事迹\n第二段事迹', honor: '省劳动模范', honorYear: 2025 } });
    expect(added.body.errorCode).toBe('0');
    expect((await call<Rec>(url, '/celebrityTable/get', { token: admin, query: { id: added.body.data.id } })).body.data.name).toBe('赵青山');
    const missing = await call(url, '/celebrityTable/add', { token: admin, body: { category: 2, deeds: 'x' } });
    expect(missing.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：name' });
    const badEnum = await call(url, '/celebrityTable/add', { token: admin, body: { name: '甲', category: 99, deeds: 'x' } });
    expect(badEnum.body.errorCode).not.toBe('0');
    expect(badEnum.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('exports one person as Word and the filtered list as Excel', async () => {
    const list = await call<Page>(url, '/celebrityTable/list', { token: admin, body: { name: '林秀英' } });
    const id = list.body.data.list[0]!.id;
    const word = await binary('/celebrityTable/exportWord', { id });
    expect(word.status).toBe(200);
    expect(word.buf.subarray(0, 2).toString()).toBe('PK');
    expect(word.buf.includes(Buffer.from('word/document.xml'))).toBe(true);
    const excel = await binary('/celebrityTable/getExcelList', { category: 2 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(excel.buf as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('名人录')!;
    const all = (await call<Page>(url, '/celebrityTable/list', { token: admin, body: { category: 2 } })).body.data.totalRow;
    expect(ws.rowCount - 1).toBe(all);
    expect(ws.getRow(2).getCell(3).value).toBe('劳动模范');
    expect((await binary('/celebrityTable/exportWord', { id: 999999 })).type).toContain('json');
  });

  it('refuses staff without the keys', async () => {
    expect((await call(url, '/celebrityTable/list', { token: xinxi, body: {} })).status).toBe(403);
    expect((await call(url, '/celebrityTable/exportWord', { token: xinxi, body: { id: 1 } })).status).toBe(403);
    expect((await call(url, '/celebrityTable/list', { body: {} })).status).toBe(401);
  });
});

describe('产业项目 /industrialProjects/*', () => {
  const form = { name: '溪东智能制造产业园', projectType: 'NEW', company: '云溪智造有限公司', industry: '装备制造', town: '溪东街道', investment: 12000.5, startYear: 2026, content: '建设厂房及研发楼。', contactName: '钱工', contactPhone: '13912345678' };

  it('takes a public submission with a captcha and lets the submitter look it up', async () => {
    const r = await call<{ id: number; queryCode: string }>(url, '/industrialProjects/web/add', { body: { ...form, ...(await captcha()), status: 'WAREHOUSING' } });
    expect(r.body.errorCode).toBe('0');
    const { id, queryCode } = r.body.data;
    const mine = await call<Page>(url, '/industrialProjects/my/list', { body: { queryCode, contactPhone: '13912345678' } });
    expect(mine.body.data.list.map((x) => x.id)).toEqual([id]);
    expect(mine.body.data.list[0]!.status).toBe('UNKNOWN');
    expect(mine.body.data.list[0]).not.toHaveProperty('creatorName');
    expect((await call<Rec>(url, '/industrialProjects/my/get', { query: { id, queryCode } })).body.data.name).toBe(form.name);
    expect((await call(url, '/industrialProjects/my/get', { query: { id, queryCode: 'ABCDEFGHJKMN' } })).body.errorCode).toBe('1003');
    expect((await call<Page>(url, '/industrialProjects/my/list', { body: { queryCode, contactPhone: '13900000000' } })).body.data.list).toEqual([]);

    // Staff see it as a web submission and put it into the library.
    const staff = await call<Rec>(url, '/industrialProjects/get', { token: admin, query: { id } });
    expect(staff.body.data).toMatchObject({ source: 2, status: 'UNKNOWN' });
    const upd = await call<Rec>(url, '/industrialProjects/update', { token: admin, body: { id, status: 'WAREHOUSING', reviewRemark: '同意入库' } });
    expect(upd.body.data.status).toBe('WAREHOUSING');
    expect((await call<Rec>(url, '/industrialProjects/my/get', { query: { id, queryCode } })).body.data.reviewRemark).toBe('同意入库');
  });

  it('refuses a bad submission without storing anything', async () => {
    const before = (await call<Page>(url, '/industrialProjects/list', { token: admin, body: {} })).body.data.totalRow;
    const noCaptcha = await call(url, '/industrialProjects/web/add', { body: form });
    expect(noCaptcha.body).toMatchObject({ errorCode: '2002', errorMsg: '验证码错误或已过期' });
    const badType = await call(url, '/industrialProjects/web/add', { body: { ...form, projectType: 'XX', ...(await captcha()) } });
    expect(badType.body.errorCode).toBe('1002');
    const noPhone = await call(url, '/industrialProjects/web/add', { body: { ...form, contactPhone: '', ...(await captcha()) } });
    expect(noPhone.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：contactPhone' });
    expect((await call<Page>(url, '/industrialProjects/list', { token: admin, body: {} })).body.data.totalRow).toBe(before);
    expect((await call(url, '/industrialProjects/list', { token: xinxi, body: {} })).status).toBe(403);
  });
});

describe('黑名单 /blacklist/* and the public guard', () => {
  it('refuses a blacklisted phone and counts the refusal; a disabled entry refuses nothing', async () => {
    const phone = '13712340000';
    const entry = await call<Rec>(url, '/blacklist/add', { token: admin, body: { type: 'phone', value: phone, reason: '恶意重复提交' } });
    expect(entry.body.errorCode).toBe('0');
    const body = { name: '测试项目', projectType: 'NEW', company: '某公司', content: '内容', contactPhone: phone };
    const refused = await call(url, '/industrialProjects/web/add', { body: { ...body, ...(await captcha()) } });
    expect(refused.body).toMatchObject({ errorCode: '2005', errorMsg: '您的提交已被限制，如有疑问请联系网站管理员' });
    expect((await call<Rec>(url, '/blacklist/get', { token: admin, query: { id: entry.body.data.id } })).body.data.hitCount).toBe(1);
    await call(url, '/blacklist/add', { token: admin, body: { id: entry.body.data.id, status: 0 } });
    expect((await call(url, '/industrialProjects/web/add', { body: { ...body, ...(await captcha()) } })).body.errorCode).toBe('0');
  });

  it('matches a number staff typed with spaces or dashes', async () => {
    await call(url, '/blacklist/add', { token: admin, body: { type: 'phone', value: '137-1234 0009', reason: '骚扰' } });
    const body = { name: '测试项目三', projectType: 'NEW', company: '某公司', content: '内容', contactPhone: '13712340009' };
    expect((await call(url, '/industrialProjects/web/add', { body: { ...body, ...(await captcha()) } })).body.errorCode).toBe('2005');
  });

  it('refuses by IP until the entry expires', async () => {
    const entry = await call<Rec>(url, '/blacklist/add', { token: admin, body: { type: 'ip', value: '127.0.0.1', reason: '攻击', expireTime: '2099-01-01 00:00:00' } });
    const body = { name: '测试项目二', projectType: 'PLAN', company: '某公司', content: '内容', contactPhone: '13712340001' };
    expect((await call(url, '/industrialProjects/web/add', { body: { ...body, ...(await captcha()) } })).body.errorCode).toBe('2005');
    await call(url, '/blacklist/add', { token: admin, body: { id: entry.body.data.id, expireTime: '2020-01-01 00:00:00' } });
    expect((await call(url, '/industrialProjects/web/add', { body: { ...body, ...(await captcha()) } })).body.errorCode).toBe('0');
  });

  it('validates entries and keeps them for staff with the key', async () => {
    expect((await call(url, '/blacklist/add', { token: admin, body: { type: 'email', value: 'x', reason: 'y' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/blacklist/add', { token: admin, body: { type: 'ip', reason: 'y' } })).body.errorCode).toBe('1001');
    expect((await call(url, '/blacklist/get', { token: xinxi, query: { id: 1 } })).status).toBe(403);
  });
});

describe('热门推荐 /popula/* and 特色产品 /product/*', () => {
  it('answers only enabled popular items and published products to the public', async () => {
    await call(url, '/popula/add', { token: admin, body: { title: '停用项', type: 1, url: 'https://x.example/', status: 0 } });
    const popula = await call<Rec[]>(url, '/popula/web/list', { query: { size: 50 } });
    expect(popula.body.data.length).toBe(5);
    expect(popula.body.data.map((p) => p.title)).not.toContain('停用项');
    expect((await call<Rec[]>(url, '/popula/web/list', { body: { type: 1 } })).body.data.every((p) => p.type === 1)).toBe(true);
    const products = await call<Rec[]>(url, '/product/web/list', { query: { size: 50 } });
    expect(products.body.data.map((p) => p.name).sort()).toEqual(['云溪高山云雾茶', '梅溪乡民宿客房', '白沙毛竹笋干'].sort());
    expect(products.body.data[0]).not.toHaveProperty('creatorName');
  });

  it('edits with validation and permissions', async () => {
    const p = await call<Rec>(url, '/product/add', { token: admin, body: { name: '云溪蜂蜜', type: 1, status: 2, description: '百花蜜', price: 88.5 } });
    expect(p.body.data.price).toBe(88.5);
    expect((await call(url, '/product/add', { token: admin, body: { name: '坏', type: 7, description: 'x' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/popula/add', { token: admin, body: { title: '坏链接', type: 1, url: 'javascript:alert(1)' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/product/dels', { token: admin, body: { ids: [p.body.data.id] } })).body.errorCode).toBe('0');
    expect((await call(url, '/product/list', { token: xinxi, body: {} })).status).toBe(403);
    expect((await call(url, '/popula/dels', { token: xinxi, body: { ids: [1] } })).status).toBe(403);
  });
});
