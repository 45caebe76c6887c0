import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mailDecl, { MAIL_STAGE } from '../../resources/mail.js';
import noticeDecl from '../../resources/notice.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// The generic `reads` (server/crud/reads.ts) and `groupCounts` (server/crud/groupCounts.ts), on the shipped
// declarations that use them: what they answer follows the declaration, not hand-written lists.
type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; currPage: number; totalRow: number; totalPage: number };

let server: TestServer;
let url: string;
let admin: string;
let officer: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  officer = await login(url, 'jiaoyu', DEMO_PASSWORD);
});
afterAll(async () => server?.close());

const readOf = (name: string) => mailDecl.reads!.find((r) => r.name === name)!;

describe('declared reads', () => {
  it('a public page answers only the declared fields of the records its where matches, in the declared order, with labels and masks', async () => {
    const res = await call<Page>(url, '/web/mail/list', { body: { pageNum: 1, pageSize: 50 } });
    expect(res.body.errorCode).toBe('0');
    const read = readOf('webList');
    const expectedKeys = [...read.fields, ...read.labels!.map((l) => `${l}Name`)].sort();
    expect(res.body.data.list.length).toBeGreaterThan(0);
    for (const row of res.body.data.list) {
      expect(Object.keys(row).sort()).toEqual(expectedKeys);
      expect(row.status).toBe(1);
      expect(row.statusName).toBe('已回复');
      expect(String(row.name)).toMatch(/^.\*+$/);
    }
    const stored = (await server.app.db.selectFrom('mail').select(['id', 'replyTime']).where('publicFlag', '=', 1).where('status', '=', 1).where('isPublic', '=', 1).execute()) as { id: number; replyTime: string }[];
    expect(res.body.data.totalRow).toBe(stored.length);
    const order = [...stored].sort((a, b) => (a.replyTime === b.replyTime ? b.id - a.id : a.replyTime < b.replyTime ? 1 : -1)).map((r) => r.id);
    expect(res.body.data.list.map((r) => r.id)).toEqual(order.slice(0, 50));
    // a filter by its declared parameter, checked as the field stores it
    expect((await call(url, '/web/mail/list', { body: { type: 'x' } })).body.errorCode).toBe('1002');
    const none = await call<Page>(url, '/web/mail/list', { body: { title: `不存在的标题${Date.now()}` } });
    expect(none.body.data.totalRow).toBe(0);
  });

  it('a `one` read answers 1003 outside its where or its filter; an `array` read takes its size up to the max, in the caller\'s scope', async () => {
    const [published] = (await call<Page>(url, '/web/mail/list', { body: {} })).body.data.list;
    const got = await call<Rec>(url, '/web/mail/get', { body: { id: published!.id, type: published!.boxType } });
    expect(got.body.data).toMatchObject({ id: published!.id, name: published!.name });
    expect((await call(url, '/web/mail/get', { body: { id: published!.id, type: Number(published!.boxType) === 1 ? 2 : 1 } })).body.errorCode).toBe('1003');
    const pending = (await server.app.db.selectFrom('mail').select('id').where('stage', '=', MAIL_STAGE.PENDING).executeTakeFirstOrThrow()) as { id: number };
    expect((await call(url, '/web/mail/get', { body: { id: pending.id } })).body.errorCode).toBe('1003');

    const all = (await server.app.db.selectFrom('mail').select('id').execute()).length;
    const top = await call<Rec[]>(url, '/mail/top', { token: admin, body: { size: 500 } });
    expect(top.body.data.length).toBe(Math.min(all, 50));
    expect((await call(url, '/mail/top', { token: admin, body: { size: -1 } })).body.errorCode).toBe('1002');
    // the officer's scope: letters transferred to his department only
    const mine = await call<Rec[]>(url, '/mail/top', { token: officer, body: { size: 50 } });
    const edu = (await server.app.db.selectFrom('mail').select('id').where('transferDeptName', '=', '县教育局').execute()).length;
    expect(mine.body.data.length).toBe(edu);
    expect((await call(url, '/mail/top', {})).status).toBe(401);
  });

  it('a read without its own paging shape still pages; the notice read answers nothing but its fields', async () => {
    const res = await call<Page>(url, '/notice/web/list', { body: { pageNum: 1, pageSize: 1 } });
    const read = noticeDecl.reads![0]!;
    for (const row of res.body.data.list) expect(Object.keys(row).sort()).toEqual([...read.fields].sort());
    const stored = (await server.app.db.selectFrom('notice').select('id').where('isPublic', '=', 1).execute()).length;
    expect(res.body.data).toMatchObject({ currPage: 1, totalRow: stored, totalPage: stored });
  });
});

describe('declared group counts', () => {
  it('counts per group what each declared condition matches, counted now, with the rates and the declared order', async () => {
    // Two letters transferred to 县教育局 first (the demo has none): one handled there, one replied.
    const edu = (await server.app.db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()) as { id: number };
    const waiting = (await server.app.db.selectFrom('mail').select('id').where('stage', 'in', [MAIL_STAGE.PENDING, MAIL_STAGE.ACCEPTED]).limit(2).execute()) as { id: number }[];
    expect(waiting.length).toBe(2);
    expect((await call(url, '/mail/mailTransfer', { token: admin, body: { ids: waiting.map((w) => w.id), deptId: Number(edu.id) } })).body.errorCode).toBe('0');
    expect((await call(url, '/mailForum/save', { token: officer, body: { mailId: waiting[0]!.id, content: '已办理。' } })).body.errorCode).toBe('0');
    const res = await call<Page>(url, '/mailCount/realTimeList', { token: admin, body: {} });
    expect(res.body.errorCode).toBe('0');
    expect(res.body.data.list.find((r) => r.deptId === Number(edu.id))).toMatchObject({ receivedCount: 2, handlingCount: 1, repliedCount: 1, replyRate: '50.0%' });
    const rows = (await server.app.db.selectFrom('mail').select(['transferDeptId', 'stage', 'satisfaction']).where('transferDeptId', 'is not', null).execute()) as { transferDeptId: number; stage: number; satisfaction: number }[];
    const groups = new Set(rows.map((r) => Number(r.transferDeptId)));
    expect(res.body.data.list.map((r) => r.deptId).sort()).toEqual([...groups].sort());
    for (const g of res.body.data.list) {
      const of = rows.filter((r) => Number(r.transferDeptId) === g.deptId);
      expect(g.receivedCount).toBe(of.length);
      expect(g.handlingCount).toBe(of.filter((r) => Number(r.stage) === MAIL_STAGE.TRANSFERRED).length);
      expect(g.satisfiedCount).toBe(of.filter((r) => [1, 2].includes(Number(r.satisfaction))).length);
      const replied = of.filter((r) => Number(r.stage) === MAIL_STAGE.REPLIED).length;
      expect(g.replyRate).toBe(`${((replied / of.length) * 100).toFixed(1)}%`);
    }
    const received = res.body.data.list.map((r) => Number(r.receivedCount));
    expect(received).toEqual([...received].sort((a, b) => b - a));
    // the range is the declared field's; a bad bound is refused
    expect((await call<Page>(url, '/mailCount/realTimeList', { token: admin, body: { startTime: '2000-01-01', endTime: '2000-01-02' } })).body.data.totalRow).toBe(0);
    expect((await call(url, '/mailCount/realTimeList', { token: admin, body: { startTime: 'soon' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/mailCount/realTimeList', { token: officer, body: {} })).status).toBe(403);
  });

  it('exports the same rows with the declared headers, in the declared order', async () => {
    const res = await fetch(new URL('/mailCount/mailCountRealExcel', url), { method: 'POST', headers: { Authorization: admin, appKey: 'adminSite', 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const g = mailDecl.groupCounts![0]!;
    const headers = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([g.title.header, ...g.counts.map((c) => c.label), ...g.rates!.map((r) => r.label)]);
    const listed = (await call<Page>(url, '/mailCount/realTimeList', { token: admin, body: {} })).body.data.list;
    expect(book.worksheets[0]!.rowCount).toBe(listed.length + 1);
  });
});
