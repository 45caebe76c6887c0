import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown>;
interface Page { list: Rec[]; totalRow: number }

const AREAS = ['grandTotal', 'householdConsumption', 'demographicData', 'industrialData', 'revenueData', 'grainData', 'domesticTrade', 'foreignTrade'];
const HEADER = ['指标名称', '统计周期', '年份', '季度/月份', '数值', '单位', '同比增长(%)', '备注'];

let server: TestServer;
let url: string;
let admin: string;
let xinxi: string;
let shenji: string;

const headers = (token: string) => ({ Authorization: token, appKey: 'adminSite', clientId: 'ADMIN', version: '1.0.0' });

async function data<T>(token: string, path: string, body: Rec = {}): Promise<T> {
  const r = await call<T>(url, path, { token, body });
  expect(r.body.errorCode, `${path}: ${r.body.errorMsg}`).toBe('0');
  return r.body.data;
}

async function sheet(rows: unknown[][], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('地区生产总值');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(area: string, file: Buffer, token = admin, name = 'figures.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(new URL(`/economic/${area}/import`, url), { method: 'POST', headers: headers(token), body: form });
  return { status: res.status, body: (await res.json()) as { errorCode: string; errorMsg: string; data: { added: number; updated: number } } };
}

async function firstSheet(bytes: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  const ws = book.worksheets[0];
  if (!ws) throw new Error('no worksheet');
  return ws;
}

const yearRows = async (area: string, year: number) =>
  (await data<Page>(admin, `/economic/${area}/list`, { startYear: year, endYear: year, pageSize: 100 })).list;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
  shenji = await login(url, 'shenji', DEMO_PASSWORD);
});
afterAll(async () => server?.close());

describe('menus, demo data and permissions', () => {
  it('the eight screens are under 内容管理 at the spec routes, with their buttons, and each has demo figures', async () => {
    const m = await data<{ menusList: (Rec & { children: Rec[] })[]; buttonList: string[] }>(admin, '/menu/list');
    const content = m.menusList.find((x) => x.alias === 'content');
    expect(content?.children.map((c) => c.url)).toEqual(expect.arrayContaining(AREAS.map((a) => `/main/article/${a}`)));
    expect(content?.children.find((c) => c.url === '/main/article/revenueData')?.name).toBe('就业');
    expect(m.buttonList).toEqual(expect.arrayContaining(['grandTotal:list', 'grandTotal:add', 'grandTotal:import', 'foreignTrade:export']));
    for (const area of AREAS) {
      const page = await data<Page>(admin, `/economic/${area}/list`, { pageSize: 10 });
      expect(page.totalRow, area).toBeGreaterThan(20);
      const years = new Set((await data<Rec[]>(admin, `/economic/${area}/listAll`, { periodType: 'year' })).map((r) => r.year));
      expect(years.size, area).toBeGreaterThanOrEqual(4);
    }
  });

  it('refuses callers without the keys: 部门信息员 sees nothing, 审计员 reads but changes, imports and exports nothing', async () => {
    expect((await call(url, '/economic/grandTotal/list', { token: xinxi, body: {} })).status).toBe(403);
    expect((await call(url, '/economic/grandTotal/list', { body: {} })).status).toBe(401);
    expect((await call(url, '/economic/grandTotal/list', { token: shenji, body: {} })).body.errorCode).toBe('0');
    const add = await call(url, '/economic/grandTotal/add', { token: shenji, body: { indicator: 'gdp', periodType: 'year', year: 2015, value: 1 } });
    expect(add.status).toBe(403);
    expect(add.body.errorMsg).toBe('没有访问权限');
    expect((await upload('grandTotal', await sheet([['地区生产总值', '年度', 2015, 0, 1]]), shenji)).status).toBe(403);
    expect((await call(url, '/economic/grandTotal/export', { token: shenji, body: {} })).status).toBe(403);
    expect(await yearRows('grandTotal', 2015)).toHaveLength(0);
  });
});

describe('add, change, delete', () => {
  it('keeps one figure per indicator and period, checks the rules and deletes all or nothing', async () => {
    const created = await data<Rec>(admin, '/economic/grandTotal/add', { indicator: 'gdp', periodType: 'quarter', year: 2016, period: 2, value: 1234567.891, growthRate: 6.5, remark: '快报' });
    expect(created).toMatchObject({ area: 'grandTotal', indicator: 'gdp', periodType: 'quarter', year: 2016, period: 2, value: 1234567.89, growthRate: 6.5, indicatorName: '地区生产总值', unit: '万元', periodLabel: '2016年上半年', creatorName: expect.any(String) });
    const id = Number(created.id);
    expect(await data<Rec>(admin, '/economic/grandTotal/get', { id })).toMatchObject({ id, value: 1234567.89 });
    const dup = await call(url, '/economic/grandTotal/add', { token: admin, body: { indicator: 'gdp', periodType: 'quarter', year: 2016, period: 2, value: 1 } });
    expect(dup.body).toMatchObject({ errorCode: '1004', errorMsg: '该统计期的数据已存在：地区生产总值（2016年上半年）' });
    const changed = await data<Rec>(admin, '/economic/grandTotal/add', { id, indicator: 'gdp', periodType: 'quarter', year: 2016, period: 2, value: 1300000, growthRate: -1.2 });
    expect(changed).toMatchObject({ id, value: 1300000, growthRate: -1.2 });
    // Another area's screen does not reach this figure.
    expect((await call(url, '/economic/foreignTrade/get', { token: admin, body: { id } })).body.errorCode).toBe('1003');
    expect((await call(url, '/economic/foreignTrade/dels', { token: admin, body: { ids: [id] } })).body.errorCode).toBe('1003');

    const bad: [Rec, string][] = [
      [{ indicator: 'gdp', periodType: 'month', year: 2016, period: 1, value: 1 }, '统计周期的值无效'],
      [{ indicator: 'gdp', periodType: 'quarter', year: 2016, period: 5, value: 1 }, '季度应为1—4'],
      [{ indicator: 'gdp', periodType: 'year', year: 2016, value: -5 }, '地区生产总值不能为负数'],
      [{ indicator: 'gdp', periodType: 'year', year: new Date().getFullYear() + 1, value: 5 }, '统计期不能晚于当前月份'],
      [{ indicator: 'nope', periodType: 'year', year: 2016, value: 5 }, '指标的值无效'],
      [{ indicator: 'gdp', periodType: 'year', year: 2016, value: 'abc' }, '数值必须是数字'],
      [{ indicator: 'gdp', periodType: 'year', year: 2016, value: 5, growthRate: -150 }, '同比增长(%)不能小于-100'],
    ];
    for (const [body, msg] of bad) {
      const r = await call(url, '/economic/grandTotal/add', { token: admin, body });
      expect(r.status).toBe(200);
      expect(r.body.errorCode).toBe('1002');
      expect(r.body.errorMsg).toContain(msg);
    }
    expect((await call(url, '/economic/grandTotal/add', { token: admin, body: { periodType: 'year', year: 2016, value: 5 } })).body.errorCode).toBe('1001');
    // A negative natural growth rate is a real figure.
    const natural = await data<Rec>(admin, '/economic/demographicData/add', { indicator: 'naturalGrowth', periodType: 'year', year: 2016, value: -1.35 });
    expect(natural.value).toBe(-1.35);

    expect((await call(url, '/economic/grandTotal/dels', { token: admin, body: { ids: [id, 999999] } })).body.errorCode).toBe('1003');
    expect(await data<number>(admin, '/economic/grandTotal/dels', { ids: [id] })).toBe(1);
    expect(await yearRows('grandTotal', 2016)).toHaveLength(0);
  });
});

describe('Excel import and export', () => {
  it('the template is a real workbook with the header and the area’s indicators', async () => {
    const res = await fetch(new URL('/economic/domesticTrade/template', url), { headers: headers(admin) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('国内贸易导入模板.xlsx'));
    const ws = await firstSheet(await res.arrayBuffer());
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(ws.getColumn(1).values.slice(2)).toEqual(['社会消费品零售总额', '城镇消费品零售额', '乡村消费品零售额', '餐饮收入']);
  });

  it('imports a period’s figures, and a second import of the same periods updates them', async () => {
    const rows = [
      ['地区生产总值', '年度', 2014, 0, 1500000, '万元', 7.1, '统计公报'],
      ['第一产业增加值', '年度', 2014, '', 200000.5, '万元', null, null],
      ['地区生产总值', '季度', 2014, 1, 330000, '万元', 6.8, ''],
      [],
    ];
    const r = await upload('grandTotal', await sheet(rows));
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data).toEqual({ added: 3, updated: 0 });
    expect(r.body.errorMsg).toBe('导入成功：新增3条，更新0条');
    const saved = await yearRows('grandTotal', 2014);
    expect(saved.map((x) => [x.indicator, x.periodType, x.period, x.value, x.growthRate]).sort()).toEqual(
      [['gdp', 'quarter', 1, 330000, 6.8], ['gdp', 'year', 0, 1500000, 7.1], ['primary', 'year', 0, 200000.5, null]].sort(),
    );
    const again = await upload('grandTotal', await sheet([['地区生产总值', '年度', 2014, 0, 1510000, '万元', 7.3, '修订']]));
    expect(again.body.data).toEqual({ added: 0, updated: 1 });
    expect((await yearRows('grandTotal', 2014)).find((x) => x.periodType === 'year' && x.indicator === 'gdp')).toMatchObject({ value: 1510000, growthRate: 7.3, remark: '修订' });
  });

  it('saves nothing when a row is wrong and names the rows', async () => {
    const rows = [
      ['地区生产总值', '年度', 2013, 0, 1400000, '万元', 7],
      ['第二产业增加值', '年度', 2013, 0, 500000],
      ['第三产业增加值', '年度', 2013, 0, 'abc'],
      ['粮食总产量', '年度', 2013, 0, 5],
      ['地区生产总值', '年度', 2013, 0, 1400001],
    ];
    const r = await upload('grandTotal', await sheet(rows));
    expect(r.status).toBe(200);
    expect(r.body.errorCode).toBe('1002');
    expect(r.body.errorMsg).toContain('未保存任何数据');
    expect(r.body.errorMsg).toContain('第4行：数值必须是数字');
    expect(r.body.errorMsg).toContain('第5行：指标名称不存在：粮食总产量');
    expect(r.body.errorMsg).toContain('第6行：与第2行是同一指标同一统计期');
    expect(r.body.errorMsg).not.toContain('第2行：');
    expect(await yearRows('grandTotal', 2013)).toHaveLength(0);
  });

  it('refuses files that are not the sheet it expects', async () => {
    const notXlsx = await upload('grandTotal', Buffer.from('指标名称,年份\n地区生产总值,2013'), admin, 'figures.csv');
    expect(notXlsx.body).toMatchObject({ errorCode: '1002', errorMsg: '请上传Excel文件（.xlsx）' });
    const wrongHeader = await upload('grandTotal', await sheet([['地区生产总值', 2013]], ['名称', '年份']));
    expect(wrongHeader.body.errorCode).toBe('1002');
    expect(wrongHeader.body.errorMsg).toContain('导入文件表头不正确');
    const empty = await upload('grandTotal', await sheet([]));
    expect(empty.body).toMatchObject({ errorCode: '1002', errorMsg: '导入文件中没有数据' });
    const noFile = await call(url, '/economic/grandTotal/import', { token: admin, body: {} });
    expect(noFile.body.errorCode).toBe('1001');
  });

  it('exports the searched figures as an xlsx that holds the stored values', async () => {
    const res = await fetch(new URL('/economic/grandTotal/export', url), {
      method: 'POST',
      headers: { ...headers(admin), 'Content-Type': 'application/json' },
      body: JSON.stringify({ startYear: 2014, endYear: 2014 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('地区生产总值.xlsx'));
    const ws = await firstSheet(await res.arrayBuffer());
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    const rows: unknown[][] = [];
    ws.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).slice(1, 7)));
    expect(rows).toEqual([
      ['地区生产总值', '季度', 2014, 1, 330000, '万元'],
      ['地区生产总值', '年度', 2014, 0, 1510000, '万元'],
      ['第一产业增加值', '年度', 2014, 0, 200000.5, '万元'],
    ]);
  });
});

describe('public latest figures', () => {
  it('answers without login the latest period of every indicator, area by area', async () => {
    const r = await call<{ area: string; label: string; figures: Rec[] }[]>(url, '/economic/web/latestList', { method: 'GET' });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.map((a) => a.area)).toEqual(AREAS);
    const gdp = r.body.data[0]?.figures.find((f) => f.indicator === 'gdp');
    const listed = await data<Rec[]>(admin, '/economic/grandTotal/listAll', { indicator: 'gdp' });
    const newest = listed[listed.length - 1] ?? {};
    expect(gdp).toMatchObject({ year: newest.year, periodType: newest.periodType, period: newest.period, value: newest.value, unit: '万元' });
    const one = await call<{ area: string }[]>(url, '/economic/web/latestList', { query: { area: 'grainData' }, method: 'GET' });
    expect(one.body.data.map((a) => a.area)).toEqual(['grainData']);
    expect((await call(url, '/economic/web/latestList', { query: { area: 'x' }, method: 'GET' })).body.errorCode).toBe('1002');
  });
});

describe('generated public page', () => {
  it('the full-site run writes economy.html with every area’s latest figures, amounts by the spec’s rule', async () => {
    expect((await call(url, '/api/generate/generateIndex', { token: admin })).body.errorCode).toBe('0');
    const res = await fetch(new URL('/site/economy.html', url));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>经济数据</h1>');
    for (const label of ['地区生产总值', '人民生活', '人口数据', '工业和建筑业', '就业', '粮食', '国内贸易', '对外贸易']) expect(html).toMatch(new RegExp(`<h2 id="economy-\\w+">${label}</h2>`));
    const latest = (await call<{ area: string; figures: Rec[] }[]>(url, '/economic/web/latestList', { method: 'GET' })).body.data;
    const gdp = latest[0]?.figures.find((f) => f.indicator === 'gdp');
    const yi = (Number(gdp?.value) / 10000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(html).toContain(`<td>地区生产总值</td><td>${String(gdp?.periodLabel)}</td><td class="num">${yi}亿元</td>`);
  });
});

