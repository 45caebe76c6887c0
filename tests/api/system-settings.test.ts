import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dispatchReminder,
  reminderStage,
  setInAppSender,
  setReminderLogger,
  setSmsSender,
  type Recipient,
} from '../../server/modules/system/noticeSettings/reminders.js';
import { recordSearchWord, recordSearchWords } from '../../server/modules/system/hotWords/index.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown> & { id: number };
interface Page {
  list: Rec[];
  currPage: number;
  totalRow: number;
  totalPage: number;
}

let server: TestServer;
let url: string;
let admin: string;
let editor: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  editor = await login(url, 'xinxi', DEMO_PASSWORD);
});
afterAll(async () => {
  setSmsSender(null);
  setInAppSender(null);
  setReminderLogger(null);
  await server?.close();
});

const post = <T = unknown>(p: string, body?: unknown, token: string | undefined = admin, query?: Record<string, string | number>) =>
  call<T>(url, p, { body, token, query });

describe('site settings', () => {
  it('answers the defaults before anything is saved', async () => {
    await server.app.db.deleteFrom('site_setting').execute();
    const r = await post<Rec>('/site/setting/get');
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data).toMatchObject({ siteName: '云溪县人民政府门户网站', grayMode: 0, templateSkin: 'default' });
    const pub = await call<Rec>(url, '/web/site/info');
    expect(pub.body.data.siteName).toBe('云溪县人民政府门户网站');
  });

  it('saves only the fields sent, one record, and the public call answers the public subset without login', async () => {
    const r1 = await post<Rec>('/site/setting/save', { siteName: '云溪县人民政府', siteDomain: 'www.yunxi.gov.cn', siteIdCode: '5301230001', icp: '滇ICP备00000000号', grayMode: 1 });
    expect(r1.body).toMatchObject({ errorCode: '0', data: { siteName: '云溪县人民政府', grayMode: 1, updaterName: '系统管理员' } });
    const r2 = await post<Rec>('/site/setting/save', { keywords: '云溪,政务公开', description: '云溪县人民政府门户网站' });
    expect(r2.body.data).toMatchObject({ siteName: '云溪县人民政府', siteDomain: 'www.yunxi.gov.cn', keywords: '云溪,政务公开' });
    const rows = await server.app.db.selectFrom('site_setting').selectAll().execute();
    expect(rows).toHaveLength(1);
    const pub = await call<Rec>(url, '/web/site/info');
    expect(pub.body.data).toMatchObject({ siteName: '云溪县人民政府', siteDomain: 'www.yunxi.gov.cn', siteIdCode: '5301230001', grayMode: 1, keywords: '云溪,政务公开' });
    expect(pub.body.data).not.toHaveProperty('updaterName');
    expect(pub.body.data).not.toHaveProperty('id');
  });

  it('validates formats and required name', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ siteName: '' }, '1001'],
      [{ siteDomain: 'http://www.yunxi.gov.cn' }, '1002'],
      [{ siteIdCode: '123' }, '1002'],
      [{ email: 'not-an-email' }, '1002'],
      [{ phone: 'call me' }, '1002'],
      [{ grayMode: 2 }, '1002'],
      [{ siteName: 'x'.repeat(101) }, '1002'],
      [{ templateSkin: 'nope' }, '1002'],
      [{ templateSkin: '../..' }, '1002'],
      [{ logo: 'javascript:alert(1)' }, '1002'],
    ];
    for (const [body, code] of bad) expect((await post('/site/setting/save', body)).body.errorCode, JSON.stringify(body)).toBe(code);
    expect((await post<Rec>('/site/setting/get')).body.data.siteName).toBe('云溪县人民政府');
    expect((await post('/site/setting/save', [1, 2])).status).toBe(400);
  });

  it('keeps only allowed statistics scripts', async () => {
    const code = [
      '<script>var _hmt = _hmt || []; alert(document.cookie)</script>',
      '<script async src="https://hm.baidu.com/hm.js?abc123"></script>',
      '<script src="https://evil.example.com/x.js"></script>',
      '<script id="_jiucuo_" sitecode="5301230001" src="https://zfwzgl.www.gov.cn/exposure/jiucuo.js"></script>',
      '<img src="https://s4.cnzz.com/pixel.gif" onerror="alert(1)">',
      '<iframe src="https://evil.example.com"></iframe>',
    ].join('\n');
    const r = await post<Rec>('/site/setting/save', { statCode: code });
    const saved = String(r.body.data.statCode);
    expect(saved).toContain('src="https://hm.baidu.com/hm.js?abc123"');
    expect(saved).toContain('zfwzgl.www.gov.cn/exposure/jiucuo.js');
    expect(saved).toContain('sitecode="5301230001"');
    expect(saved).not.toContain('alert');
    expect(saved).not.toContain('evil.example.com');
    expect(saved).not.toContain('onerror');
    expect(saved).not.toContain('iframe');
    expect(saved).not.toMatch(/<script>\s*<\/script>|<script><\/script>/);
  });

  it('switches the skin in use to an existing skin folder', async () => {
    await post('/api/template/createFolder', { folderName: 'spring' });
    expect((await post<Rec>('/site/setting/save', { templateSkin: 'spring' })).body.data.templateSkin).toBe('spring');
    const skins = await call<{ name: string; inUse: boolean }[]>(url, '/api/template/query/app/skin', { method: 'GET', token: admin });
    expect(skins.body.data.find((s) => s.inUse)?.name).toBe('spring');
    await post('/site/setting/save', { templateSkin: 'default' });
  });

  it('needs siteSetting:get / siteSetting:update', async () => {
    expect((await post('/site/setting/get', {}, editor)).status).toBe(403);
    expect((await post('/site/setting/save', { siteName: 'x' }, editor)).status).toBe(403);
    expect((await call(url, '/site/setting/get', { body: {} })).status).toBe(401);
    expect((await post<Rec>('/site/setting/get')).body.data.siteName).toBe('云溪县人民政府');
  });
});

describe('hot words', () => {
  it('creates, lists, updates and deletes with the declared paths', async () => {
    const c = await post<Rec>('/hotWord/add', { word: '不动产登记', sort: 1, status: 1, type: 1 });
    expect(c.body.errorCode).toBe('0');
    const id = c.body.data.id;
    expect(c.body.data.searchCount).toBe(0);
    expect((await post('/hotWord/add', { word: '不动产登记' })).body.errorCode).toBe('1004');
    expect((await post('/hotWord/add', { word: '' })).body.errorCode).toBe('1001');
    expect((await post('/hotWord/add', { word: 'x'.repeat(31) })).body.errorCode).toBe('1002');
    // searchCount is read-only.
    const u = await post<Rec>('/hotWord/add', { id, sort: 2, searchCount: 999 });
    expect(u.body.data).toMatchObject({ sort: 2, searchCount: 0 });
    expect((await call<Rec>(url, '/hotWord/get', { query: { id }, token: admin })).body.data.word).toBe('不动产登记');
    const page = await post<Page>('/hotWord/list', { word: '不动产', pageNum: 1, pageSize: 10 });
    expect(page.body.data.list.map((w) => w.id)).toEqual([id]);
    expect((await post('/hotWord/dels', { ids: [id] })).body.errorCode).toBe('0');
    expect((await call(url, '/hotWord/get', { query: { id }, token: admin })).body.errorCode).toBe('1003');
  });

  it('the public list answers enabled words by sort, then search count, capped by size', async () => {
    await server.app.db.deleteFrom('hot_word').execute();
    const words: [string, number, number][] = [['社保查询', 2, 1], ['营商环境', 1, 1], ['停用的词', 0, 0], ['政务公开', 2, 1]];
    for (const [word, sort, status] of words) await post('/hotWord/add', { word, sort, status });
    await recordSearchWord(server.app.db, '政务公开');
    await recordSearchWord(server.app.db, '政务公开');
    const r = await call<{ word: string; searchCount: number }[]>(url, '/web/hotWord/list');
    expect(r.body.errorCode).toBe('0');
    expect(r.body.data.map((w) => w.word)).toEqual(['营商环境', '政务公开', '社保查询']);
    expect(r.body.data[1]?.searchCount).toBe(2);
    expect((await call<unknown[]>(url, '/web/hotWord/list', { query: { size: 1 } })).body.data).toHaveLength(1);
    expect((await call(url, '/web/hotWord/list', { query: { size: 'abc' } })).body.errorCode).toBe('1002');
  });

  it('counts searches: a new word is added as 自动统计 and disabled', async () => {
    expect(await recordSearchWord(server.app.db, '  人才引进 ')).toBe(1);
    expect(await recordSearchWord(server.app.db, '人才引进')).toBe(2);
    expect(await recordSearchWord(server.app.db, 'x'.repeat(31))).toBe(0);
    const row = (await server.app.db.selectFrom('hot_word').selectAll().where('word', '=', '人才引进').executeTakeFirst()) as Rec;
    expect(row).toMatchObject({ type: 2, status: 0, searchCount: 2 });
    const pub = await call<{ word: string }[]>(url, '/web/hotWord/list', { query: { size: 50 } });
    expect(pub.body.data.some((w) => w.word === '人才引进')).toBe(false);
  });

  it('counts a burst of searches as one search each would (the search tally, a few statements per chunk)', async () => {
    await server.app.db.deleteFrom('hot_word').execute();
    await recordSearchWord(server.app.db, '乡村振兴');
    // A word kept twice (staff added it again) counts on its first row, as recordSearchWord does.
    await server.app.db.insertInto('hot_word').values({ word: '乡村振兴', sort: 0, status: 1, type: 1, searchCount: 0 }).execute();
    const burst = new Map<string, number>([['乡村振兴', 2], [' 营商环境', 1], ['营商环境 ', 2], ['', 4], ['y'.repeat(31), 1], ['医保', 1]]);
    // More words than one chunk: every chunk is written.
    for (let i = 0; i < 30; i++) burst.set(`热词${i}`, 1 + (i % 3));
    await recordSearchWords(server.app.db, burst);
    const rows = (await server.app.db.selectFrom('hot_word').select(['id', 'word', 'searchCount', 'type', 'status']).orderBy('id').execute()) as Rec[];
    const counts = (w: string) => rows.filter((r) => r.word === w).map((r) => r.searchCount);
    expect(counts('乡村振兴')).toEqual([3, 0]);
    expect(counts('营商环境')).toEqual([3]);
    expect(counts('医保')).toEqual([1]);
    expect(counts('热词29')).toEqual([3]);
    expect(rows).toHaveLength(2 + 2 + 30);
    expect(rows.find((r) => r.word === '热词0')).toMatchObject({ type: 2, status: 0, searchCount: 1 });
    expect(rows.some((r) => r.word === '' || String(r.word).startsWith('y'))).toBe(false);
  });

  it('needs the hotWord keys', async () => {
    expect((await post('/hotWord/list', {}, editor)).status).toBe(403);
    expect((await post('/hotWord/add', { word: 'x' }, editor)).status).toBe(403);
    expect((await post('/hotWord/dels', { ids: [1] }, editor)).status).toBe(403);
  });
});

/** Names of the enabled users holding a role, by userId (whoever the seeds put there). */
async function roleMembers(roleId: number): Promise<string[]> {
  const rows = (await server.app.db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.userId', 'users.userId')
    .select(['users.name'])
    .where('user_roles.roleId', '=', roleId)
    .where('users.status', '=', 1)
    .orderBy('users.userId')
    .execute()) as { name: string }[];
  return rows.map((r) => r.name);
}

describe('message reminder settings /notice/set/*', () => {
  let roleId: number;
  let deptId: number;
  let userIds: number[];

  beforeAll(async () => {
    const role = (await server.app.db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'auditor').executeTakeFirstOrThrow()) as { roleId: number };
    roleId = Number(role.roleId);
    const dept = (await server.app.db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()) as { id: number };
    deptId = Number(dept.id);
    userIds = ((await server.app.db.selectFrom('users').select('userId').where('username', 'in', ['xinxi', 'shenhe']).orderBy('userId').execute()) as { userId: number }[]).map((u) => Number(u.userId));
  });

  it('adds, reads, details, updates (both ways), lists and deletes', async () => {
    const add = await post<Rec>('/notice/set/add', { name: '新来信提醒', eventType: 'MAIL_NEW', receiverType: 'ROLE', receiverIds: String(roleId), remindWay: 3 });
    expect(add.body).toMatchObject({ errorCode: '0', data: { name: '新来信提醒', receiverIds: String(roleId), receiverNames: '内容审核员', status: 1 } });
    const id = add.body.data.id;

    const got = await post<Rec>('/notice/set/get', undefined, admin, { id });
    expect(got.body.data.eventType).toBe('MAIL_NEW');
    const detail = await post<Rec & { recipients: { name: string }[]; eventName: string }>('/notice/set/detail', undefined, admin, { id });
    expect(detail.body.data.eventName).toBe('领导信箱新来信');
    expect(detail.body.data.recipients.map((r) => r.name)).toEqual(await roleMembers(roleId));

    const upd = await post<Rec>('/notice/set/update', { id, receiverType: 'USER', receiverIds: userIds.join(','), receiverNames: '伪造' });
    expect(upd.body.data.receiverNames).toBe('周敏、李晓');
    expect(upd.body.data.name).toBe('新来信提醒');
    const viaAdd = await post<Rec>('/notice/set/add', { id, name: '新来信提醒（改）' });
    expect(viaAdd.body).toMatchObject({ errorCode: '0', data: { id, name: '新来信提醒（改）', receiverType: 'USER' } });

    await post('/notice/set/add', { name: '超期提醒', eventType: 'APPLY_OVERDUE', receiverType: 'DEPT', receiverIds: [deptId], remindWay: 1, overdueDays: 15, advanceDays: 3, status: 0 });
    const list = await post<Page>('/notice/set/list', { pageNum: 1, pageSize: 10, eventType: 'APPLY_OVERDUE' });
    expect(list.body.data.totalRow).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ receiverNames: '县教育局', overdueDays: 15, advanceDays: 3 });
    const byName = await post<Page>('/notice/set/list', { name: '来信', pageNum: 1, pageSize: 10 });
    expect(byName.body.data.list.map((r) => r.id)).toEqual([id]);

    expect((await post('/notice/set/dels', { ids: [id] })).body.errorCode).toBe('0');
    expect((await post('/notice/set/get', undefined, admin, { id })).body.errorCode).toBe('1003');
  });

  it('refuses bad input', async () => {
    const base = { name: '测试', eventType: 'MAIL_NEW', receiverType: 'ROLE', receiverIds: String(roleId), remindWay: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, '1001'],
      [{ ...base, receiverIds: '' }, '1001'],
      [{ ...base, eventType: 'NOPE' }, '1002'],
      [{ ...base, receiverType: 'NOPE' }, '1002'],
      [{ ...base, receiverIds: '99999' }, '1002'],
      [{ ...base, receiverIds: '1,abc' }, '1002'],
      [{ ...base, remindWay: 9 }, '1002'],
      [{ ...base, eventType: 'MAIL_OVERDUE' }, '1002'],
      [{ ...base, eventType: 'MAIL_OVERDUE', overdueDays: 5, advanceDays: 5 }, '1002'],
      [{ ...base, overdueDays: -1 }, '1002'],
      [{ ...base, receiverIds: { a: 1 } }, '1002'],
    ];
    const before = (await server.app.db.selectFrom('notice_setting').select('id').execute()).length;
    for (const [body, code] of cases) expect((await post('/notice/set/add', body)).body.errorCode, JSON.stringify(body)).toBe(code);
    expect((await server.app.db.selectFrom('notice_setting').select('id').execute()).length).toBe(before);
    expect((await post('/notice/set/update', { name: 'x' })).body.errorCode).toBe('1001');
    expect((await post('/notice/set/update', { id: 999999, name: 'x' })).body.errorCode).toBe('1003');
    expect((await post('/notice/set/dels', { ids: [999999] })).body.errorCode).toBe('1003');
    expect((await post('/notice/set/get', undefined, admin, { id: 'x' })).body.errorCode).toBe('1002');
  });

  it('needs the noticeSetting keys', async () => {
    for (const p of ['/notice/set/list', '/notice/set/get', '/notice/set/detail', '/notice/set/add', '/notice/set/update', '/notice/set/dels']) {
      expect((await post(p, { id: 1, ids: [1] }, editor, { id: 1 })).status, p).toBe(403);
    }
  });

  it('dispatches reminders to the configured recipients and channels', async () => {
    await server.app.db.deleteFrom('notice_setting').execute();
    const sms: { mobile: string; text: string }[] = [];
    const inApp: { names: string[]; title: string }[] = [];
    setSmsSender({ send: async (mobile, text) => void sms.push({ mobile, text }) });
    setInAppSender({ send: async (_db, recipients: readonly Recipient[], m) => void inApp.push({ names: recipients.map((r) => r.name), title: m.title }) });
    setReminderLogger(() => undefined);
    await post('/notice/set/add', { name: '新建议', eventType: 'SUGGEST_NEW', receiverType: 'DEPT', receiverIds: String(deptId), remindWay: 3, smsTemplate: '{event}：{title}' });
    await post('/notice/set/add', { name: '停用', eventType: 'SUGGEST_NEW', receiverType: 'ROLE', receiverIds: String(roleId), remindWay: 1, status: 0 });
    const results = await dispatchReminder(server.app.db, 'SUGGEST_NEW', { title: '关于路灯的建议' });
    expect(results).toHaveLength(1);
    // The department's enabled users, whoever the seed put there (other modules add demo people).
    const members = (await server.app.db.selectFrom('users').select(['name', 'mobile']).where('deptId', '=', deptId).where('status', '=', 1).orderBy('userId').execute()) as { name: string; mobile: string | null }[];
    expect(members.map((m) => m.name)).toContain('李晓');
    expect(inApp).toEqual([{ names: members.map((m) => m.name), title: '新建议：关于路灯的建议' }]);
    expect(sms).toEqual(members.filter((m) => m.mobile).map((m) => ({ mobile: m.mobile, text: '新建议：关于路灯的建议' })));

    await post('/notice/set/add', { name: '来信超期', eventType: 'MAIL_OVERDUE', receiverType: 'ROLE', receiverIds: String(roleId), remindWay: 1, overdueDays: 5, advanceDays: 2 });
    inApp.length = 0;
    expect(await dispatchReminder(server.app.db, 'MAIL_OVERDUE', { title: '来信' }, { ageDays: 1 })).toHaveLength(0);
    expect(await dispatchReminder(server.app.db, 'MAIL_OVERDUE', { title: '来信' }, { ageDays: 3 })).toHaveLength(1);
    expect(inApp.map((m) => m.names)).toEqual([await roleMembers(roleId)]);
  });

  it('reminderStage: advance before the limit, overdue from it', () => {
    const s = { eventType: 'APPLY_OVERDUE', overdueDays: 15, advanceDays: 3 };
    expect([0, 11, 12, 14, 15, 30].map((d) => reminderStage(s, d))).toEqual([null, null, 'advance', 'advance', 'overdue', 'overdue']);
    expect(reminderStage({ ...s, advanceDays: 0 }, 14)).toBeNull();
    expect(reminderStage({ eventType: 'MAIL_NEW' }, 0)).toBe('new');
  });
});
