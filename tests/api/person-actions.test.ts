import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';

// 会员中心's staff calls as declared actions on the generic routes (issue 19): the spec's key `puPeopleId`
// (or `id`), the message by what was done, 标记已读 for one or many, the writes through the local API.
type Rec = Record<string, unknown>;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
});
afterAll(async () => server?.close());

const demo = async (phone: string) =>
  (await server.app.db.selectFrom('person').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow()) as Rec;

describe('会员中心 actions', () => {
  it('冻结 and 解冻 answer their own message; the key may come as id', async () => {
    const p = await demo('13757803104');
    const freeze = await call<Rec>(server.url, '/admin/people/banAudit', { token: admin, body: { id: p.puPeopleId, state: 1, remark: '发布广告' } });
    expect(freeze.body).toMatchObject({ errorCode: '0', errorMsg: '冻结成功' });
    expect(freeze.body.data).toMatchObject({ state: 1, banRemark: '发布广告' });
    const thaw = await call<Rec>(server.url, '/admin/people/banAudit', { token: admin, body: { puPeopleId: p.puPeopleId, state: 0 } });
    expect(thaw.body).toMatchObject({ errorCode: '0', errorMsg: '解冻成功' });
    expect((await demo('13757803104')).banRemark).toBeNull();
    const missing = await call(server.url, '/admin/people/banAudit', { token: admin, body: { state: 1 } });
    expect(missing.body).toMatchObject({ errorCode: '1001', errorMsg: '缺少必填参数：puPeopleId' });
    const wrong = await call(server.url, '/admin/people/banAudit', { token: admin, body: { puPeopleId: p.puPeopleId, state: 5 } });
    expect(wrong.body.errorCode).toBe('1002');
  });

  it('审核 refuses a member not under review with the declared refusal, and marks many read', async () => {
    const passed = await demo('13757803104');
    const r = await call(server.url, '/admin/people/peopleAudit', { token: admin, body: { puPeopleId: passed.puPeopleId, authStatus: 'SUCCESS' } });
    expect(r.body).toMatchObject({ errorCode: '1005', errorMsg: '该会员不在审核中，不能审核' });
    const unread = [await demo('13757803120'), await demo('13757803121')].map((p) => Number(p.puPeopleId));
    const read = await call<number>(server.url, '/admin/people/readAudit', { token: admin, body: { ids: unread } });
    expect(read.body).toMatchObject({ errorCode: '0', data: 2 });
    for (const phone of ['13757803120', '13757803121']) expect((await demo(phone)).readState).toBe(1);
    expect((await call(server.url, '/admin/people/readAudit', { token: admin, body: { ids: [unread[0], 999999] } })).body.errorCode).toBe('1003');
  });
});
