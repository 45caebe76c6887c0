import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { formatDateTime } from '../../server/util/time.js';
import { call, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer';

// Issue 19, session 25: the general options 意见征集 and 问答 are declared with — `publicReads` (array and one
// record over the public records, with alsoAt copies), a child collection ordered newest first, limited and
// masked, and a list export's `child` (one record's child rows when the id is sent) with `dated: false`.
let server: TestServer;
let admin: string;
let seq = 0;
const at = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000));
type Topic = { id: number; title: string; status: number };

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  setPublicLimits(server.app, 'advice', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => server?.close());

async function topic(title: string, start: string, end: string): Promise<Topic> {
  const r = await call<Topic>(server.url, '/advice/add', { token: admin, body: { title, solicitDept: '县民政局', startTime: start, endTime: end, content: '<p>全文</p>' } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}
async function opinion(adviceId: number, content: string, phone: string) {
  const codeId = `reads-${Date.now()}-${++seq}`;
  await fetch(`${server.url}/user/captcha?codeId=${codeId}`);
  const r = await call(server.url, '/advice/web/add', { body: { adviceId, content, phone, codeId, verifyCode: TEST_CAPTCHA_TEXT } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
}

describe('publicReads', () => {
  it('an array answers only the public records, only the declared fields, at most the cap, at every path', async () => {
    const open = await topic(`公开读取-征集中-${Date.now()}`, at(-1), at(5));
    const later = await topic(`公开读取-未开始-${Date.now()}`, at(2), at(6));
    const list = await call<Record<string, unknown>[]>(server.url, '/advice/web/list', { query: { size: 500 } });
    expect(list.body.errorCode).toBe('0');
    const ids = list.body.data.map((t) => t.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(later.id);
    expect(list.body.data.length).toBeLessThanOrEqual(50);
    expect(Object.keys(list.body.data[0]!).sort()).toEqual(['content', 'endTime', 'id', 'opinionCount', 'resultContent', 'resultTime', 'solicitDept', 'startTime', 'status', 'stopTime', 'title']);
    const root = await call<{ id: number }[]>(server.url, '/web/list', { query: { size: 500 } });
    expect(root.body.data.map((t) => t.id)).toEqual(ids);
    expect((await call(server.url, '/advice/web/list', { query: { size: 'x' } })).body.errorCode).toBe('1002');
  });

  it('one record by id: 1003 when it is not public, 1001 without the id', async () => {
    const later = await topic(`公开读取-单条-${Date.now()}`, at(3), at(7));
    expect((await call(server.url, '/web/my/detail', { query: { id: later.id } })).body.errorCode).toBe('1003');
    expect((await call(server.url, '/advice/web/my/detail', { body: {} })).body.errorCode).toBe('1001');
    const open = await topic(`公开读取-单条开-${Date.now()}`, at(-1), at(7));
    const one = await call<Record<string, unknown>>(server.url, '/advice/web/my/detail', { body: { id: open.id } });
    expect(one.body.data.title).toBe(open.title);
    expect(one.body.data.creatorName).toBeUndefined();
  });
});

describe('child collections and their export', () => {
  it('answers the children newest first, masked; exports one record\'s children under its title', async () => {
    const t = await topic(`子集合导出-${Date.now()}`, at(-1), at(5));
    await opinion(t.id, '第一条意见', '13700001111');
    await opinion(t.id, '第二条意见', '13700002222');
    const detail = await call<{ opinions: { content: string; phone: string }[] }>(server.url, '/advice/detail', { token: admin, query: { id: t.id } });
    expect(detail.body.data.opinions.map((o) => o.content)).toEqual(['第二条意见', '第一条意见']);
    expect(detail.body.data.opinions[0]!.phone).toBe('137****2222');

    const post = (body: unknown) => fetch(`${server.url}/advice/adviceExcel`, { method: 'POST', headers: { Authorization: admin, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const one = await post({ id: t.id });
    expect(decodeURIComponent(one.headers.get('content-disposition') ?? '')).toContain(`意见征集_${t.title.slice(0, 40)}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await one.arrayBuffer()) as ArrayBuffer);
    const sheet = book.getWorksheet('意见列表')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '征集主题', t.title]);
    expect(sheet.getRow(2).getCell(1).value).toBe('序号');
    expect([sheet.getRow(3).getCell(1).value, sheet.getRow(3).getCell(4).value]).toEqual([1, '第一条意见']);
    expect(sheet.getRow(3).getCell(3).value).toBe('137****1111');
    expect((await (await post({ id: 99_999_999 })).json()).errorCode).toBe('1003');

    const all = await post({ title: '子集合导出' });
    expect(decodeURIComponent(all.headers.get('content-disposition') ?? '')).toContain('意见征集.xlsx');
  });
});
