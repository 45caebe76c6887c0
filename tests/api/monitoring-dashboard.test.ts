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
async function article(columnId: number, daysAgo: number, status = 5): Promise<number> {
  const t = ago(daysAgo);
  const row = (await s.app.db.insertInto('article').values({ title: `文章${columnId}-${daysAgo}`, columnId, status, publishTime: t, updateTime: t, createTime: t, hits: 3 }).returning('articleId').executeTakeFirstOrThrow()) as { articleId: number };
  return Number(row.articleId);
}
async function checks(n: number, failed: number): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => ({ websiteId: siteId, websiteName: '本站', kind: 'availability', result: i < failed ? 2 : 1, responseMs: 100, checkTime: formatDateTime(new Date(Date.now() - 60_000 - i * 1000)) }));
  await s.app.db.insertInto('inspection_record').values(rows).execute();
}
/** A link check of 本站 as the crawler writes it, newest of all (the dashboard reads the newest). */
async function linkCheck(detail: { brokenHome: number; brokenOther: number; otherPageLinks: number }, broken: { url: string; onHome: boolean }[] = []): Promise<number> {
  const rec = (await s.app.db
    .insertInto('inspection_record')
    .values({ websiteId: siteId, websiteName: '本站', kind: 'links', result: broken.length ? 2 : 1, message: 'x', detail: JSON.stringify({ pages: 5, ...detail }), checkTime: ago(0) })
    .returning('id')
    .executeTakeFirstOrThrow()) as { id: number };
  for (const b of broken) await s.app.db.insertInto('broken_link').values({ recordId: rec.id, websiteId: siteId, pageUrl: 'http://127.0.0.1:9/index.html', linkUrl: b.url, statusCode: 404, external: 0, broken: 1, onHome: b.onHome ? 1 : 0, checkTime: ago(0) }).execute();
  return Number(rec.id);
}
/** The keys of the indicators 不达标 (red). */
const reds = (b: Record<string, Indicator>) => Object.values(b).filter((i) => i.red).map((i) => i.key);
/** The records behind a card's 查看记录 when it is the inspection list filtered by site and kind. */
async function recordsBehind(link: string): Promise<{ result: number; kind: string }[]> {
  const filter = JSON.parse(new URL(link, 'http://x').searchParams.get('filter') ?? '{}') as Record<string, unknown>;
  const r = await call<{ list: { result: number; kind: string }[] }>(s.url, '/website/inspection/list', { token, body: { ...filter, pageSize: 200 } });
  expect(r.body.errorCode).toBe('0');
  return r.body.data.list;
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

// Each indicator (单项否决 and 扣分项) on its own: from a healthy site, the data that trips it turns that card
// — and only that card — 不达标 with its figure and the causes behind 查看记录; the fix turns it 达标 again.
describe('single-veto indicators, one at a time', () => {
  it('starts from a healthy site: every card 达标', async () => {
    expect(reds(await board())).toContain('homeStale'); // nothing published yet
    await checks(20, 0);
    await article(await column('今日动态'), 0);
    // The 政务公开 sections are found by their declared role, whatever their titles.
    for (const [t, role] of [['信息公开指南', 'disclosureGuide'], ['信息公开制度', 'disclosureRules'], ['法定主动公开内容', 'disclosureStatutory'], ['信息公开年报', 'disclosureAnnual']] as const) await article(await column(t, role), 2);
    await call(s.url, '/site/setting/save', { token, body: IDENTITY });
    await linkCheck({ brokenHome: 0, brokenOther: 0, otherPageLinks: 40 });
    expect(reds(await board())).toEqual([]);
  });

  it('站点无法访问: a day with ≥20 checks and ≥5% failed, then enough good checks', async () => {
    await checks(2, 2); // 2 of 22 today
    let b = await board();
    expect(reds(b)).toEqual(['unreachable']);
    expect(b.unreachable?.value).toMatch(/^最高单日失败率9\.1%（\d\d-\d\d：2\/22）$/);
    expect(b.unreachable?.items).toHaveLength(1);
    expect(b.unreachable?.items[0]?.detail).toBe('失败2次/检测22次（9.1%）');
    const behind = await recordsBehind(b.unreachable?.link ?? '');
    expect(behind.filter((r) => r.result === 2)).toHaveLength(2);
    expect(new Set(behind.map((r) => r.kind))).toEqual(new Set(['availability']));
    await checks(20, 0); // 2 of 42 = 4.8%
    b = await board();
    expect(reds(b)).toEqual([]);
    expect(b.unreachable?.value).toMatch(/^最高单日失败率4\.8%/);
  });

  it('首页不更新: nothing published for over 2 weeks, then a new article', async () => {
    const before = (await s.app.db.selectFrom('article').select(['articleId', 'publishTime']).execute()) as { articleId: number; publishTime: string }[];
    await s.app.db.updateTable('article').set({ publishTime: ago(20) }).execute();
    let b = await board();
    expect(reds(b)).toEqual(['homeStale']);
    expect(b.homeStale?.value).toMatch(/（20天前）$/);
    expect(b.homeStale?.items[0]).toMatchObject({ label: '发布新闻动态', link: '/main/article/essay' });
    const news = await s.app.db.selectFrom('category').select('categoryId').where('categoryTitle', '=', '今日动态').executeTakeFirstOrThrow();
    const fresh = await article(Number(news.categoryId), 0);
    b = await board();
    expect(reds(b)).toEqual([]);
    expect(b.homeStale?.value).toMatch(/（0天前）$/);
    await s.app.db.deleteFrom('article').where('articleId', '=', fresh).execute();
    for (const a of before) await s.app.db.updateTable('article').set({ publishTime: a.publishTime }).where('articleId', '=', a.articleId).execute();
  });

  it('栏目不更新: 5 news columns over 2 weeks old, then one updated', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      ids.push(await column(`久未更新动态${i}`));
      await article(ids[i - 1] as number, 20);
    }
    let b = await board();
    expect(reds(b)).toEqual(['staleColumns']);
    expect(b.staleColumns?.value).toBe('5个');
    expect(b.staleColumns?.items.map((i) => i.label).sort()).toEqual(ids.map((_, n) => `久未更新动态${n + 1}`));
    expect(b.staleColumns?.items[0]?.detail).toBe('20天未更新（期限14天）');
    expect(b.staleColumns?.items.map((i) => i.link).sort()).toEqual(ids.map((id) => `/main/article/essay?columnId=${id}`).sort());
    await article(ids[0] as number, 0);
    b = await board();
    expect(reds(b)).toEqual([]);
    expect(b.staleColumns?.value).toBe('4个');
    await s.app.db.deleteFrom('article').where('columnId', 'in', ids).execute();
    await s.app.db.deleteFrom('category').where('categoryId', 'in', ids).execute();
  });

  it('空白栏目: 5 columns without a published article, then one filled', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 5; i += 1) ids.push(await column(`空白栏目${i}`));
    await article(ids[1] as number, 0, 1); // a draft does not fill a column
    let b = await board();
    expect(reds(b)).toEqual(['emptyColumns']);
    expect(b.emptyColumns?.value).toBe('5个');
    expect(b.emptyColumns?.items.map((i) => `${i.label}：${i.detail}`).sort()).toEqual(ids.map((_, n) => `空白栏目${n + 1}：没有已发布的文章`));
    expect(b.emptyColumns?.items.find((i) => i.label === '空白栏目1')?.link).toBe(`/main/article/essay?columnId=${ids[0]}`);
    await article(ids[0] as number, 0);
    b = await board();
    expect(reds(b)).toEqual([]);
    expect(b.emptyColumns?.value).toBe('4个');
    await s.app.db.deleteFrom('article').where('columnId', 'in', ids).execute();
    await s.app.db.deleteFrom('category').where('categoryId', 'in', ids).execute();
  });

  it('互动回应差: a letter unanswered for over 3 months, then answered', async () => {
    const mail = (await s.app.db.insertInto('mail').values({ title: '久未答复的咨询', content: '内容', type: 1, boxType: 2, name: '张三', phone: '13800000000', status: 0, stage: 1, receivedAt: ago(100) }).returning('id').executeTakeFirstOrThrow()) as { id: number };
    let b = await board();
    expect(reds(b)).toEqual(['unanswered']);
    expect(b.unanswered?.value).toBe('1件');
    expect(b.unanswered?.items).toEqual([{ label: '久未答复的咨询', detail: `${ago(100).slice(0, 10)}收到，100天未答复`, link: `/main/interact/LeaderMailbox/mailBoxEditor?id=${mail.id}` }]);
    await s.app.db.updateTable('mail').set({ status: 1, stage: 4, replyTime: ago(1) }).where('id', '=', mail.id).execute();
    b = await board();
    expect(reds(b)).toEqual([]);
    expect(b.unanswered?.value).toBe('0件');
  });

});

// The deduction points (扣分项) the same way, on the same healthy site (the cases above left it 达标).
describe('deduction indicators, one at a time', () => {
  it('首页错误链接: the newest link check found a broken link on the home page, then a clean check', async () => {
    const rec = await linkCheck({ brokenHome: 1, brokenOther: 0, otherPageLinks: 40 }, [{ url: 'http://127.0.0.1:9/gone.html', onHome: true }]);
    let b = await board();
    expect(reds(b)).toEqual(['brokenHome']);
    expect(b.brokenHome).toMatchObject({ veto: false, link: `/main/siteMonitoring/inspectionRecord/${rec}/show` });
    expect(b.brokenHome?.value).toMatch(/^1个（.+检测）$/);
    expect(b.brokenHome?.items.map((i) => i.label)).toEqual(['http://127.0.0.1:9/gone.html']);
    const behind = await call<{ list: { linkUrl: string }[] }>(s.url, '/website/inspection/links', { token, body: { recordId: rec, external: 0 } });
    expect(behind.body.data.list.map((l) => l.linkUrl)).toEqual(['http://127.0.0.1:9/gone.html']);
    await linkCheck({ brokenHome: 0, brokenOther: 0, otherPageLinks: 40 });
    b = await board();
    expect(reds(b)).toEqual([]);
    expect(b.brokenHome?.value).toMatch(/^0个/);
  });

  it('其他页面错误链接占比: ≥5% of the other pages’ links broken, then a clean check', async () => {
    const broken = ['a', 'b', 'c'].map((x) => ({ url: `http://127.0.0.1:9/${x}.html`, onHome: false }));
    await linkCheck({ brokenHome: 0, brokenOther: 3, otherPageLinks: 40 }, broken);
    let b = await board();
    expect(reds(b)).toEqual(['brokenShare']);
    expect(b.brokenShare?.value).toMatch(/^7\.5%（.+检测）$/);
    expect(b.brokenShare?.items.map((i) => i.label)).toEqual(broken.map((x) => x.url));
    await linkCheck({ brokenHome: 0, brokenOther: 1, otherPageLinks: 40 }); // 2.5%
    b = await board();
    expect(reds(b)).toEqual([]);
    expect(b.brokenShare?.value).toMatch(/^2\.5%/);
  });

  it('政务公开必备栏目 agrees with itself: the required columns are the ones declaring the role, never matched by title', async () => {
    const impostor = await column('政府信息公开指南（旧）', 'news');
    let b = await board();
    expect(reds(b)).toEqual([]); // one empty column is below the threshold
    // The guide's column declared as news instead: the section is missing, whatever the titles say.
    const guide = (await s.app.db.selectFrom('category').select('categoryId').where('columnRole', '=', 'disclosureGuide').executeTakeFirstOrThrow()).categoryId;
    await s.app.db.updateTable('category').set({ columnRole: 'news' }).where('categoryId', '=', guide).execute();
    b = await board();
    expect(reds(b)).toEqual(['disclosure']);
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
    expect(reds(b)).toEqual([]);
    for (const [key, i] of Object.entries(b)) expect(i.link, key).toMatch(/^\/main\//);
  });

  it('网站标识与页面元数据: an identity item emptied in 站点设置, then filled', async () => {
    await s.app.db.updateTable('site_setting').set({ icp: null, policeRecord: '' }).execute();
    let b = await board();
    expect(reds(b)).toEqual(['identity']);
    expect(b.identity?.value).toMatch(/^标识缺2项；/);
    expect(b.identity?.items).toEqual([
      { label: 'ICP备案号', detail: '站点设置中未填写', link: '/main/system/siteSet' },
      { label: '公安机关备案号', detail: '站点设置中未填写', link: '/main/system/siteSet' },
    ]);
    await call(s.url, '/site/setting/save', { token, body: IDENTITY });
    b = await board();
    expect(reds(b)).toEqual([]);
    expect(b.identity?.value).toMatch(/^标识缺0项；/);
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
