import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../server/util/time.js';
import { documentXml } from './helpers/docx.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// The single-veto dashboard on data seeded to trip each indicator, then fixed; the annual report's
// figures against counts the test makes on the same data. No demo data: only what the test writes.
let s: TestServer;
let token: string;
const DAY = 86_400_000;
const ago = (days: number) => formatDateTime(new Date(Date.now() - days * DAY));
let siteId = 0;
const IDENTITY = {
  siteName: '测试县人民政府门户网站', siteDomain: 'www.test.gov.example', siteIdCode: '5399990002', sponsor: '测试县人民政府办公室', organizer: '测试县大数据中心',
  phone: '0870-7654321', address: '测试县人民路2号', icp: '滇ICP备99999998号', policeRecord: '滇公网安备53999902000002号', conacImage: '/uploads/2026/01/conac.png', conacLink: 'https://bszs.conac.example/x',
};

type Indicator = { key: string; red: boolean; veto: boolean; value: string; link: string; items: { label: string; detail: string; link: string }[] };
const board = async () => {
  const r = await call<{ indicators: Indicator[] }>(s.url, '/website/monitor/dashboard', { token });
  expect(r.body.errorCode).toBe('0');
  return Object.fromEntries(r.body.data.indicators.map((i) => [i.key, i])) as Record<string, Indicator>;
};

async function column(title: string, columnRole = 'news'): Promise<number> {
  const row = (await s.app.db.insertInto('category').values({ categoryTitle: title, categoryCategoryId: 0, columnType: 1, categorySort: 0, columnRole }).returning('categoryId').executeTakeFirstOrThrow()) as { categoryId: number };
  return Number(row.categoryId);
}
async function article(columnId: number, daysAgo: number, status = 5): Promise<void> {
  const t = ago(daysAgo);
  await s.app.db.insertInto('article').values({ title: `文章${columnId}-${daysAgo}`, columnId, status, publishTime: t, updateTime: t, createTime: t, hits: 3 }).execute();
}
async function checks(n: number, failed: number): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => ({ websiteId: siteId, websiteName: '本站', kind: 'availability', result: i < failed ? 2 : 1, responseMs: 100, checkTime: formatDateTime(new Date(Date.now() - 60_000 - i * 1000)) }));
  await s.app.db.insertInto('inspection_record').values(rows).execute();
}

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false });
  token = await login(s.url, 'admin', s.adminPassword);
  // 本站 is registered at first start; here it points at a closed port and is not checked by the scheduler.
  const own = await s.app.db.selectFrom('website').select('id').where('type', '=', 1).executeTakeFirstOrThrow();
  await s.app.db.updateTable('website').set({ name: '本站', url: 'http://127.0.0.1:9/', checkEnabled: 0 }).where('id', '=', own.id).execute();
  siteId = Number(own.id);
}, 90_000);
afterAll(async () => {
  await s?.close();
});

describe('single-veto dashboard', () => {
  it('turns red for each indicator on data that trips it', async () => {
    await checks(20, 1); // 5% of 20 checks today
    const news = [];
    for (let i = 1; i <= 5; i += 1) {
      news.push(await column(`测试动态${i}`));
      await article(news[news.length - 1] as number, 20);
    }
    for (let i = 1; i <= 5; i += 1) await column(`空白栏目${i}`);
    await s.app.db.insertInto('mail').values({ title: '久未答复的咨询', content: '内容', type: 1, boxType: 2, name: '张三', phone: '13800000000', status: 0, stage: 1, receivedAt: ago(100) }).execute();
    const b = await board();
    for (const key of ['unreachable', 'homeStale', 'staleColumns', 'emptyColumns', 'unanswered', 'disclosure', 'identity']) expect(b[key]?.red, key).toBe(true);
    expect(b.staleColumns?.items).toHaveLength(5);
    expect(b.staleColumns?.items[0]?.link).toMatch(/^\/main\/article\/essay\?columnId=\d+$/);
    expect(b.emptyColumns?.value).toBe('5个');
    expect(b.unanswered?.items[0]?.label).toBe('久未答复的咨询');
    // No link check yet: nothing measured, nothing red.
    expect(b.brokenHome?.red).toBe(false);
  });

  it('counts broken links on the home page and their share elsewhere from the newest link check', async () => {
    const rec = (await s.app.db
      .insertInto('inspection_record')
      .values({ websiteId: siteId, websiteName: '本站', kind: 'links', result: 2, message: 'x', detail: JSON.stringify({ pages: 5, brokenHome: 1, brokenOther: 3, otherPageLinks: 40 }), checkTime: ago(0.01) })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    await s.app.db.insertInto('broken_link').values({ recordId: rec.id, websiteId: siteId, pageUrl: 'http://127.0.0.1:9/index.html', linkUrl: 'http://127.0.0.1:9/gone.html', statusCode: 404, external: 0, broken: 1, onHome: 1, checkTime: ago(0.01) }).execute();
    const b = await board();
    expect(b.brokenHome).toMatchObject({ red: true, veto: false });
    expect(b.brokenHome?.items[0]?.label).toBe('http://127.0.0.1:9/gone.html');
    expect(b.brokenShare?.red).toBe(true); // 3 / 40 = 7.5%
  });

  it('turns green after the fix', async () => {
    await checks(20, 0); // 1 failure in 40 = 2.5%
    const cols = (await s.app.db.selectFrom('category').select(['categoryId', 'categoryTitle']).execute()) as { categoryId: number; categoryTitle: string }[];
    await article(Number(cols.find((c) => c.categoryTitle === '测试动态1')?.categoryId), 0);
    await article(Number(cols.find((c) => c.categoryTitle === '空白栏目1')?.categoryId), 1);
    await s.app.db.updateTable('mail').set({ status: 1, stage: 4, replyTime: ago(1) }).execute();
    // The 政务公开 sections are found by their declared role, whatever their titles.
    for (const [t, role] of [['信息公开指南', 'disclosureGuide'], ['信息公开制度', 'disclosureRules'], ['法定主动公开内容', 'disclosureStatutory'], ['信息公开年报', 'disclosureAnnual']] as const) await article(await column(t, role), 2);
    await call(s.url, '/site/setting/save', { token, body: IDENTITY });
    await s.app.db.insertInto('inspection_record').values({ websiteId: siteId, websiteName: '本站', kind: 'links', result: 1, message: 'ok', detail: JSON.stringify({ pages: 5, brokenHome: 0, brokenOther: 1, otherPageLinks: 40 }), checkTime: ago(0) }).execute();
    const b = await board();
    for (const [key, i] of Object.entries(b)) expect(i.red, key).toBe(false);
    expect(b.staleColumns?.value).toBe('4个');
    expect(b.emptyColumns?.value).toBe('4个');
  });

  it('agrees with itself: the required columns are the ones declaring the role, never matched by title', async () => {
    const impostor = await column('政府信息公开指南（旧）', 'news');
    let b = await board();
    expect(b.disclosure?.red).toBe(false);
    // The guide's column declared as news instead: the section is missing, whatever the titles say.
    const guide = (await s.app.db.selectFrom('category').select('categoryId').where('columnRole', '=', 'disclosureGuide').executeTakeFirstOrThrow()).categoryId;
    await s.app.db.updateTable('category').set({ columnRole: 'news' }).where('categoryId', '=', guide).execute();
    b = await board();
    expect(b.disclosure).toMatchObject({ red: true, value: '具备3/4个', link: '/main/article/column' });
    expect(b.disclosure?.items.map((i) => i.label)).toEqual(['政府信息公开指南']);
    // Declared but empty: missing here and listed by 空白栏目 — the same column on both cards.
    await s.app.db.updateTable('category').set({ columnRole: 'disclosureGuide' }).where('categoryId', '=', impostor).execute();
    b = await board();
    expect(b.disclosure?.items[0]?.detail).toContain('政府信息公开指南（旧）');
    expect(b.emptyColumns?.items.map((i) => i.label)).toContain('政府信息公开指南（旧）');
    await s.app.db.deleteFrom('category').where('categoryId', '=', impostor).execute();
    await s.app.db.updateTable('category').set({ columnRole: 'disclosureGuide' }).where('categoryId', '=', guide).execute();
    b = await board();
    for (const [key, i] of Object.entries(b)) {
      expect(i.red, key).toBe(false);
      expect(i.link, key).toMatch(/^\/main\//);
    }
  });

  it('writes a content inspection record', async () => {
    const r = await call<{ recordId: number; red: string[] }>(s.url, '/website/monitor/contentCheck', { token });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.red).toEqual([]);
    const rec = await call<{ kind: string; result: number }>(s.url, '/website/inspection/get', { token, query: { id: r.body.data.recordId } });
    expect(rec.body.data).toMatchObject({ kind: 'content', result: 1 });
  });
});

describe('annual report', () => {
  const year = new Date().getFullYear();
  type Row = { key: string; value: string | number; source: string };
  const value = (rows: Row[], key: string) => rows.find((r) => r.key === key)?.value;

  it('computes its figures from our data, as the test counts them', async () => {
    const db = s.app.db;
    await db.insertInto('mail').values([
      { title: '信1', content: 'c', type: 1, boxType: 2, name: '甲', phone: '13800000001', status: 1, stage: 4, receivedAt: `${year}-01-10 09:00:00`, replyTime: `${year}-01-14 09:00:00` },
      { title: '信2', content: 'c', type: 2, boxType: 2, name: '乙', phone: '13800000002', status: 0, stage: 0, receivedAt: `${year}-01-11 09:00:00` },
      { title: '去年的信', content: 'c', type: 2, boxType: 2, name: '丙', phone: '13800000003', status: 1, stage: 4, receivedAt: `${year - 1}-12-30 09:00:00`, replyTime: `${year}-01-02 09:00:00` },
    ]).execute();
    const from = `${year}-01-01 00:00:00`;
    const to = `${year}-12-31 23:59:59`;
    const articles = (await db.selectFrom('article').select(['publishTime', 'status', 'hits']).execute()) as { publishTime: string; status: number; hits: number }[];
    const published = articles.filter((a) => a.status === 5);
    const inYear = published.filter((a) => a.publishTime >= from && a.publishTime <= to).length;
    const letters = (await db.selectFrom('mail').select(['status', 'receivedAt', 'replyTime']).execute()) as { status: number; receivedAt: string; replyTime: string | null }[];
    const lettersInYear = letters.filter((l) => l.receivedAt >= from && l.receivedAt <= to);
    const answered = lettersInYear.filter((l) => l.status === 1 && l.replyTime);
    const avg = answered.reduce((sum, l) => sum + (new Date(l.replyTime as string).getTime() - new Date(l.receivedAt).getTime()) / DAY, 0) / answered.length;
    const columns = (await db.selectFrom('category').select('categoryId').execute()).length;
    const records = ((await db.selectFrom('inspection_record').select('checkTime').execute()) as { checkTime: string }[]).filter((r) => r.checkTime >= from && r.checkTime <= to).length;

    const r = await call<{ rows: Row[] }>(s.url, '/website/annualReport/get', { token, body: { year } });
    expect(r.body.errorCode).toBe('0');
    const rows = r.body.data.rows;
    expect(value(rows, 'pagesTotal')).toBe(published.length);
    expect(value(rows, 'updatesTotal')).toBe(inYear);
    expect(value(rows, 'pageViews')).toBe(published.reduce((sum, a) => sum + Number(a.hits), 0));
    expect(value(rows, 'columnsTotal')).toBe(columns);
    expect(value(rows, 'lettersReceived')).toBe(lettersInYear.length);
    expect(value(rows, 'lettersAnswered')).toBe(answered.length);
    expect(value(rows, 'avgAnswerDays')).toBe(Math.round(avg * 10) / 10);
    expect(value(rows, 'securityChecks')).toBe(records);
    const updates = Number(value(rows, 'updatesOverview')) + Number(value(rows, 'updatesNews')) + Number(value(rows, 'updatesDisclosure'));
    expect(updates).toBe(inYear);
  });

  it('keeps the fields staff fill in, refuses unknown or malformed ones', async () => {
    const saved = await call<{ rows: Row[] }>(s.url, '/website/annualReport/save', { token, body: { year, fields: { visitsTotal: '123456', socialChannels: '云溪发布' } } });
    expect(saved.body.errorCode).toBe('0');
    const again = await call<{ rows: Row[] }>(s.url, '/website/annualReport/get', { token, query: { year } });
    expect(value(again.body.data.rows, 'visitsTotal')).toBe('123456');
    expect(value(again.body.data.rows, 'socialChannels')).toBe('云溪发布');
    expect((await call(s.url, '/website/annualReport/save', { token, body: { year, fields: { pagesTotal: '1' } } })).body.errorCode).toBe('1002');
    expect((await call(s.url, '/website/annualReport/save', { token, body: { year, fields: { visitsTotal: '很多' } } })).body.errorCode).toBe('1002');
    expect((await call(s.url, '/website/annualReport/get', { token, body: { year: 'abc' } })).body.errorCode).toBe('1002');
  });

  it('downloads as Word and as Excel: every cell filled (data, 未填报 or 不适用) and equal to the database', async () => {
    const word = await fetch(`${s.url}/website/annualReport/word`, { method: 'POST', headers: { Authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ year }) });
    expect(word.status).toBe(200);
    const docx = Buffer.from(await word.arrayBuffer());
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    const excel = await fetch(`${s.url}/website/annualReport/excel`, { method: 'POST', headers: { Authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ year }) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await excel.arrayBuffer()) as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.worksheets[0]?.eachRow((row) => cells.push(row.values ? JSON.stringify(row.values) : ''));
    expect(cells.some((c) => c.includes('网站总访问量') && c.includes('123456'))).toBe(true);
    const preview = await call<{ rows: (Row & { label: string; section: string; unit?: string })[] }>(s.url, '/website/annualReport/get', { token, body: { year } });
    const rows = preview.body.data.rows;
    // The sheet: a title line, the header, then one line per cell of the report in the same order.
    const sheet: unknown[][] = [];
    wb.worksheets[0]?.eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
    const body = sheet.slice(sheet.findIndex((r) => r[0] === '类别') + 1);
    expect(body).toHaveLength(rows.length);
    const xml = documentXml(docx).replace(/<[^>]+>/g, '|');
    const site = await s.app.db.selectFrom('site_setting').selectAll().executeTakeFirstOrThrow();
    const saved = JSON.parse(String((await s.app.db.selectFrom('annual_report').select('fields').where('year', '=', year).executeTakeFirstOrThrow()).fields)) as Record<string, string>;
    for (const [n, r] of rows.entries()) {
      const line = body[n] as unknown[];
      const expected = r.source === 'na' ? '不适用' : r.value === '' ? '未填报' : r.value;
      expect(line.slice(0, 3), r.key).toEqual([r.section, r.label, expected]);
      expect(line[4], r.key).toBe(r.source === 'auto' ? '系统统计' : r.source === 'staff' ? '人工填报' : '不适用');
      expect(xml, r.key).toContain(`|${r.label}|`);
      expect(xml, r.key).toContain(`|${expected}${typeof expected === 'number' || (r.source === 'staff' && r.value !== '') || (r.source === 'auto' && r.unit) ? (r.unit ? ` ${r.unit}` : '') : ''}|`);
      // Staff cells are what was saved; identity cells are 站点设置's.
      if (r.source === 'staff') expect(r.value, r.key).toBe(saved[r.key] ?? '');
    }
    const cell = (key: string) => rows.find((r) => r.key === key)?.value;
    for (const key of ['siteName', 'sponsor', 'icp', 'policeRecord'] as const) expect(cell(key), key).toBe(site[key]);
    expect(cell('siteIdCode')).toBe(site.siteIdCode);
    expect(cell('siteUrl')).toBe(`https://${site.siteDomain}/`);
    expect(rows.filter((r) => r.source === 'na').map((r) => r.key)).toEqual(['serviceItems', 'serviceItemsOnline', 'casesTotal', 'casesPersons', 'casesLegal']);
    const checks = (await s.app.db.selectFrom('inspection_record').select('checkTime').execute()).filter((r) => String(r.checkTime).startsWith(String(year))).length;
    expect(cell('securityChecks')).toBe(checks);
  });
});
