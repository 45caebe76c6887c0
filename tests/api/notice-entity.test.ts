import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

type Rec = Record<string, unknown> & { id: number };

// 通知 on the generic routes (issue 19): the targets are two declared links sharing notice_target.
let server: TestServer;
let url: string;
let admin: string;
let school: string;
let deptId: number;
let userId: number;

const targetsOf = async (id: number) =>
  (await server.app.db.selectFrom('notice_target').select(['targetType', 'targetId']).where('noticeId', '=', id).orderBy('targetType').orderBy('targetId').execute()).map((t) => `${t.targetType}:${t.targetId}`);

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  school = await login(url, 'xinxi2', DEMO_PASSWORD);
  deptId = Number(((await server.app.db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()) as { id: number }).id);
  userId = Number(((await server.app.db.selectFrom('users').select('userId').where('username', '=', 'xinxi2').executeTakeFirstOrThrow()) as { userId: number }).userId);
});
afterAll(async () => server?.close());

describe('notice targets as declared links', () => {
  it('keeps department and user targets apart, takes the spec aliases and replaces both lists on a change', async () => {
    // Departments and people share notice_target, told apart by targetType; a repeated id counts once.
    const r = await call<Rec>(url, '/notice/add', { token: admin, body: { title: '两类对象', content: '<p>正文</p>', deptIds: `${deptId}`, userIds: [userId, userId] } });
    expect(r.body).toMatchObject({ errorCode: '0', errorMsg: '发布成功' });
    const id = r.body.data.id;
    expect(r.body.data).toMatchObject({ targetDeptIds: [deptId], targetUserIds: [userId], readCount: 0, isPublic: 0 });
    expect(await targetsOf(id)).toEqual([`dept:${deptId}`, `user:${userId}`]);

    // A change naming only the departments empties the people, as the spec's save did.
    const up = await call<Rec>(url, '/notice/add', { token: admin, body: { id, targetDeptIds: [deptId] } });
    expect(up.body).toMatchObject({ errorCode: '0', errorMsg: '修改成功' });
    expect(up.body.data).toMatchObject({ targetDeptIds: [deptId], targetUserIds: [], targetNames: '县教育局' });
    expect(await targetsOf(id)).toEqual([`dept:${deptId}`]);

    // A change without targets keeps them.
    await call(url, '/notice/update', { token: admin, body: { id, title: '改标题' } });
    expect(await targetsOf(id)).toEqual([`dept:${deptId}`]);
    const got = await call<Rec>(url, '/notice/get', { token: admin, query: { id } });
    expect(got.body.data).toMatchObject({ title: '改标题', targetDeptIds: [deptId], targetUserIds: [] });
  });

  it('refuses in Chinese and writes nothing', async () => {
    const before = (await server.app.db.selectFrom('notice').select('id').execute()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 't', content: '<p>x</p>', targetDeptIds: 'a,b' }, '1002', '接收部门格式不正确'],
      [{ title: 't', content: '<p>x</p>', targetUserIds: [999999] }, '1003', '接收人不存在'],
      [{ title: 't', content: '<p><script>x()</script></p>', targetUserIds: [userId] }, '1001', '缺少必填参数：内容'],
      [{ title: 't', content: '<p>x</p>', targetDeptIds: [], targetUserIds: '' }, '1001', '缺少必填参数：接收部门或接收人'],
    ];
    for (const [body, code, msg] of cases) expect((await call(url, '/notice/add', { token: admin, body })).body).toMatchObject({ errorCode: code, errorMsg: msg });
    expect((await server.app.db.selectFrom('notice').select('id').execute()).length).toBe(before);
  });

  it('deletes one by id with its targets and read marks; the addressee cannot', async () => {
    const r = await call<Rec>(url, '/notice/add', { token: admin, body: { title: '待删', content: '<p>x</p>', targetUserIds: [userId] } });
    const id = r.body.data.id;
    expect((await call(url, '/notice/read', { token: school, body: { id } })).body.errorCode).toBe('0');
    expect((await call(url, '/notice/dels', { token: school, body: { id } })).status).toBe(403);
    expect((await call(url, '/notice/dels', { token: admin, body: { id } })).body).toMatchObject({ errorCode: '0', errorMsg: '删除成功' });
    expect(await targetsOf(id)).toEqual([]);
    expect(await server.app.db.selectFrom('notice_read').select('userId').where('noticeId', '=', id).execute()).toEqual([]);
  });

  it('a reminder notice goes through the local API to its recipients', async () => {
    const { dispatchReminder } = await import('../../server/modules/system/noticeSettings/reminders.js');
    const setting = await call<Rec>(url, '/notice/set/add', { token: admin, body: { name: '测试提醒', eventType: 'MAIL_NEW', receiverType: 'USER', receiverIds: String(userId), remindWay: 1, status: 1 } });
    expect(setting.body.errorCode).toBe('0');
    const sent = await dispatchReminder(server.app.db, 'MAIL_NEW', { title: '新来信', content: '有一封新来信', link: '/main/interact/mail' }, { settingId: setting.body.data.id });
    expect(sent[0]?.inApp).toBe(true);
    const row = await server.app.db.selectFrom('notice').selectAll().where('publisher', '=', '系统提醒').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await targetsOf(Number(row.id))).toEqual([`user:${userId}`]);
    const inbox = await call<{ list: Rec[] }>(url, '/notice/my/list', { token: school, body: { readFlag: 0 } });
    expect(inbox.body.data.list.some((n) => n.id === row.id)).toBe(true);
  });
});
