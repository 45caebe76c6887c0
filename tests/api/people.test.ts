import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, login, startTestServer, type TestServer } from './helpers/testServer.js';
import { captcha } from './forumHelpers.js';

type Rec = Record<string, unknown>;
type Page = { list: Rec[]; totalRow: number };

let server: TestServer;
let url: string;
let admin: string;

async function mobileLogin(phone: string) {
  const c = await captcha(url);
  return call<{ value: string; puPeopleId: number }>(url, '/web/people/mobileLogin', { query: { peoplePhone: phone, photoCode: c.verifyCode, codeId: c.codeId } });
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  setPublicLimits(server.app, 'theme:ll', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => server?.close());

describe('member center', () => {
  let token: string;
  let id: number;

  it('a citizen logs in with phone and image code; a wrong code is refused', async () => {
    const c = await captcha(url);
    const wrong = await call(url, '/web/people/mobileLogin', { query: { peoplePhone: '13900000001', photoCode: 'nope', codeId: c.codeId } });
    expect(wrong.body.errorCode).toBe('2002');
    expect((await call(url, '/web/people/mobileLogin', { query: { peoplePhone: '13900000001' } })).body.errorCode).toBe('1001');
    const r = await mobileLogin('13900000001');
    expect(r.body.errorCode).toBe('0');
    token = r.body.data.value;
    id = r.body.data.puPeopleId;
    // A citizen token is not a staff token, and the other way round.
    expect((await call(url, '/theme/list', { token, body: {} })).status).toBe(401);
    expect((await call(url, '/web/people/getPeopleDetail', { token: admin })).status).toBe(401);
    const me = await call<Rec>(url, '/web/people/getPeopleDetail', { token });
    expect(me.body.data).toMatchObject({ phone: '13900000001', userStatus: 0, authStatus: 'WAIT', state: 0 });
  });

  it('submits real-name data; staff see a masked list, audit once', async () => {
    expect((await call(url, '/web/people/upload/name', { token, query: { fileUrl: 'javascript:alert(1)', name: '王小明' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/web/people/upload/name', { token, query: { fileUrl: 'uploads/id.png', name: '王小明', idNumber: '12345' } })).body.errorCode).toBe('1002');
    const up = await call(url, '/web/people/upload/name', { token, query: { fileUrl: 'uploads/id.png', name: '王小明', idNumber: '11010519491231002X' } });
    expect(up.body.errorCode).toBe('0');
    const list = await call<Page>(url, '/api/person/pageList', { token: admin, body: { userStatus: 1 } });
    const row = list.body.data.list.find((p) => p.puPeopleId === id)!;
    expect(row.idNumber).toBe('1101**********002X');
    const detail = await call<Rec>(url, '/admin/people/getPeopleDetail', { token: admin, query: { puPeopleId: id } });
    expect(detail.body.data.idNumber).toBe('11010519491231002X');
    expect((await call(url, '/admin/people/peopleAudit', { token: admin, body: { puPeopleId: id, authStatus: 'FAIL' } })).body.errorCode).toBe('1001');
    const pass = await call<Rec>(url, '/admin/people/peopleAudit', { token: admin, body: { puPeopleId: id, authStatus: 'SUCCESS' } });
    expect(pass.body.data).toMatchObject({ userStatus: 2, authStatus: 'SUCCESS' });
    expect((await call(url, '/admin/people/peopleAudit', { token: admin, body: { puPeopleId: id, authStatus: 'FAIL', remark: '照片不清' } })).body.errorCode).toBe('1005');
    expect((await call(url, '/admin/people/readAudit', { token: admin, body: { puPeopleId: id } })).body.errorCode).toBe('0');
    expect((await call<Rec>(url, '/admin/people/getPeopleDetail', { token: admin, query: { puPeopleId: id } })).body.data.readState).toBe(1);
  });

  it('the citizen sees their own themes through my/list', async () => {
    const c = await captcha(url);
    const r = await call<{ id: number }>(url, '/llweb/theme/save', { token, body: { title: '我的留言', content: '内容', name: '王小明', phone: '13900000001', ...c } });
    expect(r.body.errorCode).toBe('0');
    const mine = await call<Page>(url, '/llweb/theme/my/list', { token, body: {} });
    expect(mine.body.data.list.map((t) => t.id)).toEqual([r.body.data.id]);
    expect((await call(url, '/llweb/theme/my/get', { token, body: { id: r.body.data.id } })).body.errorCode).toBe('0');
    expect((await call(url, '/llweb/theme/my/list', { body: {} })).status).toBe(401);
    const other = (await mobileLogin('13900000002')).body.data.value;
    expect((await call(url, '/llweb/theme/my/get', { token: other, body: { id: r.body.data.id } })).body.errorCode).toBe('1003');
  });

  it('freezing ends the sessions and refuses login; unfreezing lets the citizen back', async () => {
    expect((await call(url, '/admin/people/banAudit', { token: admin, body: { puPeopleId: id, state: 0 } })).body.errorCode).toBe('1005');
    expect((await call(url, '/admin/people/banAudit', { token: admin, body: { puPeopleId: id, state: 1, remark: '恶意灌水' } })).body.errorCode).toBe('0');
    expect((await call(url, '/web/people/getPeopleDetail', { token })).status).toBe(401);
    const again = await mobileLogin('13900000001');
    expect(again.body.errorCode).toBe('2004');
    expect(again.body.data).toBeNull();
    expect((await call(url, '/admin/people/banAudit', { token: admin, body: { puPeopleId: id, state: 1 } })).body.errorCode).toBe('1005');
    expect((await call(url, '/admin/people/banAudit', { token: admin, body: { puPeopleId: id, state: 0 } })).body.errorCode).toBe('0');
    expect((await mobileLogin('13900000001')).body.errorCode).toBe('0');
  });

  it('refuses SSO without a provider and multipart uploads without storage', async () => {
    expect((await call(url, '/web/people/checkLoginNoCode', { query: {} })).body.errorCode).toBe('1001');
    expect((await call(url, '/web/people/checkLoginNoCode', { query: { code: 'a', ticket: 'b' } })).body.errorCode).toBe('2004');
    const t = (await mobileLogin('13900000003')).body.data.value;
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const res = await fetch(new URL('/web/people/upload/name', url), { method: 'POST', headers: { Authorization: t }, body: form });
    const body = (await res.json()) as { errorCode: string; errorMsg: string };
    expect(body.errorCode).toBe('1005');
    expect(body.errorMsg).toContain('文件上传服务暂未开通');
    const auditor = await login(url, 'shenji', 'Demo@2026');
    expect((await call(url, '/admin/people/banAudit', { token: auditor, body: { puPeopleId: id, state: 1 } })).status).toBe(403);
  });
});
