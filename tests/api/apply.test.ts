import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addWorkingDays } from '../../resources/shape/workingDays.js';
import { createSmsSender } from '../../server/notify/sms.js';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer';

let server: TestServer;
let admin: string;
let seq = 0;
let deptId: number;
let otherDeptId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  for (const kind of ['apply', 'apply-query', 'apply-remind', 'apply-proof']) setPublicLimits(server.app, kind, { perWindow: 1000, perDay: 1000 });
  const depts = await call<{ id: number; name: string }[]>(server.url, '/web/apply/dept/list', {});
  deptId = depts.body.data.find((d) => d.name === '县教育局')!.id;
  otherDeptId = depts.body.data.find((d) => d.name === '县卫生健康局')!.id;
  await server.app.db.updateTable('departments').set({ phone: '0571-88886666' }).where('id', '=', deptId).execute();
});
afterAll(async () => {
  await server?.close();
});

async function captcha() {
  const codeId = `apply-${Date.now()}-${++seq}`;
  await fetch(`${server.url}/user/captcha?codeId=${codeId}`);
  return { codeId, verifyCode: TEST_CAPTCHA_TEXT };
}
const person = () => ({
  applicantType: 1,
  name: '孙丽',
  idType: '身份证',
  idNumber: '33012319900101123x',
  phone: '13600002222',
  address: '云溪县城关镇人民路1号',
  email: 'sunli@example.com',
  infoName: '2025年县教育经费使用情况',
  content: '申请公开2025年县教育经费预算执行情况。',
  purpose: '学术研究',
  format: '电子邮件',
  receiveWay: '电子邮件',
});
const org = () => ({
  applicantType: 2,
  orgName: '云溪县某某科技有限公司',
  orgCode: '91330123MA2ABCDE1X',
  legalPerson: '钱七',
  contactName: '周八',
  phone: '0571-88001122',
  infoName: '工业园区规划环评报告',
  content: '申请获取工业园区规划环评报告全文。',
  receiveWay: '自行领取',
  format: '纸质',
});
interface Apply { id: number; status: number; queryCode: string; deadline: string; overdue: number; extended: number; statusName: string }
async function save(body: Record<string, unknown>) {
  return call<{ queryCode: string; deadline: string }>(server.url, '/web/apply/save', { body: { handleDeptId: deptId, ...body, ...(await captcha()) } });
}
async function findId(queryCode: string): Promise<number> {
  const r = await call<{ list: { id: number }[] }>(server.url, '/apply/list', { token: admin, body: { queryCode } });
  return r.body.data.list[0]!.id;
}

describe('working days', () => {
  it('skips weekends', () => {
    expect(addWorkingDays('2026-03-06 10:00:00', 1)).toBe('2026-03-09'); // Friday → Monday
    expect(addWorkingDays('2026-03-02', 20)).toBe('2026-03-30');
  });
});

describe('public applications', () => {
  it('accepts an individual and an organisation request; deadline 20 working days', async () => {
    const r = await save(person());
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data.deadline).toBe(addWorkingDays(new Date().toISOString().slice(0, 10), 20));
    const o = await save(org());
    expect(o.body.errorCode, o.body.errorMsg).toBe('0');
    const got = await call<Apply & { idNumber: string; handleDeptName: string }>(server.url, '/apply/get', { token: admin, body: { id: await findId(r.body.data.queryCode) } });
    expect(got.body.data.idNumber).toBe('33012319900101123X');
    expect(got.body.data.handleDeptName).toBe('县教育局');
    expect(got.body.data.statusName).toBe('待受理');
  });

  it('refuses incomplete or invalid requests, a wrong captcha, and over the rate limit', async () => {
    expect((await save({ ...person(), name: '' })).body.errorCode).toBe('1001');
    expect((await save({ ...org(), orgCode: '' })).body.errorCode).toBe('1001');
    expect((await save({ ...person(), idNumber: '123' })).body.errorCode).toBe('1002');
    expect((await save({ ...person(), receiveWay: '飞鸽传书' })).body.errorCode).toBe('1002');
    expect((await save({ ...person(), handleDeptId: 999999 })).body.errorCode).toBe('1002');
    expect((await call(server.url, '/web/apply/save', { body: { ...person(), handleDeptId: deptId, codeId: 'apply-none-0001', verifyCode: 'x' } })).body.errorCode).toBe('2002');
    setPublicLimits(server.app, 'apply', { perWindow: 0 });
    try {
      expect((await save(person())).status).toBe(429);
    } finally {
      setPublicLimits(server.app, 'apply', { perWindow: 1000 });
    }
  });

  it('finds the own request by query code + phone or ID number, never by a wrong pair', async () => {
    const r = await save(person());
    const code = r.body.data.queryCode;
    const byPhone = await call<Apply & { ip?: string }>(server.url, '/web/apply/find', { body: { queryCode: code, phone: '13600002222' } });
    expect(byPhone.body.data.queryCode).toBe(code);
    expect(byPhone.body.data.ip).toBeUndefined();
    const byId = await call<{ list: Apply[] }>(server.url, '/web/apply/list', { body: { queryCode: code.toLowerCase(), idNumber: '33012319900101123X' } });
    expect(byId.body.data.list).toHaveLength(1);
    expect((await call(server.url, '/web/apply/find', { body: { queryCode: code, phone: '13600009999' } })).body.errorCode).toBe('1003');
    expect((await call(server.url, '/web/apply/find', { body: { queryCode: code } })).body.errorCode).toBe('1001');
    const get = await call<Apply>(server.url, '/web/apply/get', { body: { id: byPhone.body.data.id, queryCode: code, phone: '13600002222' } });
    expect(get.body.data.id).toBe(byPhone.body.data.id);
    expect((await call(server.url, '/web/apply/get', { body: { id: byPhone.body.data.id } })).body.errorCode).toBe('1001');
    const dept = await call<{ name: string }>(server.url, '/web/apply/dept', { body: { id: deptId } });
    expect(dept.body.data.name).toBe('县教育局');
  });
});

/** A 1×1 PNG, then `pad` zero bytes (the type is read from the head, the size counted to the end). */
const png = (pad = 0) =>
  Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex'), Buffer.alloc(pad)]);
async function uploadProof(bytes: Buffer, name = 'id.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.url}/web/apply/proof`, { method: 'POST', body: form });
  return (await res.json()) as { errorCode: string; errorMsg: string; data: { proofFile: string } };
}

describe('身份证明 (proof) upload', () => {
  it('stores a scan outside the public uploads, the application carries it, staff download it', async () => {
    const up = await uploadProof(png(), 'card.png');
    expect(up.errorCode, up.errorMsg).toBe('0');
    expect(up.data.proofFile).toMatch(/^[0-9a-f]{32}\.png$/);
    expect((await fetch(`${server.url}/uploads/${up.data.proofFile}`)).status).toBe(404);
    const r = await save({ ...person(), proofFile: up.data.proofFile });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    const id = await findId(r.body.data.queryCode);
    const file = await fetch(`${server.url}/apply/proof`, { method: 'POST', headers: { Authorization: admin, 'Content-Type': 'application/json', clientId: 'ADMIN', appKey: 'adminSite', version: '1.0.0' }, body: JSON.stringify({ id }) });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(png())).toBe(true);
    expect((await call(server.url, '/apply/proof', { body: { id } })).status).toBe(401);
  });

  it('refuses another type, an oversize file while reading (nothing kept), and a name it did not write', async () => {
    const dir = `${server.app.portal.config.dataDir}/private/apply-proof`;
    const { readdir } = await import('node:fs/promises');
    const before = (await readdir(dir)).length;
    const text = await uploadProof(Buffer.from('<html>not a scan</html>'), 'id.png');
    expect(text).toMatchObject({ errorCode: '1002', errorMsg: '身份证明只能是 JPG、PNG 或 PDF 文件' });
    const big = await uploadProof(png(5 * 1024 * 1024));
    expect(big).toMatchObject({ errorCode: '1002', errorMsg: '身份证明文件不能超过5MB' });
    expect((await readdir(dir)).length).toBe(before);
    const forged = await save({ ...person(), proofFile: '../../../etc/passwd' });
    expect(forged.body).toMatchObject({ errorCode: '1002', errorMsg: '身份证明文件无效，请重新上传' });
    const missing = await save({ ...person(), proofFile: `${'0'.repeat(32)}.png` });
    expect(missing.body.errorCode).toBe('1002');
  });

  it('the cleanup job removes a day-old scan no application names, and keeps the sent and the fresh ones', async () => {
    const { access, utimes } = await import('node:fs/promises');
    const dir = `${server.app.portal.config.dataDir}/private/apply-proof`;
    const [sent, abandoned, fresh] = [(await uploadProof(png())).data.proofFile, (await uploadProof(png())).data.proofFile, (await uploadProof(png())).data.proofFile];
    expect((await save({ ...person(), proofFile: sent })).body.errorCode).toBe('0');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const name of [sent, abandoned]) await utimes(`${dir}/${name}`, twoDaysAgo, twoDaysAgo);
    expect(await server.app.scheduler.runNow('apply-proof-cleanup')).toBe(true);
    const exists = (name: string) => access(`${dir}/${name}`).then(() => true, () => false);
    expect({ sent: await exists(sent), abandoned: await exists(abandoned), fresh: await exists(fresh) }).toEqual({ sent: true, abandoned: false, fresh: true });
    // The removed scan can no longer be sent: the citizen is asked to upload it again.
    expect((await save({ ...person(), proofFile: abandoned })).body).toMatchObject({ errorCode: '1002', errorMsg: '身份证明文件无效，请重新上传' });
  });
});

describe('handling', () => {
  it('accept → extend once → reply; refuses wrong transitions', async () => {
    const id = await findId((await save(person())).body.data.queryCode);
    const h = (body: Record<string, unknown>) => call<Apply & { replyDept: string; replyTime: string }>(server.url, '/apply/add', { token: admin, body: { id, ...body } });
    expect((await h({ status: 2 })).body.errorCode).toBe('1001'); // reply text missing
    const accepted = await h({ status: 1 });
    expect(accepted.body.data.status).toBe(1);
    expect((await h({ status: 1 })).body.errorCode).toBe('1005');
    const before = accepted.body.data.deadline;
    const extended = await h({ extend: 1 });
    expect(extended.body.data.extended).toBe(1);
    expect(extended.body.data.deadline).toBe(addWorkingDays(before, 20));
    expect((await h({ extend: 1 })).body.errorCode).toBe('1005');
    expect((await h({ handleDeptId: otherDeptId })).body.errorCode).toBe('1005'); // transfer only while pending acceptance
    const replied = await h({ status: 2, replyContent: '经查，相关信息已在县政府门户网站公开，详见附件。', replyDept: '县教育局', replyAttachment: 'uploads/reply.pdf' });
    expect(replied.body.data.status).toBe(2);
    expect(replied.body.data.replyDept).toBe('县教育局');
    expect(replied.body.data.replyTime).toMatch(/^\d{4}-/);
    expect((await h({ status: 3, replyContent: 'x' })).body.errorCode).toBe('1005');
    expect((await h({})).body.errorCode).toBe('1002');
  });

  it('transfer, withdrawal, overdue flag and the overview', async () => {
    const id = await findId((await save(org())).body.data.queryCode);
    const moved = await call<Apply & { handleDeptName: string }>(server.url, '/apply/add', { token: admin, body: { id, handleDeptId: otherDeptId } });
    expect(moved.body.data.handleDeptName).toBe('县卫生健康局');
    const late = await findId((await save(person())).body.data.queryCode);
    await server.app.db.updateTable('apply').set({ deadline: '2020-01-01' }).where('id', '=', late).execute();
    const overdue = await call<{ list: Apply[] }>(server.url, '/apply/list', { token: admin, body: { overdue: 1 } });
    expect(overdue.body.data.list.map((a) => a.id)).toContain(late);
    expect(overdue.body.data.list.every((a) => a.overdue === 1)).toBe(true);
    const summary = await call<{ total: number; overdue: number; byStatus: { label: string; count: number }[] }>(server.url, '/app/list', { token: admin, body: {} });
    expect(summary.body.data.overdue).toBeGreaterThanOrEqual(1);
    expect(summary.body.data.byStatus.map((b) => b.label)).toEqual(['待受理', '已受理', '已答复', '不予公开', '已撤回']);
    const withdrawn = await call<Apply>(server.url, '/apply/add', { token: admin, body: { id: late, status: 4 } });
    expect(withdrawn.body.data.statusName).toBe('已撤回');
    expect(withdrawn.body.data.overdue).toBe(0);
    const depts = await call<{ name: string; pending: number }[]>(server.url, '/apply/dept/list', { token: admin, body: {} });
    expect(depts.body.data.find((d) => d.name === '县卫生健康局')!.pending).toBeGreaterThanOrEqual(1);
    const byDept = await call<{ list: { handleDeptId: number }[] }>(server.url, '/apply/listByDept', { token: admin, body: { deptId: otherDeptId } });
    expect(byDept.body.data.list.every((a) => a.handleDeptId === otherDeptId)).toBe(true);
  });

  it('staff register a request at the counter; delete and dels; data scope of the handling department', async () => {
    const created = await call<Apply & { source: number }>(server.url, '/apply/add', { token: admin, body: { ...person(), handleDeptId: otherDeptId } });
    expect(created.body.errorCode, created.body.errorMsg).toBe('0');
    expect(created.body.data.source).toBe(2);
    const xinxi = await login(server.url, 'xinxi', DEMO_PASSWORD);
    expect((await call(server.url, '/apply/list', { token: xinxi, body: {} })).status).toBe(403);
    expect((await call(server.url, '/apply/delete', { token: admin, query: { id: created.body.data.id } })).body.data).toBe(1);
    const a = await findId((await save(person())).body.data.queryCode);
    const b = await findId((await save(person())).body.data.queryCode);
    expect((await call(server.url, '/apply/dels', { token: admin, body: { ids: [a, b] } })).body.data).toBe(2);
    expect((await call(server.url, '/apply/dels', { token: admin, body: { ids: [a] } })).body.errorCode).toBe('1003');
  });

  it('settings: reads defaults, saves in range, refuses out of range; new deadlines follow them', async () => {
    const read = await call<{ replyDays: number; extendDays: number }>(server.url, '/apply/system', { token: admin, body: {} });
    expect(read.body.data).toMatchObject({ replyDays: 20, extendDays: 20 });
    expect((await call(server.url, '/apply/system', { token: admin, body: { replyDays: 0 } })).body.errorCode).toBe('1002');
    expect((await call(server.url, '/apply/system', { token: admin, body: { replyDays: 15 } })).body.data).toMatchObject({ replyDays: 15, extendDays: 20 });
    const r = await save(person());
    expect(r.body.data.deadline).toBe(addWorkingDays(new Date().toISOString().slice(0, 10), 15));
    await call(server.url, '/apply/system', { token: admin, body: { replyDays: 20 } });
  });
});

describe('exports', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { Authorization: admin, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('Word: the application (download) and with its reply (exportWord) are real .docx files', async () => {
    const id = await findId((await save(person())).body.data.queryCode);
    await call(server.url, '/apply/add', { token: admin, body: { id, status: 2, replyContent: '答复正文：信息已公开。' } });
    for (const path of ['/apply/download', '/apply/exportWord']) {
      const res = await post(path, { id });
      expect(res.headers.get('content-type')).toContain('application/octet-stream');
      expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('.docx');
      const buf = Buffer.from(await res.arrayBuffer());
      expect(buf.subarray(0, 2).toString()).toBe('PK');
      const text = buf.toString('latin1');
      expect(text).toContain('word/document.xml');
    }
    const none = await call(server.url, '/apply/exportWord', { token: admin, body: { id: 999999 } });
    expect(none.body.errorCode).toBe('1003');
  });

  it('Excel of the list, parsed back', async () => {
    const res = await post('/export/WbExcel', { infoName: '工业园区' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('依申请公开')!;
    expect(sheet.getRow(1).getCell(5).value).toBe('所需信息名称');
    expect(sheet.rowCount).toBeGreaterThanOrEqual(2);
    for (let i = 2; i <= sheet.rowCount; i += 1) expect(String(sheet.getRow(i).getCell(5).value)).toContain('工业园区');
  });
});

describe('SMS reminder', () => {
  it('logs the message when no gateway is configured; once a day per application; applicant or staff', async () => {
    const r = await save(person());
    const id = await findId(r.body.data.queryCode);
    expect((await call(server.url, '/apply/sms/reminder', { body: { id, queryCode: r.body.data.queryCode, phone: '13600009999' } })).body.errorCode).toBe('1003');
    const sent = await call<{ status: string }>(server.url, '/apply/sms/reminder', { body: { id, queryCode: r.body.data.queryCode, phone: '13600002222' } });
    expect(sent.body.errorCode, sent.body.errorMsg).toBe('0');
    expect(sent.body.data.status).toBe('logged');
    const logged = await server.app.db.selectFrom('sms_log').selectAll().where('bizId', '=', id).execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.phone).toBe('0571-88886666');
    expect(String(logged[0]!.content)).toContain(r.body.data.queryCode);
    expect((await call(server.url, '/apply/sms/reminder', { token: admin, body: { id } })).body.errorCode).toBe('1005');

    // A department without a phone: refused clearly.
    await server.app.db.updateTable('departments').set({ phone: null }).where('id', '=', otherDeptId).execute();
    const other = await call<{ queryCode: string }>(server.url, '/web/apply/save', { body: { ...person(), handleDeptId: otherDeptId, ...(await captcha()) } });
    const otherId = await findId(other.body.data.queryCode);
    expect((await call(server.url, '/apply/sms/reminder', { token: admin, body: { id: otherId } })).body.errorMsg).toContain('未登记联系电话');
  });

  it('the sender posts to SMS_GATEWAY_URL when set and records a failure without throwing', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    const unconfigured = createSmsSender(server.app.db, log, {});
    expect(unconfigured.name).toBe('log');
    expect(await unconfigured.send({ phone: '13800000000', content: '测试短信', bizType: 'test', bizId: 1 })).toBe('logged');
    expect(log.info).toHaveBeenCalledTimes(1);
    const gateway = createSmsSender(server.app.db, log, { SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' });
    expect(gateway.name).toBe('http');
    expect(await gateway.send({ phone: '13800000000', content: '测试短信', bizType: 'test', bizId: 2 })).toBe('failed');
    const rows = await server.app.db.selectFrom('sms_log').select(['status']).where('bizType', '=', 'test').orderBy('id').execute();
    expect(rows.map((x) => x.status)).toEqual(['logged', 'failed']);
  });
});
