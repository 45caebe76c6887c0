import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';
import { captcha, download, readSheet } from './forumHelpers.js';

type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number };

let server: TestServer;
let url: string;
let admin: string;
let deptUser: string;
let eduId: number;
let healthId: number;

async function post(channel: 'll' | 'xax', body: Record<string, unknown>) {
  return call<{ id: number; queryCode: string }>(url, `/${channel}web/theme/save`, { body: { ...body, ...(await captcha(url)) } });
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  const db = server.app.db;
  eduId = Number((await db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()).id);
  healthId = Number((await db.selectFrom('departments').select('id').where('name', '=', '县卫生健康局').executeTakeFirstOrThrow()).id);
  // A department replier: role with DEPART scope and the theme keys, given to xinxi (县教育局).
  const role = (await db
    .insertInto('roles')
    .values({ name: '部门回复员', roleAlias: 'themeReplier', enabled: 1, dingAppKey: 'adminSite', dataScope: 'DEPART' })
    .returning('roleId')
    .executeTakeFirstOrThrow()) as { roleId: number };
  const keys = ['theme:list', 'theme:get', 'theme:reply', 'interact', 'theme'];
  const res = (await db.selectFrom('resources').select('id').where('alias', 'in', keys).where('dingAppKey', '=', 'adminSite').execute()) as { id: number }[];
  await db.insertInto('role_resources').values(res.map((r) => ({ roleId: role.roleId, resourceId: r.id }))).execute();
  const xinxi = (await db.selectFrom('users').select('userId').where('username', '=', 'xinxi').executeTakeFirstOrThrow()) as { userId: number };
  await db.deleteFrom('user_roles').where('userId', '=', xinxi.userId).execute();
  await db.insertInto('user_roles').values({ userId: xinxi.userId, roleId: role.roleId }).execute();
  deptUser = await login(url, 'xinxi', DEMO_PASSWORD);
  setPublicLimits(server.app, 'theme:ll', { perWindow: 1000, perDay: 1000 });
  setPublicLimits(server.app, 'theme:xax', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => server?.close());

describe('public posting (ll / xax)', () => {
  it('refuses without a captcha, with a wrong one, and stores nothing', async () => {
    const before = (await server.app.db.selectFrom('theme').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string };
    const none = await call(url, '/llweb/theme/save', { body: { title: '路灯不亮', content: '请修理', name: '张三', phone: '13800000001' } });
    expect(none.body.errorCode).toBe('2002');
    const c = await captcha(url);
    const wrong = await call(url, '/llweb/theme/save', { body: { title: '路灯不亮', content: '请修理', name: '张三', phone: '13800000001', codeId: c.codeId, verifyCode: 'zzzz' } });
    expect(wrong.body.errorCode).toBe('2002');
    // The captcha is used up by the wrong attempt.
    const reuse = await call(url, '/llweb/theme/save', { body: { title: '路灯不亮', content: '请修理', name: '张三', phone: '13800000001', ...c } });
    expect(reuse.body.errorCode).toBe('2002');
    const after = (await server.app.db.selectFrom('theme').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string };
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('strips HTML, enforces lengths and required contact, answers a query code', async () => {
    const r = await post('ll', { title: '<b>学校门口</b>交通拥堵<script>alert(1)</script>', content: '<img src=x onerror=alert(1)>上下学时段<p>很堵</p>', name: '李四', phone: '13800000002' });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.queryCode).toMatch(/^[A-Z0-9]{12}$/);
    const row = (await server.app.db.selectFrom('theme').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow()) as Rec;
    expect(row.title).toBe('学校门口交通拥堵');
    expect(String(row.content)).not.toMatch(/[<>]/);
    expect(row.status).toBe(0);
    expect(row.channel).toBe('ll');
    expect((await post('ll', { title: 'x'.repeat(101), content: 'c', name: '王五', phone: '13800000003' })).body.errorCode).toBe('1002');
    expect((await post('ll', { title: '标题', content: '内容', name: '王五' })).body.errorCode).toBe('1001');
    expect((await post('ll', { title: '标题', content: '内容', name: '王五', phone: '12345' })).body.errorCode).toBe('1002');
  });

  it('rate-limits per IP with 429 and stores nothing more', async () => {
    setPublicLimits(server.app, 'theme:xax', { perWindow: 2 });
    const ok1 = await post('xax', { title: '限流1', content: '内容', name: '赵六', phone: '13800000004' });
    const ok2 = await post('xax', { title: '限流2', content: '内容', name: '赵六', phone: '13800000004' });
    expect(ok1.body.errorCode).toBe('0');
    expect(ok2.body.errorCode).toBe('0');
    const third = await post('xax', { title: '限流3', content: '内容', name: '赵六', phone: '13800000004' });
    expect(third.status).toBe(429);
    expect(third.body.errorMsg).toBe('操作过于频繁，请稍后再试');
    expect(await server.app.db.selectFrom('theme').select('id').where('title', '=', '限流3').executeTakeFirst()).toBeUndefined();
    setPublicLimits(server.app, 'theme:xax', { perWindow: 1000 });
  });
});

describe('audit, show, transfer, reply, examine', () => {
  let id: number;
  let code: string;
  let replyId: number;

  it('is not public before audit; the author finds it by code and phone', async () => {
    const r = await post('ll', { title: '希望增加公交班次', content: '早高峰车太少', name: '陈七', phone: '13800000005' });
    id = r.body.data.id;
    code = r.body.data.queryCode;
    expect((await call(url, '/llweb/theme/get', { body: { id } })).body.errorCode).toBe('1003');
    const mine = await call<Rec>(url, '/llweb/theme/getThemeByCodeAndTel', { body: { queryCode: code.toLowerCase(), phone: '13800000005' } });
    expect(mine.body.errorCode).toBe('0');
    expect(mine.body.data.status).toBe(0);
    expect((await call(url, '/llweb/theme/getThemeByCodeAndTel', { body: { queryCode: code, phone: '13800000006' } })).body.errorCode).toBe('1003');
    // Another channel's code does not match.
    expect((await call(url, '/xaxweb/theme/getThemeByCodeAndTel', { body: { queryCode: code, phone: '13800000005' } })).body.errorCode).toBe('1003');
  });

  it('refuses show, transfer and reply before audit (1005)', async () => {
    expect((await call(url, '/ll/theme/themeAuditShow', { token: admin, body: { ids: [id], isShow: 1 } })).body.errorCode).toBe('1005');
    expect((await call(url, '/ll/theme/themeTransfer', { token: admin, body: { ids: [id], deptId: eduId } })).body.errorCode).toBe('1005');
    expect((await call(url, '/ll/theme/reply/save', { token: admin, body: { themeId: id, content: '答复' } })).body.errorCode).toBe('1005');
    expect((await call(url, '/theme/examine', { token: admin, body: { id } })).body.errorCode).toBe('1005');
  });

  it('audits once; a second audit is refused', async () => {
    const a = await call(url, '/ll/theme/themeAudit', { token: admin, body: { ids: [id], status: 1, remark: '同意' } });
    expect(a.body.errorCode).toBe('0');
    const again = await call(url, '/ll/theme/themeAudit', { token: admin, body: { ids: [id], status: 2 } });
    expect(again.body.errorCode).toBe('1005');
    expect((await call(url, '/ll/theme/themeAudit', { token: admin, body: { ids: [id], status: 7 } })).body.errorCode).toBe('1002');
    // The ll audit does not touch other channels' themes.
    const x = await post('xax', { title: '县长信箱主题', content: '内容', name: '周八', phone: '13800000007' });
    expect((await call(url, '/ll/theme/themeAudit', { token: admin, body: { ids: [x.body.data.id], status: 1 } })).body.errorCode).toBe('1003');
  });

  it('shows it; the public sees it without phone', async () => {
    expect((await call(url, '/ll/theme/themeAuditShow', { token: admin, body: { ids: [id] } })).body.errorCode).toBe('0');
    const list = await call<Page>(url, '/llweb/theme/list', { body: { pageNum: 1, pageSize: 50 } });
    const mine = list.body.data.list.find((t) => t.id === id);
    expect(mine).toBeTruthy();
    expect(mine!.phone).toBeUndefined();
    expect(mine!.name).toBe('陈**');
  });

  it('transfers to a department, which sees only its own themes and replies', async () => {
    expect((await call<Page>(url, '/ll/theme/list', { token: deptUser, body: { pageSize: 100 } })).body.data.list.some((t) => t.id === id)).toBe(false);
    expect((await call(url, '/ll/theme/reply/save', { token: deptUser, body: { themeId: id, content: '答复' } })).body.errorCode).toBe('1003');
    const t = await call(url, '/ll/theme/themeTransfer', { token: admin, body: { ids: [id], deptId: eduId, remark: '请教育局办理' } });
    expect(t.body.errorCode).toBe('0');
    expect((await call(url, '/ll/theme/themeTransfer', { token: admin, body: { ids: [id], deptId: 999999 } })).body.errorCode).toBe('1002');
    const list = await call<Page>(url, '/ll/theme/list', { token: deptUser, body: { pageSize: 100 } });
    expect(list.body.data.list.map((x) => x.id)).toContain(id);
    expect(list.body.data.list.every((x) => Number(x.deptId) === eduId)).toBe(true);
    const todo = await call<Page>(url, '/ll/theme/qnsqlist', { token: deptUser, body: {} });
    expect(todo.body.data.list.map((x) => x.id)).toContain(id);
    const reply = await call<Rec>(url, '/ll/theme/reply/save', { token: deptUser, body: { themeId: id, content: '<b>已协调</b>公交公司增加班次' } });
    expect(reply.body.errorCode).toBe('0');
    replyId = reply.body.data.id;
    expect(reply.body.data.replyDeptName).toBe('县教育局');
    expect(reply.body.data.content).toBe('已协调公交公司增加班次');
    expect(reply.body.data.replyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The department cannot audit its own reply (no key).
    expect((await call(url, '/ll/theme/themeReplyAudit', { token: deptUser, body: { id: replyId, status: 1 } })).status).toBe(403);
  });

  it('publishes the reply after its audit; the public and the author see department, time and text', async () => {
    let pub = await call<Rec & { replies: Rec[] }>(url, '/llweb/theme/get', { body: { id } });
    expect(pub.body.data.replies).toHaveLength(0);
    expect((await call(url, '/ll/theme/themeReplyAudit', { token: admin, body: { id: replyId, status: 1 } })).body.errorCode).toBe('0');
    expect((await call(url, '/ll/theme/themeReplyAudit', { token: admin, body: { id: replyId, status: 1 } })).body.errorCode).toBe('1005');
    pub = await call(url, '/llweb/theme/get', { body: { id } });
    expect(pub.body.data.replies).toHaveLength(1);
    expect(pub.body.data.replies[0]).toMatchObject({ replyDeptName: '县教育局', content: '已协调公交公司增加班次' });
    expect(pub.body.data.createTime).toBeTruthy();
    expect(pub.body.data.replyState).toBe(1);
    const mine = await call<Rec & { replies: Rec[] }>(url, '/llweb/theme/getThemeByCodeAndTel', { body: { queryCode: code, phone: '13800000005' } });
    expect(mine.body.data.replies[0]!.replyTime).toBeTruthy();
    // Published replies cannot be edited.
    expect((await call(url, '/ll/theme/reply/save', { token: admin, body: { id: replyId, content: '改' } })).body.errorCode).toBe('1005');
    const appeals = await call<Page>(url, '/llweb/theme/appeal/list', { query: { pageNumber: 1, pageSize: 10 } });
    expect(appeals.body.data.list.map((x) => x.id)).toContain(id);
    expect((await call(url, '/llweb/theme/appeal/list', { query: { pageNumber: 1 } })).body.errorCode).toBe('1001');
  });

  it('examines (handled) once, then refuses transfer and reply', async () => {
    expect((await call(url, '/theme/examine', { token: admin, body: { id } })).body.errorCode).toBe('0');
    expect((await call(url, '/theme/examine', { token: admin, body: { id } })).body.errorCode).toBe('1005');
    expect((await call(url, '/ll/theme/themeTransfer', { token: admin, body: { ids: [id], deptId: healthId } })).body.errorCode).toBe('1005');
    expect((await call(url, '/ll/theme/reply/save', { token: admin, body: { themeId: id, content: '再答' } })).body.errorCode).toBe('1005');
  });
});

describe('bulk audit, examineAll, recommend, hot list', () => {
  it('audits in bulk all or nothing', async () => {
    const a = await post('xax', { title: '批量一', content: '内容', name: '甲', phone: '13800000011' });
    const b = await post('xax', { title: '批量二', content: '内容', name: '乙', phone: '13800000012' });
    const ids = [a.body.data.id, b.body.data.id];
    // One already audited makes the whole batch fail.
    expect((await call(url, '/xax/theme/themeAuditShow', { token: admin, body: { ids: [ids[0]], status: 3 } })).body.errorCode).toBe('0');
    expect((await call(url, '/xax/theme/themeAuditShow', { token: admin, body: { ids: [...ids, 999999], status: 1 } })).body.errorCode).toBe('1003');
    const both = await call(url, '/xax/theme/themeAuditShow', { token: admin, body: { ids, status: 1 } });
    expect(both.body.errorCode).toBe('0');
    const rows = (await server.app.db.selectFrom('theme').selectAll().where('id', 'in', ids).execute()) as Rec[];
    expect(rows.every((r) => r.status === 1 && r.isShow === 1)).toBe(true);
    const list = await call<Page>(url, '/xaxweb/theme/list', { body: {} });
    expect(list.body.data.list.map((x) => x.id)).toEqual(expect.arrayContaining(ids));
  });

  it('recommends shown themes only and lists them; hot list orders by replies then views', async () => {
    const hidden = await post('xax', { title: '未公开', content: '内容', name: '丙', phone: '13800000013' });
    expect((await call(url, '/theme/themeRecommend', { token: admin, body: { id: hidden.body.data.id } })).body.errorCode).toBe('1005');
    const shown = (await server.app.db.selectFrom('theme').select('id').where('title', '=', '批量一').executeTakeFirstOrThrow()) as Rec;
    expect((await call(url, '/theme/themeRecommend', { token: admin, body: { id: shown.id, isRecommend: 1 } })).body.errorCode).toBe('0');
    const rec = await call<Page>(url, '/theme/themeRecommendList', { body: {} });
    // The demo seed recommends one theme too: the list is exactly the recommended (shown) themes.
    const recommended = (await server.app.db.selectFrom('theme').select('id').where('isRecommend', '=', 1).execute()).map((r) => Number(r.id));
    expect(recommended).toContain(shown.id);
    expect(rec.body.data.list.map((x) => x.id).sort()).toEqual(recommended.sort());
    for (let i = 0; i < 3; i++) await call(url, '/xaxweb/theme/get', { body: { id: shown.id } });
    const hot = await call<Page>(url, '/theme/hotThemeList', { body: { pageSize: 50 } });
    const l = hot.body.data.list;
    for (let i = 1; i < l.length; i++) {
      const [p, q] = [l[i - 1]!, l[i]!];
      expect(Number(p.replyCount) > Number(q.replyCount) || (p.replyCount === q.replyCount && Number(p.readCount) >= Number(q.readCount))).toBe(true);
    }
  });

  it('examineAll closes passed, replied themes in scope', async () => {
    const x = (await server.app.db.selectFrom('theme').select('id').where('title', '=', '批量二').executeTakeFirstOrThrow()) as Rec;
    const reply = await call<Rec>(url, '/xax/theme/reply/save', { token: admin, body: { themeId: x.id, content: '已处理' } });
    await call(url, '/ll/theme/themeReplyAudit', { token: admin, body: { id: reply.body.data.id, status: 1 } });
    const r = await call<number>(url, '/theme/examineAll', { token: admin, body: {} });
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data).toBeGreaterThanOrEqual(1);
    const row = (await server.app.db.selectFrom('theme').selectAll().where('id', '=', x.id).executeTakeFirstOrThrow()) as Rec;
    expect(row.handleState).toBe(1);
    const states = await call<Record<string, number>>(url, '/theme/queryStateThemeAll', { token: admin, body: {} });
    expect(states.body.data.handled).toBeGreaterThanOrEqual(2);
  });
});

describe('counts and exports', () => {
  it('live counts per department and a month snapshot with history', async () => {
    // From the start of this month: the demo seed's 县教育局 themes are older.
    const monthStart = `${new Date().getFullYear()}-${String(new Date().getMonth() + 1).padStart(2, '0')}-01`;
    const live = await call<Rec[]>(url, '/theme/themeCountList', { token: admin, body: { groupBy: 'dept', startTime: monthStart } });
    const edu = live.body.data.find((r) => r.key === eduId)!;
    expect(edu).toMatchObject({ name: '县教育局', total: 1, replied: 1, handled: 1 });
    expect(typeof edu.avgReplyHours).toBe('number');
    const month = new Date().toISOString().slice(0, 7);
    const localMonth = `${new Date().getFullYear()}-${String(new Date().getMonth() + 1).padStart(2, '0')}`;
    void month;
    const snap = await call<{ rows: number }>(url, '/themeCount/addMonthHistoryThemeCount', { token: admin, body: { month: localMonth } });
    expect(snap.body.errorCode).toBe('0');
    const hist = await call<Rec[]>(url, '/admin/themeCount/listByMonth', { token: admin, body: { month: localMonth } });
    const total = hist.body.data.reduce((s, r) => s + Number(r.total), 0);
    const inDb = (await server.app.db.selectFrom('theme').select((eb) => eb.fn.countAll().as('n')).where('createTime', '>=', `${monthStart} 00:00:00`).executeTakeFirstOrThrow()) as { n: number | string };
    expect(total).toBe(Number(inDb.n));
    // A snapshot again replaces rows instead of doubling them.
    await call(url, '/themeCount/addMonthHistoryThemeCount', { token: admin, body: { month: localMonth } });
    const again = await call<Rec[]>(url, '/admin/themeCount/listByMonth', { token: admin, body: { month: localMonth } });
    expect(again.body.data).toHaveLength(hist.body.data.length);
    const row = again.body.data[0]!;
    const edit = await call<Rec>(url, '/admin/themeCount/edit', { token: admin, body: { id: row.id, remark: '<i>人工核对</i>' } });
    expect(edit.body.data.remark).toBe('人工核对');
    expect((await call(url, '/admin/themeCount/edit', { token: admin, body: { id: row.id, passed: Number(row.total) + 1 } })).body.errorCode).toBe('1002');
    expect((await call(url, '/themeCount/addMonthHistoryThemeCount', { token: admin, body: { month: '2999-01' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/themeCount/get', { token: admin, query: { id: Number(row.id) } })).body.errorCode).toBe('0');
    const x = await download(url, '/admin/themeCount/listByMonthExcel', admin, { month: localMonth });
    expect(x.headers.get('content-type')).toContain('application/octet-stream');
    const sheet = await readSheet(x.buffer);
    expect(sheet[0]).toContain('主题总数');
    expect(sheet.length).toBe(again.body.data.length + 1);
  });

  it('exports ll themes and theme counts as real xlsx', async () => {
    const x = await download(url, '/ll/theme/themeExcel', admin, {});
    const sheet = await readSheet(x.buffer);
    expect(sheet[0]).toContain('查询码');
    const n = (await server.app.db.selectFrom('theme').select((eb) => eb.fn.countAll().as('n')).where('channel', '=', 'll').executeTakeFirstOrThrow()) as { n: number | string };
    expect(sheet.length - 1).toBe(Number(n.n));
    const c = await download(url, '/theme/themeCountExcel', admin, { groupBy: 'channel' });
    const rows = await readSheet(c.buffer);
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['渠道', '领导留言', '县长信箱']));
    const denied = await download(url, '/ll/theme/themeExcel', deptUser, {});
    expect(denied.status).toBe(403);
  });
});
