import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 论坛主题 on the generic routes (issue 19, session 24): the child collection `replies` (answered by the get,
// taken along by a delete), the afterDelete hook (the plate's topic count), the staff post's hooks and the
// local API setting a record's department (a transfer). The wire itself: theme.test.ts, forum*.test.ts.
type Rec = Record<string, unknown> & { id: number };

let server: TestServer;
let url: string;
let admin: string;
let plate: { id: number; handleDeptId: number | null; themeCount: number };

const count = async (table: 'theme' | 'theme_reply', column: string, value: number) =>
  Number(((await server.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column as 'id', '=', value).executeTakeFirstOrThrow()) as { n: number | string }).n);
const plateCount = async () => Number((await server.app.db.selectFrom('plate').select('themeCount').where('id', '=', plate.id).executeTakeFirstOrThrow()).themeCount);

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  plate = (await server.app.db.selectFrom('plate').select(['id', 'handleDeptId', 'themeCount']).where('status', '=', 1).where('handleDeptId', 'is not', null).orderBy('id').executeTakeFirstOrThrow()) as typeof plate;
});
afterAll(async () => server?.close());

describe('theme on the generic routes', () => {
  let id: number;

  it('a staff post is passed, shown and handled by the plate department; the plate count follows (afterChange)', async () => {
    const before = await plateCount();
    const r = await call<Rec>(url, '/theme/add', { token: admin, body: { plateId: plate.id, title: '<b>通用</b>路由主题', content: '内容', channel: 'xax', status: 0 } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    id = r.body.data.id;
    expect(r.body.data).toMatchObject({ channel: 'bbs', status: 1, isShow: 1, title: '通用路由主题', deptId: plate.handleDeptId, plateId: plate.id });
    expect(String(r.body.data.queryCode)).toMatch(/^[A-Z0-9]{12}$/);
    expect(await plateCount()).toBe(before + 1);
    expect((await call(url, '/theme/add', { token: admin, body: { title: '无版块', content: '内容' } })).body.errorCode).toBe('1001');
  });

  it('the get answers the replies (child collection) in reply order, and counters follow the reply audit', async () => {
    const first = await call<Rec>(url, '/ll/theme/reply/save', { token: admin, body: { themeId: id, content: '第一条' } });
    const second = await call<Rec>(url, '/ll/theme/reply/save', { token: admin, body: { themeId: id, content: '第二条' } });
    expect(second.body.errorCode).toBe('0');
    const got = await call<Rec & { replies: Rec[] }>(url, '/theme/get', { token: admin, query: { id } });
    expect(got.body.data.replies.map((x) => x.content)).toEqual(['第一条', '第二条']);
    expect(got.body.data.replyCount).toBe(0);
    expect((await call(url, '/ll/theme/themeReplyAudit', { token: admin, body: { ids: [first.body.data.id], status: 1 } })).body.errorCode).toBe('0');
    const after = await call<Rec>(url, '/theme/get', { token: admin, query: { id } });
    expect(after.body.data).toMatchObject({ replyCount: 1, replyState: 1 });
    expect(after.body.data.firstReplyTime).toBeTruthy();
    expect((await call(url, '/ll/theme/reply/delete', { token: admin, body: { ids: [first.body.data.id] } })).body.errorCode).toBe('0');
    expect((await call<Rec>(url, '/theme/get', { token: admin, query: { id } })).body.data).toMatchObject({ replyCount: 0, replyState: 0, firstReplyTime: null });
  });

  it('the local API may hand a record to another department (a transfer); a client body never sets it', async () => {
    const dept = (await server.app.db.selectFrom('departments').select(['id', 'name']).where('id', '!=', Number(plate.handleDeptId)).orderBy('id').executeTakeFirstOrThrow()) as { id: number; name: string };
    const moved = await server.app.entities.api().update('theme', id, { deptId: dept.id, deptName: dept.name });
    expect(moved).toMatchObject({ deptId: dept.id, deptName: dept.name });
    const created = await server.app.entities.api().create('theme', { title: '系统写入', content: '内容', channel: 'll', deptId: dept.id, deptName: dept.name });
    expect(created).toMatchObject({ deptId: dept.id, deptName: dept.name });
    await server.app.entities.api().delete('theme', [Number(created.id)]);
  });

  it('the channels\' copies (api.alsoAt, action alsoAt) keep to their channels', async () => {
    const ll = await server.app.entities.api().create('theme', { title: '领导留言副本', content: '内容', channel: 'll', status: 1 });
    const xax = await server.app.entities.api().create('theme', { title: '县长信箱副本', content: '内容', channel: 'xax', status: 1 });
    const llList = await call<{ list: Rec[] }>(url, '/ll/theme/list', { token: admin, body: { pageSize: 500 } });
    expect(llList.body.data.list.length).toBeGreaterThan(0);
    expect(llList.body.data.list.every((t) => t.channel === 'll')).toBe(true);
    // A /ll/theme/* get also finds a forum topic, a /xax/theme/* one only 县长信箱.
    expect((await call(url, '/ll/theme/get', { token: admin, body: { id } })).body.errorCode).toBe('0');
    expect((await call(url, '/xax/theme/get', { token: admin, body: { id } })).body.errorCode).toBe('1003');
    expect((await call(url, '/xax/theme/get', { token: admin, body: { id: xax.id } })).body.errorCode).toBe('0');
    expect((await call(url, '/xax/theme/dels', { token: admin, body: { ids: [ll.id] } })).body.errorCode).toBe('1003');
    const dept = Number((await server.app.db.selectFrom('departments').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    expect((await call(url, '/ll/theme/themeTransfer', { token: admin, body: { ids: [xax.id], deptId: dept } })).body.errorCode).toBe('1003');
    // `family` is set by the server's copies only: sent to a /ll/theme/* step, it is dropped (no reach into 县长信箱).
    expect((await call(url, '/ll/theme/themeTransfer', { token: admin, body: { ids: [xax.id], deptId: dept, family: 'all' } })).body.errorCode).toBe('1003');
    const any = await call(url, '/theme/transfer', { token: admin, body: { ids: [xax.id, ll.id], deptId: dept } });
    expect(any.body).toMatchObject({ errorCode: '0', errorMsg: '转办成功', data: 2 });
    expect((await call(url, '/ll/theme/dels', { token: admin, body: { ids: [ll.id] } })).body.errorCode).toBe('0');
    expect((await call(url, '/xax/theme/dels', { token: admin, body: { ids: [xax.id] } })).body).toMatchObject({ errorCode: '0', data: 1 });
  });

  it('a delete takes the replies along and the plate count follows (afterDelete)', async () => {
    expect(await count('theme_reply', 'themeId', id)).toBe(1);
    const before = await plateCount();
    const del = await call<number>(url, '/theme/dels', { token: admin, query: { ids: String(id) } });
    expect(del.body).toMatchObject({ errorCode: '0', data: 1, errorMsg: '删除成功' });
    expect(await count('theme_reply', 'themeId', id)).toBe(0);
    expect(await count('theme', 'id', id)).toBe(0);
    expect(await plateCount()).toBe(before - 1);
  });
});
