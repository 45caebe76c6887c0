import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/types';
import { maskIdNumber, maskPhone } from '../../server/shared/mask';
import { documentXml } from './helpers/docx';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer } from './helpers/testServer';

// Issue 10 (个人信息保护法): phones and ID numbers are masked by the server in lists, Excel and Word;
// in full only on a detail view to a holder of 查看敏感信息, and that view is logged.
let server: TestServer;
let admin: string;
let auditor: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  auditor = await login(server.url, 'shenji', DEMO_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('the shared helper', () => {
  it('keeps the ends', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskIdNumber('310101199001011234')).toBe('3101**********1234');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe(null);
  });
});

describe('users', () => {
  it('the list masks; the detail is full for 查看敏感信息 (logged) and masked for others; a masked value never overwrites', async () => {
    const list = await call<{ list: { userId: number; username: string; mobile: string }[] }>(server.url, '/ding/user/list', { token: admin, body: { pageNum: 1, pageSize: 50 } });
    const xinxi = list.body.data.list.find((u) => u.username === 'xinxi');
    expect(xinxi?.mobile).toBe('138****0002');
    const full = await call<{ mobile: string }>(server.url, '/ding/user/view', { token: admin, body: { userId: xinxi?.userId } });
    expect(full.body.data.mobile).toBe('13800000002');
    await expect
      .poll(async () => (await call<{ list: { operation: string }[] }>(server.url, '/log/list', { token: admin, body: { pageNum: 1, pageSize: 50, path: '/ding/user/view' } })).body.data.list.map((l) => l.operation))
      .toContain('查看敏感信息：用户 xinxi');
    const masked = await call<{ mobile: string }>(server.url, '/ding/user/view', { token: auditor, body: { userId: xinxi?.userId } });
    expect(masked.body.errorCode).toBe('0');
    expect(masked.body.data.mobile).toBe('138****0002');
    const saved = await call(server.url, '/ding/user/save', { token: admin, body: { userId: xinxi?.userId, mobile: '138****0002', positionName: '信息员' } });
    expect(saved.body.errorCode).toBe('0');
    expect((await call<{ mobile: string }>(server.url, '/ding/user/view', { token: admin, body: { userId: xinxi?.userId } })).body.data.mobile).toBe('13800000002');
  });
});

describe('applications (依申请公开)', () => {
  const person = { applicantType: 1, name: '孙丽', idType: '身份证', idNumber: '310101199001011234', phone: '13812341234', address: '云溪县城关镇人民路1号', email: 'sunli@example.com', infoName: '脱敏测试信息', content: '申请公开。', purpose: '学术研究', format: '电子邮件', receiveWay: '电子邮件' };
  const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { Authorization: admin, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('masked in the list, the Excel export and the Word file; full on the detail for the admin', async () => {
    const depts = await call<{ id: number }[]>(server.url, '/apply/dept/list', { token: admin, body: {} });
    const created = await call<{ id: number }>(server.url, '/apply/add', { token: admin, body: { ...person, handleDeptId: depts.body.data[1]?.id } });
    expect(created.body.errorCode, created.body.errorMsg).toBe('0');
    const id = created.body.data.id;
    const list = await call<{ list: { id: number; phone: string; idNumber: string }[] }>(server.url, '/apply/list', { token: admin, body: { pageNum: 1, pageSize: 50, infoName: '脱敏测试' } });
    expect(list.body.data.list.find((r) => r.id === id)).toMatchObject({ phone: '138****1234', idNumber: '3101**********1234' });
    const detail = await call<{ phone: string; idNumber: string }>(server.url, '/apply/get', { token: admin, body: { id } });
    expect(detail.body.data).toMatchObject({ phone: '13812341234', idNumber: '310101199001011234' });

    const excel = await post('/export/WbExcel', { infoName: '脱敏测试' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await excel.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('依申请公开')!;
    expect(sheet.getRow(1).getCell(4).value).toBe('联系电话');
    expect(sheet.getRow(2).getCell(4).value).toBe('138****1234');

    const word = documentXml(Buffer.from(await (await post('/apply/download', { id })).arrayBuffer()));
    expect(word).toContain('3101**********1234');
    expect(word).toContain('138****1234');
    expect(word).not.toContain('310101199001011234');
    expect(word).not.toContain('13812341234');
  });
});

describe('every export through the shared Excel builder', () => {
  const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { Authorization: admin, appKey: 'adminSite', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const phonesIn = async (path: string, table: string) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await (await post(path, {})).arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const col = (ws.getRow(1).values as unknown[]).indexOf('联系电话');
    expect(col).toBeGreaterThan(0);
    const shown = Array.from({ length: ws.rowCount - 1 }, (_v, i) => String(ws.getRow(i + 2).getCell(col).value ?? '')).filter(Boolean);
    const stored = ((await dynamic(server.app.db).selectFrom(table).select('phone').where('phone', 'is not', null).execute()) as { phone: string }[]).map((r) => r.phone).filter((p) => p.length >= 8);
    return { shown, stored };
  };

  it('letters (领导信箱) and 领导留言 exports show 138****1234, never the stored number', async () => {
    for (const [path, table] of [['/mail/mailBoxExcel', 'mail'], ['/ll/theme/themeExcel', 'theme']] as const) {
      const { shown, stored } = await phonesIn(path, table);
      expect(shown.length, path).toBeGreaterThan(0);
      for (const p of shown) expect(p, path).toMatch(/^\d{3}\*+\d{4}$/);
      for (const full of stored) expect(shown, path).not.toContain(full);
    }
  });
});
