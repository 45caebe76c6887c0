import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/types.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';

// Session 27's generic options on real declarations: recordSettings (领导信箱's 部门办理设置), userMarks (通知's 标记已读),
// the alias options (领导信箱's 本部门信件) and api.create.success (通知's 发布成功).
type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number };
let server: TestServer;
let url: string;
let admin: string;
let officer: string;
let eduId: number;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  officer = await login(url, 'jiaoyu', DEMO_PASSWORD);
  eduId = Number(((await server.app.db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()) as { id: number }).id);
});
afterAll(async () => server?.close());

const rows = async (table: string, where: Record<string, unknown>) => {
  let q = dynamic(server.app.db).selectFrom(table).selectAll();
  for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v);
  return q.execute();
};

describe('recordSettings (部门办理设置)', () => {
  it('answers the defaults before a save, then the stored row; the record named by deptId, else id', async () => {
    const fresh = await call<Rec>(url, '/mailForum/dept/get', { token: admin, query: { id: eduId } });
    expect(fresh.body.data).toEqual({ id: null, deptId: eduId, deptName: '县教育局', isMailDept: 1, replyDays: 15, contactName: null, contactPhone: null, remark: null });
    expect((await call(url, '/mailForum/dept/get', { token: admin, body: {} })).body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：id' });
    expect((await call(url, '/mailForum/dept/get', { token: admin, body: { deptId: 999999 } })).body).toMatchObject({ errorCode: '1003', errorMsg: '部门不存在' });
    expect((await call(url, '/mailForum/dept/save', { token: admin, body: { deptId: eduId, isMailDept: 2 } })).body).toMatchObject({ errorCode: '1002', errorMsg: '是否信箱部门取值不正确' });
    expect((await call(url, '/mailForum/dept/save', { token: admin, body: { deptId: eduId, replyDays: 1.5 } })).body).toMatchObject({ errorCode: '1002', errorMsg: '办理时限应为1到365天' });
    expect(await rows('mail_dept', { deptId: eduId })).toHaveLength(0);

    const saved = await call<Rec>(url, '/mailForum/dept/save', { token: admin, body: { deptId: eduId, id: 999999, replyDays: '7', contactName: '<b>王</b>老师', remark: '' } });
    expect(saved.body).toMatchObject({ errorCode: '0', errorMsg: '保存成功', data: { deptId: eduId, deptName: '县教育局', isMailDept: 1, replyDays: 7, contactName: '王老师', remark: null } });
    // A blank integer keeps its value; a text sent as null is cleared; still one row.
    const again = await call<Rec>(url, '/mailForum/dept/save', { token: admin, body: { deptId: eduId, replyDays: '', contactName: null } });
    expect(again.body.data).toMatchObject({ replyDays: 7, contactName: null });
    expect(await rows('mail_dept', { deptId: eduId })).toHaveLength(1);
    expect((await call<Rec>(url, '/mailForum/dept/get', { token: admin, body: { deptId: eduId } })).body.data).toEqual(again.body.data);
    expect((await call(url, '/mailForum/dept/get', { token: officer, body: { deptId: eduId } })).status).toBe(403);
  });
});

describe('userMarks (标记已读) and api.create.success (发布成功)', () => {
  it('marks only notices addressed to the caller, once; the marks go with a deleted notice', async () => {
    const created = await call<Rec>(url, '/notice/add', { token: admin, body: { title: '标记测试', content: '<p>内容</p>', targetDeptIds: [eduId] } });
    expect(created.body).toMatchObject({ errorCode: '0', errorMsg: '发布成功' });
    const id = created.body.data.id;
    expect((await call(url, '/notice/read', { token: admin, body: { id } })).body.errorCode).toBe('1003');
    expect((await call(url, '/notice/read', { token: officer, body: { ids: [id, 999999] } })).body.errorCode).toBe('1003');
    expect(await rows('notice_read', { noticeId: id })).toHaveLength(0);
    expect((await call(url, '/notice/read', { token: officer, query: { noticeId: id } })).body).toMatchObject({ errorCode: '0', errorMsg: '已标记为已读' });
    const [first] = await rows('notice_read', { noticeId: id });
    expect((await call(url, '/notice/read', { token: officer, body: { ids: String(id) } })).body.errorCode).toBe('0');
    expect(await rows('notice_read', { noticeId: id })).toEqual([first]);
    expect((await call(url, '/notice/dels', { token: admin, body: { ids: [id] } })).body.errorCode).toBe('0');
    expect(await rows('notice_read', { noticeId: id })).toHaveLength(0);
  });
});

describe('alias options (本部门信件)', () => {
  it('lists letters transferred to the caller\'s departments with labels, behind its own key, overdue as a flag', async () => {
    const made = await call<Rec>(url, '/mail/add', { token: admin, body: { title: '本部门测试', content: '内容', type: 1, boxType: 2, name: '李四', phone: '13912345679', isPublic: 1 } });
    const id = made.body.data.id;
    await call(url, '/mail/examine', { token: admin, body: { ids: [id], auditStatus: 1 } });
    await call(url, '/mail/mailTransfer', { token: admin, body: { ids: [id], deptId: eduId } });
    const page = await call<Page>(url, '/mailForum/mailListByDept', { token: officer, body: { pageNum: 1, pageSize: 50 } });
    const row = page.body.data.list.find((m) => m.id === id);
    expect(row).toMatchObject({ transferDeptId: eduId, stage: 2, stageName: '已转办', typeName: expect.any(String), phone: '139****5679' });
    const overdue = async () => (await call<Page>(url, '/mailForum/mailListByDept', { token: officer, body: { pageNum: 1, pageSize: 50, overdue: 1 } })).body.data.list.map((m) => m.id);
    expect(await overdue()).not.toContain(id);
    await dynamic(server.app.db).updateTable('mail').set({ deadline: '2020-01-01 00:00:00' }).where('id', '=', id).execute();
    expect(await overdue()).toContain(id);
    const editor = await login(url, 'xinxi', DEMO_PASSWORD);
    expect((await call(url, '/mailForum/mailListByDept', { token: editor, body: { pageNum: 1 } })).status).toBe(403);
  });
});
