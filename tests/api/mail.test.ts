import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/types.js';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown> & { id: number };
type Page<T = Rec> = { list: T[]; currPage: number; totalRow: number; totalPage: number };

let server: TestServer;
let url: string;
let admin: string;
let officer: string;
let eduId: number;
let ipSeq = 0;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  officer = await login(url, 'jiaoyu', DEMO_PASSWORD);
  const dept = (await server.app.db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()) as { id: number };
  eduId = Number(dept.id);
});
afterAll(async () => server?.close());

async function captcha(): Promise<string> {
  const codeId = `mailtest${Date.now()}${(ipSeq += 1)}`;
  const res = await fetch(new URL(`/user/captcha?codeId=${codeId}`, url));
  await res.text();
  return codeId;
}

/** A visitor's call: no token, its own IP (the server trusts X-Forwarded-For, as behind nginx). */
async function visitor<T = unknown>(path: string, body: unknown, ip: string) {
  const res = await fetch(new URL(path, url), { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { errorCode: string; errorMsg: string; data: T } };
}

const newIp = () => `198.51.100.${(ipSeq += 1) % 250}`;
const letter = (over: Record<string, unknown> = {}) => ({
  title: '关于县城学校<b>午休</b>安排的建议',
  content: '<p>建议学校</p><script>alert(1)</script>\n合理安排午休时间。',
  type: 3,
  boxType: 2,
  name: '张三',
  phone: '13912345678',
  email: 'zhang@example.com',
  address: '云溪县城关镇',
  isPublic: 1,
  ...over,
});

async function submit(over: Record<string, unknown> = {}, ip = newIp()) {
  const codeId = await captcha();
  return visitor<{ id: number; queryCode: string }>('/web/mail/add', { ...letter(over), codeId, verifyCode: TEST_CAPTCHA_TEXT }, ip);
}

async function count(table: string): Promise<number> {
  const r = (await dynamic(server.app.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  return Number(r.n);
}

describe('public letters: /web/mail/add', () => {
  it('stores a letter as plain text with a query code, waiting for examination', async () => {
    const r = await submit();
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.queryCode).toMatch(/^[A-Z2-9]{12}$/);
    const got = await call<Rec>(url, '/mail/get', { token: admin, query: { id: r.body.data.id } });
    expect(got.body.data).toMatchObject({ title: '关于县城学校午休安排的建议', content: '建议学校\n合理安排午休时间。', status: 0, stage: 0, publicFlag: 0, source: 1, queryCode: r.body.data.queryCode });
    expect((got.body.data.records as Rec[]).map((x) => x.action)).toEqual(['submit']);
  });

  it('refuses bad input and a bad captcha, storing nothing', async () => {
    const before = [await count('mail'), await count('mail_forum'), await count('public_rate')];
    expect((await submit({ title: '长'.repeat(101) })).body).toMatchObject({ errorCode: '1002', errorMsg: '信件标题长度不能超过100个字符' });
    expect((await submit({ content: '<p> </p>' })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：信件内容' });
    expect((await submit({ phone: '123' })).body).toMatchObject({ errorCode: '1002', errorMsg: '联系电话格式不正确' });
    expect((await submit({ type: 9 })).body.errorCode).toBe('1002');
    expect((await submit({ boxType: 3 })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：收信部门' });
    const wrong = await visitor('/web/mail/add', { ...letter(), codeId: await captcha(), verifyCode: 'nope' }, newIp());
    expect(wrong.body).toMatchObject({ errorCode: '2002', errorMsg: '验证码错误或已过期' });
    const none = await visitor('/web/mail/add', letter(), newIp());
    expect(none.body.errorCode).toBe('2002');
    // field errors came after the guard, so those attempts are counted; no letter and no history was stored
    expect([await count('mail'), await count('mail_forum')]).toEqual(before.slice(0, 2));
  });

  it('limits each IP and caps all letters of a day, answering 429 and storing nothing', async () => {
    setPublicLimits(server.app, 'mail', { perWindow: 2, perDay: 3, globalPerDay: 1000 });
    const ip = newIp();
    expect((await submit({}, ip)).body.errorCode).toBe('0');
    expect((await submit({}, ip)).body.errorCode).toBe('0');
    const before = await count('mail');
    const third = await submit({}, ip);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ errorCode: '429', errorMsg: '操作过于频繁，请稍后再试' });
    expect(await count('mail')).toBe(before);
    expect((await submit({}, newIp())).body.errorCode).toBe('0');

    const today = (await server.app.db.selectFrom('public_rate').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'mail').executeTakeFirst()) as { n: number | string };
    setPublicLimits(server.app, 'mail', { perWindow: 100, perDay: 100, globalPerDay: Number(today.n) });
    const capped = await submit({}, newIp());
    expect(capped.status).toBe(429);
    setPublicLimits(server.app, 'mail', { perWindow: 1000, perDay: 1000, globalPerDay: 100000 });
  });
});

describe('the workflow: examine, transfer, reply, return, publish', () => {
  it('walks a letter from the visitor to the published reply', async () => {
    const sent = await submit();
    const { id, queryCode } = sent.body.data;

    // not yet replied: cannot be published
    expect((await call(url, '/mail/add', { token: admin, body: { id, publicFlag: 1 } })).body.errorCode).toBe('1005');
    // examine: a rejection needs a reason; accept
    expect((await call(url, '/mail/examine', { token: admin, body: { id, auditStatus: 2 } })).body.errorCode).toBe('1001');
    expect((await call(url, '/mail/examine', { token: admin, body: { ids: [id], auditStatus: 1, examineRemark: '受理' } })).body.errorCode).toBe('0');
    expect((await call(url, '/mail/examine', { token: admin, body: { id, auditStatus: 1 } })).body.errorCode).toBe('1005');

    // the officer cannot see it before it is transferred to his department, nor transfer it
    expect((await call(url, '/mail/get', { token: officer, query: { id } })).body.errorCode).toBe('1003');
    expect((await call(url, '/mail/mailTransfer', { token: officer, body: { ids: [id], deptId: eduId } })).status).toBe(403);

    expect((await call(url, '/mail/mailTransfer', { token: admin, body: { ids: [id], deptId: 999999 } })).body.errorCode).toBe('1003');
    const t = await call(url, '/mail/mailTransfer', { token: admin, body: { ids: [id], deptId: eduId, remarks: '请县教育局办理' } });
    expect(t.body).toMatchObject({ errorCode: '0', errorMsg: '已转办至县教育局' });

    const mine = await call<Page>(url, '/mailForum/mailListByDept', { token: officer, body: { pageNum: 1, pageSize: 10, stage: 2 } });
    expect(mine.body.data.list.map((m) => m.id)).toContain(id);
    const scoped = await call<Page>(url, '/mail/list', { token: officer, body: { pageNum: 1, pageSize: 200 } });
    expect(scoped.body.data.list.every((m) => m.transferDeptId === eduId)).toBe(true);

    // reply: required text, HTML stripped
    expect((await call(url, '/mailForum/save', { token: officer, body: { mailId: id, content: ' ' } })).body.errorCode).toBe('1001');
    const rep = await call<Rec>(url, '/mailForum/save', { token: officer, body: { mailId: id, content: '<p>已安排各校</p>调整午休时间。' } });
    expect(rep.body.errorCode).toBe('0');
    expect(rep.body.data).toMatchObject({ status: 1, stage: 4, replyDept: '县教育局', replyContent: '已安排各校调整午休时间。', replyUserName: '刘洋' });
    expect(rep.body.data.replyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // a replied letter cannot be returned
    expect((await call(url, '/mailForum/returnMail', { token: officer, body: { ids: [id], remarks: 'x' } })).body.errorCode).toBe('1005');

    // the visitor finds it by code and phone; a wrong phone or code tells nothing
    const found = await visitor<Rec>('/web/mail/code', { queryCode: queryCode.toLowerCase(), phone: '13912345678' }, newIp());
    expect(found.body.data).toMatchObject({ id, replyDept: '县教育局', replyContent: '已安排各校调整午休时间。', stageName: '已回复', name: '张三' });
    expect((await visitor('/web/mail/code', { queryCode, phone: '13900000000' }, newIp())).body).toMatchObject({ errorCode: '1003', errorMsg: '查询码或联系电话不正确' });
    const myList = await visitor<Page>('/web/mail/my/list', { queryCode, phone: '13912345678', pageNum: 1, pageSize: 10 }, newIp());
    expect(myList.body.data.list.map((m) => m.id)).toEqual([id]);
    expect((await visitor<Page>('/web/mail/my/list', { queryCode: 'AAAAAAAAAAAA', phone: '13912345678' }, newIp())).body.data.totalRow).toBe(0);
    expect((await visitor<Rec>('/web/mail/my/get', { id, queryCode, phone: '13912345678' }, newIp())).body.data.id).toBe(id);

    // not public until the office publishes it
    expect((await visitor('/web/mail/get', { id }, newIp())).body.errorCode).toBe('1003');
    expect((await call(url, '/mail/add', { token: officer, body: { id, publicFlag: 1 } })).status).toBe(403);
    expect((await call<Rec>(url, '/mail/add', { token: admin, body: { id, publicFlag: 1 } })).body.data).toMatchObject({ publicFlag: 1 });
    const pub = await visitor<Rec>('/web/mail/get', { id, type: 2 }, newIp());
    expect(pub.body.data).toMatchObject({ id, name: '张*', replyDept: '县教育局' });
    expect(pub.body.data.phone).toBeUndefined();
    const web = await visitor<Page>('/web/mail/list', { pageNum: 1, pageSize: 10 }, newIp());
    expect(web.body.data.list.map((m) => m.id)).toContain(id);

    // history, in order
    const hist = await call<Rec[]>(url, '/mailForum/listByMailid', { token: admin, body: { id } });
    expect(hist.body.data.map((h) => h.action)).toEqual(['submit', 'examine', 'transfer', 'reply', 'publish']);
    const page = await call<Page>(url, '/mailForum/list', { token: admin, body: { id, pageNum: 1, pageSize: 2 } });
    expect([page.body.data.totalRow, page.body.data.list.length]).toEqual([5, 2]);

    // 登记入库 once, after the reply
    expect((await call(url, '/mail/addMailRk', { token: admin, query: { id } })).body.errorCode).toBe('0');
    expect((await call(url, '/mail/addMailRk', { token: admin, query: { id } })).body.errorCode).toBe('1005');
  });

  it('lets the department return a letter with remarks; the office transfers it again', async () => {
    const { id } = (await submit()).body.data;
    expect((await call(url, '/mailForum/returnMail', { token: officer, body: { ids: [id], remarks: '不属于本部门职责' } })).body.errorCode).toBe('1003');
    await call(url, '/mail/mailTransfer', { token: admin, body: { ids: [id], deptId: eduId } });
    expect((await call(url, '/mailForum/returnMail', { token: officer, body: { ids: [id] } })).body.errorCode).toBe('1001');
    const r = await call(url, '/mailForum/returnMail', { token: officer, body: { ids: [id], remarks: '<i>不属于</i>本部门职责' } });
    expect(r.body.errorCode).toBe('0');
    const got = await call<Rec>(url, '/mail/get', { token: admin, query: { id } });
    expect(got.body.data).toMatchObject({ stage: 3, status: 0, returnRemark: '不属于本部门职责' });
    // the department can no longer reply to it
    expect((await call(url, '/mailForum/save', { token: officer, body: { mailId: id, content: '答复' } })).body.errorCode).toBe('1005');
    const other = (await server.app.db.selectFrom('departments').select('id').where('name', '=', '县卫生健康局').executeTakeFirstOrThrow()) as { id: number };
    expect((await call(url, '/mail/mailTransfer', { token: admin, body: { ids: String(id), deptId: Number(other.id) } })).body.errorCode).toBe('0');
    expect((await call(url, '/mail/get', { token: officer, query: { id } })).body.errorCode).toBe('1003');
  });

  it('rejects invalid letters and refuses steps in the wrong stage', async () => {
    const { id } = (await submit()).body.data;
    expect((await call(url, '/mail/examine', { token: admin, body: { id, auditStatus: 2, examineRemark: '内容与政务无关' } })).body.errorCode).toBe('0');
    expect((await call<Rec>(url, '/mail/get', { token: admin, query: { id } })).body.data.stage).toBe(5);
    expect((await call(url, '/mail/mailTransfer', { token: admin, body: { ids: [id], deptId: eduId } })).body.errorCode).toBe('1005');
    expect((await call(url, '/mail/examine', { token: admin, body: { id, auditStatus: 7 } })).body.errorCode).toBe('1002');
  });
});

describe('admin calls', () => {
  it('lists with filters, the leaders\' boxes, top, szxxList; refuses strangers', async () => {
    expect((await call(url, '/mail/list', { body: {} })).status).toBe(401);
    const all = await call<Page>(url, '/mail/list', { token: admin, body: { pageNum: 1, pageSize: 200 } });
    expect(all.body.data.totalRow).toBeGreaterThan(3);
    const replied = await call<Page>(url, '/mail/list', { token: admin, body: { status: 1, pageSize: 200 } });
    expect(replied.body.data.list.length).toBeGreaterThan(0);
    expect(replied.body.data.list.every((m) => m.status === 1)).toBe(true);
    const byDept = await call<Page>(url, '/mail/list', { token: admin, body: { transferDeptId: eduId, stage: 4 } });
    expect(byDept.body.data.list.every((m) => m.transferDeptId === eduId && m.stage === 4)).toBe(true);
    const byDate = await call<Page>(url, '/mail/list', { token: admin, body: { startTime: '2000-01-01', endTime: '2000-01-02' } });
    expect(byDate.body.data.totalRow).toBe(0);
    const sm = await call<Page>(url, '/mail/smzjlist', { token: admin, body: { boxType: 1 } });
    expect(sm.body.data.list.every((m) => m.boxType === 1)).toBe(true);
    const top = await call<Rec[]>(url, '/mail/top', { token: admin, query: { size: 2 } });
    expect(top.body.data.length).toBe(2);
    const sz = await call<Rec[]>(url, '/mail/szxxList', { token: admin, body: {} });
    expect(sz.body.data.every((m) => m.boxType === 2)).toBe(true);
  });

  it('/mail/smzjlist (an api.alsoAt list with defaults): the leaders\' boxes unless another box is asked for', async () => {
    const added = await call<Rec>(url, '/mail/add', { token: admin, body: letter({ boxType: 3, targetDeptId: eduId }) });
    expect(added.body.errorMsg).toBe('新增成功');
    const dept = added.body.data.id;
    const leaders = await call<Page>(url, '/mail/smzjlist', { token: admin, body: { pageSize: 200 } });
    const boxes = new Set(leaders.body.data.list.map((m) => m.boxType));
    expect([...boxes].sort()).toEqual([1, 2]);
    expect(leaders.body.data.list.map((m) => m.id)).not.toContain(dept);
    const asked = await call<Page>(url, '/mail/smzjlist', { token: admin, body: { boxType: 3, pageSize: 200 } });
    expect(asked.body.data.list.map((m) => m.id)).toContain(dept);
    expect(asked.body.data.list.every((m) => m.boxType === 3)).toBe(true);
    expect((await call(url, '/mail/smzjlist', { body: {} })).status).toBe(401);
  });

  it('enters, edits and deletes letters with their history', async () => {
    const add = await call<Rec>(url, '/mail/add', { token: admin, body: letter({ name: '来访人' }) });
    expect(add.body.data).toMatchObject({ source: 2, stage: 0, creatorName: '系统管理员' });
    const id = add.body.data.id;
    const upd = await call<Rec>(url, '/mail/add', { token: admin, body: { id, title: '<em>新</em>标题', satisfaction: 1 } });
    expect(upd.body.data).toMatchObject({ title: '新标题', satisfaction: 1 });
    expect((await call(url, '/mail/add', { token: officer, body: { id, title: 'x' } })).status).toBe(403);
    const second = (await call<Rec>(url, '/mail/add', { token: admin, body: letter() })).body.data.id;
    expect((await call(url, '/mail/dels', { token: admin, body: { ids: [id, 999999] } })).body.errorCode).toBe('1003');
    expect((await call(url, '/mail/dels', { token: admin, body: { ids: [id, second] } })).body.errorCode).toBe('0');
    expect((await call(url, '/mail/get', { token: admin, query: { id } })).body.errorCode).toBe('1003');
    const left = (await server.app.db.selectFrom('mail_forum').select('id').where('mailId', 'in', [id, second]).execute()).length;
    expect(left).toBe(0);
    const third = (await call<Rec>(url, '/mail/add', { token: admin, body: letter() })).body.data.id;
    expect((await call(url, '/mail/del', { token: admin, query: { id: third } })).body.errorCode).toBe('0');
  });

  it('handles history records and department settings', async () => {
    const { id } = (await submit()).body.data;
    const hist = await call<Rec[]>(url, '/mailForum/listByMailid', { token: admin, body: { id } });
    const recId = hist.body.data[0]!.id;
    expect((await call<Rec>(url, '/mailForum/get', { token: admin, query: { id: recId } })).body.data.mailId).toBe(id);
    expect((await call(url, '/mailForum/get', { token: officer, query: { id: recId } })).body.errorCode).toBe('1003');
    expect((await call(url, '/mailForum/dels', { token: admin, body: { ids: [recId] } })).body.errorCode).toBe('0');
    expect((await call(url, '/mailForum/del', { token: admin, query: { id: recId } })).body.errorCode).toBe('1003');

    const d = await call<Rec>(url, '/mailForum/dept/get', { token: admin, body: { id: eduId } });
    expect(d.body.data).toMatchObject({ deptId: eduId, replyDays: 15 });
    expect((await call(url, '/mailForum/dept/save', { token: admin, body: { deptId: eduId, replyDays: 0 } })).body.errorCode).toBe('1002');
    const s = await call<Rec>(url, '/mailForum/dept/save', { token: admin, body: { deptId: eduId, replyDays: 10, contactName: '刘洋', contactPhone: '0719-5220000' } });
    expect(s.body.data).toMatchObject({ replyDays: 10, contactName: '刘洋' });
    expect((await call(url, '/mailForum/dept/save', { token: officer, body: { deptId: eduId, replyDays: 3 } })).status).toBe(403);
  });

  it('exports real xlsx files', async () => {
    for (const [path, title] of [['/mail/mailBoxExcel', '信件标题'], ['/mailCount/mailCountExcel', '部门'], ['/mailCount/mailCountRealExcel', '部门']] as const) {
      const res = await fetch(new URL(path, url), { method: 'POST', headers: { Authorization: admin, appKey: 'adminSite', 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 1 }) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const ws = book.worksheets[0]!;
      expect((ws.getRow(1).values as unknown[]).includes(title)).toBe(true);
      expect(ws.rowCount).toBeGreaterThan(1);
      if (path === '/mail/mailBoxExcel') {
        const statusCol = (ws.getRow(1).values as unknown[]).indexOf('状态');
        for (let i = 2; i <= ws.rowCount; i += 1) expect(ws.getRow(i).getCell(statusCol).value).toBe('已回复');
      }
    }
    expect((await call(url, '/mail/mailBoxExcel', { token: officer, body: {} })).status).toBe(403);
  });
});

describe('counts per department', () => {
  it('counts transfers, replies and returns; resets and corrects; real-time counts; public list', async () => {
    const list = await call<Page>(url, '/mailCount/list', { token: admin, body: { pageNum: 1, pageSize: 10 } });
    const edu = list.body.data.list.find((r) => r.deptId === eduId)!;
    expect(edu).toBeDefined();
    expect(Number(edu.receivedCount)).toBeGreaterThanOrEqual(2);
    expect(Number(edu.repliedCount)).toBeGreaterThanOrEqual(1);
    expect(Number(edu.returnedCount)).toBeGreaterThanOrEqual(1);

    const rt = await call<Page>(url, '/mailCount/realTimeList', { token: admin, body: { deptId: eduId } });
    expect(rt.body.data.list).toHaveLength(1);
    const live = rt.body.data.list[0]!;
    const fromDb = await server.app.db.selectFrom('mail').select(['stage']).where('transferDeptId', '=', eduId).execute();
    expect(live.receivedCount).toBe(fromDb.length);
    expect(live.repliedCount).toBe(fromDb.filter((m) => Number(m.stage) === 4).length);

    const web = await visitor<Page>('/web/mailCount/list', { pageNum: 1, pageSize: 10 }, newIp());
    expect(web.body.data.list.find((r) => r.deptId === eduId)).toMatchObject({ receivedCount: edu.receivedCount });
    expect((await visitor<Rec>(`/web/mailCount/get?id=${edu.id}`, {}, newIp())).body.data.deptName).toBe('县教育局');

    expect((await call(url, '/mailCount/update', { token: admin, body: { id: edu.id, receivedCount: -1 } })).body.errorCode).toBe('1002');
    expect((await call<Rec>(url, '/mailCount/update', { token: admin, body: { id: edu.id, overdueCount: 4 } })).body.data.overdueCount).toBe(4);
    expect((await call(url, '/mailCount/reset', { token: officer, query: { id: edu.id } })).status).toBe(403);
    const reset = await call<Rec>(url, '/mailCount/reset', { token: admin, query: { id: edu.id } });
    expect(reset.body.data).toMatchObject({ receivedCount: 0, repliedCount: 0, overdueCount: 0 });
    expect((await call<Rec>(url, '/mailCount/get', { token: admin, query: { id: edu.id } })).body.data.receivedCount).toBe(0);
    expect((await call(url, '/mailCount/get', { token: admin, query: { id: 999999 } })).body.errorCode).toBe('1003');
  });
});
