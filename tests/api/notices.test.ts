import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; currPage: number; totalRow: number; totalPage: number; unreadCount?: number };

let server: TestServer;
let url: string;
let admin: string;
let officer: string; // 刘洋, 县教育局 (信件办理员)
let editor: string; // 李晓, 县教育局 (部门信息员)
let school: string; // 陈静, 县第一中学
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  officer = await login(url, 'jiaoyu', DEMO_PASSWORD);
  editor = await login(url, 'xinxi', DEMO_PASSWORD);
  school = await login(url, 'xinxi2', DEMO_PASSWORD);
  for (const name of ['县教育局', '县卫生健康局']) {
    ids[name] = Number(((await server.app.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()) as { id: number }).id);
  }
  ids.chen = Number(((await server.app.db.selectFrom('users').select('userId').where('username', '=', 'xinxi2').executeTakeFirstOrThrow()) as { userId: number }).userId);
});
afterAll(async () => server?.close());

const inbox = (token: string, body: Record<string, unknown> = {}) => call<Page>(url, '/notice/my/list', { token, body: { pageNum: 1, pageSize: 50, ...body } });

describe('notices', () => {
  let noticeId: number;

  it('publishes to departments and users, sanitising the content', async () => {
    expect((await call(url, '/notice/add', { token: admin, body: { title: '无对象', content: '<p>x</p>' } })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：接收部门或接收人' });
    expect((await call(url, '/notice/add', { token: admin, body: { title: '', content: '<p>x</p>', targetDeptIds: [ids['县教育局']] } })).body.errorCode).toBe('1001');
    expect((await call(url, '/notice/add', { token: admin, body: { title: 't', content: '<p>x</p>', targetDeptIds: [999999] } })).body.errorCode).toBe('1003');
    const r = await call<Rec>(url, '/notice/add', {
      token: admin,
      body: { title: '关于做好<b>寒假</b>安全工作的通知', content: '<p onclick="x()">请各单位</p><script>alert(1)</script>', targetDeptIds: [ids['县教育局']], targetUserIds: String(ids.chen), isPublic: 1 },
    });
    expect(r.body.errorCode).toBe('0');
    noticeId = r.body.data.id;
    expect(r.body.data).toMatchObject({ title: '关于做好寒假安全工作的通知', content: '<p>请各单位</p>', targetNames: '县教育局、陈静', publisher: '县政府', targetDeptIds: [ids['县教育局']], targetUserIds: [ids.chen] });
  });

  it('shows it to its addressees only, with a read flag; marking read', async () => {
    for (const t of [officer, editor, school]) {
      const p = await inbox(t);
      const n = p.body.data.list.find((x) => x.id === noticeId);
      expect(n).toMatchObject({ readFlag: 0 });
      expect(p.body.data.unreadCount).toBeGreaterThanOrEqual(1);
    }
    // the admin (县政府) is not addressed
    expect((await inbox(admin)).body.data.list.some((x) => x.id === noticeId)).toBe(false);
    expect((await call(url, '/notice/read', { token: admin, body: { id: noticeId } })).body.errorCode).toBe('1003');

    const before = (await inbox(officer)).body.data.unreadCount as number;
    expect((await call(url, '/notice/read', { token: officer, body: { id: noticeId } })).body.errorCode).toBe('0');
    expect((await call(url, '/notice/read', { token: officer, body: { id: noticeId } })).body.errorCode).toBe('0');
    const after = await inbox(officer);
    expect(after.body.data.unreadCount).toBe(before - 1);
    expect(after.body.data.list.find((x) => x.id === noticeId)).toMatchObject({ readFlag: 1 });
    expect((await inbox(officer, { readFlag: 0 })).body.data.list.some((x) => x.id === noticeId)).toBe(false);
    expect((await inbox(officer, { readFlag: 1 })).body.data.list.some((x) => x.id === noticeId)).toBe(true);
  });

  it('manages notices in the outbox, get, update, public list, delete', async () => {
    expect((await inbox(officer, { box: 'outbox' })).status).toBe(403);
    const out = await inbox(admin, { box: 'outbox', title: '寒假' });
    expect(out.body.data.list.find((x) => x.id === noticeId)).toMatchObject({ readCount: 1 });
    expect((await call(url, '/notice/get', { token: officer, query: { id: noticeId } })).status).toBe(403);
    expect((await call<Rec>(url, '/notice/get', { token: admin, query: { id: noticeId } })).body.data.readCount).toBe(1);

    const up = await call<Rec>(url, '/notice/update', { token: admin, body: { id: noticeId, title: '新标题', targetDeptIds: [ids['县卫生健康局']], targetUserIds: [] } });
    expect(up.body.data).toMatchObject({ title: '新标题', targetNames: '县卫生健康局' });
    expect((await inbox(school)).body.data.list.some((x) => x.id === noticeId)).toBe(false);
    expect((await call(url, '/notice/update', { token: admin, body: { id: 999999, title: 'x' } })).body.errorCode).toBe('1003');

    const web = await fetch(new URL('/notice/web/list', url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const webList = ((await web.json()) as { data: Page }).data.list;
    expect(webList.map((x) => x.id)).toContain(noticeId);
    const priv = await call<Rec>(url, '/notice/add', { token: admin, body: { title: '内部', content: '<p>内部</p>', targetUserIds: [ids.chen] } });
    const web2 = await fetch(new URL('/notice/web/list', url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(((await web2.json()) as { data: Page }).data.list.map((x) => x.id)).not.toContain(priv.body.data.id);

    expect((await call(url, '/notice/dels', { token: officer, body: { ids: [noticeId] } })).status).toBe(403);
    expect((await call(url, '/notice/dels', { token: admin, body: { ids: [noticeId, priv.body.data.id] } })).body.errorCode).toBe('0');
    expect((await call(url, '/notice/get', { token: admin, query: { id: noticeId } })).body.errorCode).toBe('1003');
    const left = await server.app.db.selectFrom('notice_target').select('noticeId').where('noticeId', '=', noticeId).execute();
    expect(left).toHaveLength(0);
  });
});
