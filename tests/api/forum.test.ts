import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer.js';
import { captcha, download, readSheet } from './forumHelpers.js';

type Rec = Record<string, unknown> & { id: number };
type Page = { list: Rec[]; totalRow: number };

let server: TestServer;
let url: string;
let admin: string;
let forumId: number;
let plateId: number;
let eduId: number;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  eduId = Number((await server.app.db.selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow()).id);
  setPublicLimits(server.app, 'theme:bbs', { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => server?.close());

describe('forums and plates', () => {
  it('creates a forum and a plate with derived names; the public lists enabled ones', async () => {
    const f = await call<Rec>(url, '/forum/add', { token: admin, body: { name: '<b>民生</b>论坛', sort: 1 } });
    expect(f.body.errorCode).toBe('0');
    expect(f.body.data.name).toBe('民生论坛');
    forumId = f.body.data.id;
    const p = await call<Rec>(url, '/plate/add', { token: admin, body: { forumId, name: '教育问答', handleDeptId: eduId, needAudit: 1 } });
    expect(p.body.errorCode).toBe('0');
    expect(p.body.data).toMatchObject({ forumName: '民生论坛', handleDeptName: '县教育局' });
    plateId = p.body.data.id;
    expect((await call(url, '/plate/add', { token: admin, body: { forumId: 999999, name: '坏' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/plate/add', { token: admin, body: { name: '缺论坛' } })).body.errorCode).toBe('1001');
    await call(url, '/plate/add', { token: admin, body: { forumId, name: '停用版块', status: 0 } });
    const web = await call<Page>(url, '/forum/weblist', { body: {} });
    const mine = web.body.data.list.find((x) => x.id === forumId) as Rec & { plates: Rec[] };
    expect(mine.plates.map((x) => x.name)).toEqual(['教育问答']);
    expect((await call<Rec>(url, '/plate/webget', { query: { id: plateId } })).body.data.name).toBe('教育问答');
    expect((await call(url, '/forum/list', { body: {} })).status).toBe(401);
    const list = await call<Page>(url, '/plate/list', { token: admin, body: { forumId } });
    expect(list.body.data.totalRow).toBe(2);
  });

  it('plate roles: save, paged assigned / not assigned, option list, listByRole', async () => {
    const role = (await server.app.db.selectFrom('roles').select('roleId').where('roleAlias', '=', 'editor').executeTakeFirst()) as { roleId: number } | undefined;
    const roleId = Number(role?.roleId ?? (await server.app.db.selectFrom('roles').select('roleId').where('roleAlias', '!=', 'admin').executeTakeFirstOrThrow()).roleId);
    expect((await call(url, '/plateRole/save', { token: admin, body: { roleId, plateIds: [plateId, 999999] } })).body.errorCode).toBe('1002');
    expect((await call(url, '/plateRole/save', { token: admin, body: { roleId, plateIds: [plateId] } })).body.errorCode).toBe('0');
    const assigned = await call<Page>(url, '/plateRole/pageList', { token: admin, body: { roleId } });
    expect(assigned.body.data.list.map((x) => x.id)).toEqual([plateId]);
    const not = await call<Page>(url, '/plateRole/not/pagelist', { token: admin, body: { roleId } });
    expect(not.body.data.list.map((x) => x.id)).not.toContain(plateId);
    expect(not.body.data.totalRow).toBeGreaterThan(0);
    const links = await call<Rec[]>(url, '/plateRole/list', { token: admin, query: { roleId } });
    expect(links.body.data).toHaveLength(1);
    expect(links.body.data[0]!.plateName).toBe('教育问答');
    const options = await call<{ value: number; label: string }[]>(url, '/plateRole/optionList', { token: admin });
    expect(options.body.data.some((o) => o.value === plateId && o.label === '教育问答')).toBe(true);
    expect((await call(url, '/plateRole/pageList', { token: admin, body: {} })).body.errorCode).toBe('1002');
    const byRole = await call<Page>(url, '/plate/listByRole', { token: admin, body: {} });
    // An ALL-scope admin: every plate (the demo seed's too).
    const plateCount = (await server.app.db.selectFrom('plate').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string };
    expect(byRole.body.data.totalRow).toBe(Number(plateCount.n));
    expect(byRole.body.data.list.map((x) => x.id)).toContain(plateId);
    // The export lists each plate with its moderating roles.
    const x = await download(url, '/plate/plateRoleExcel', admin, { forumId });
    expect(x.headers.get('content-type')).toContain('application/octet-stream');
    const rows = await readSheet(x.buffer);
    expect(rows[0]).toEqual(['版块名称', '所属论坛', '负责部门', '版主角色', '发帖审核', '状态', '主题数']);
    expect(rows).toHaveLength(3);
    // Without the export key: 403.
    const auditor = await login(url, 'shenji', DEMO_PASSWORD);
    expect((await download(url, '/plate/plateRoleExcel', auditor, {})).status).toBe(403);
  });

  it('a public post on a plate goes to the plate department, needs a captcha, and blocks deletion', async () => {
    const none = await call(url, '/theme/webAdd', { body: { plateId, title: '开学时间', content: '请问几号开学' } });
    expect(none.body.errorCode).toBe('2002');
    const c = await captcha(url);
    const r = await call<{ id: number; queryCode: string }>(url, '/theme/webAdd', { query: { verifyCode: c.verifyCode, codeId: c.codeId }, body: { plateId, title: '开学时间<script>x</script>', content: '请问几号开学' } });
    expect(r.body.errorCode).toBe('0');
    const row = (await server.app.db.selectFrom('theme').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow()) as Rec;
    expect(row).toMatchObject({ channel: 'bbs', plateName: '教育问答', deptId: eduId, status: 0, isShow: 0, title: '开学时间' });
    const plate = await call<Rec>(url, '/plate/get', { token: admin, query: { id: plateId } });
    expect(plate.body.data.themeCount).toBe(1);
    expect((await call(url, '/plate/dels', { token: admin, query: { ids: String(plateId) } })).body.errorCode).toBe('1005');
    expect((await call(url, '/forum/dels', { token: admin, query: { ids: String(forumId) } })).body.errorCode).toBe('1005');
    // A staff post is passed and shown at once; weblist shows only those.
    const staff = await call<Rec>(url, '/theme/add', { token: admin, body: { plateId, title: '招生政策解读', content: '详见附件' } });
    expect(staff.body.data).toMatchObject({ status: 1, isShow: 1 });
    const web = await call<Page>(url, '/theme/weblist', { body: { plateId } });
    expect(web.body.data.list.map((x) => x.id)).toEqual([staff.body.data.id]);
    const got = await call<Rec>(url, '/theme/webget', { query: { id: staff.body.data.id } });
    expect(got.body.data.readCount).toBe(1);
    expect((await call(url, '/theme/webget', { query: { id: r.body.data.id } })).body.errorCode).toBe('1003');
    // Deleting the themes frees the plate, then the forum.
    expect((await call(url, '/theme/dels', { token: admin, query: { ids: `${r.body.data.id},${staff.body.data.id}` } })).body.errorCode).toBe('0');
    expect((await call(url, '/plate/dels', { token: admin, query: { ids: String(plateId) } })).body.errorCode).toBe('0');
    const rest = (await server.app.db.selectFrom('plate').select('id').where('forumId', '=', forumId).execute()) as Rec[];
    await call(url, '/plate/dels', { token: admin, query: { ids: rest.map((x) => x.id).join(',') } });
    expect((await call(url, '/forum/dels', { token: admin, query: { ids: String(forumId) } })).body.errorCode).toBe('0');
    expect(await server.app.db.selectFrom('plate_role').selectAll().where('plateId', '=', plateId).executeTakeFirst()).toBeUndefined();
  });
});
