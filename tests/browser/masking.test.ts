import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentXml } from '../api/helpers/docx';
import { call, login } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// Issue 10 (个人信息保护法), as staff see it at 1366×768: phone and ID numbers are masked in the lists (用户管理,
// 依申请公开), in the Excel the list exports and in the Word file of an application; the admin (who holds
// 查看敏感信息) sees them in full only on the detail page.
const PHONE = '13812347788';
const ID_NUMBER = '310101199203041234';
const MASKED_PHONE = '138****7788';
const MASKED_ID = '3101**********1234';

let portal: Portal;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
  const url = portal.server.url;
  const admin = await login(url, 'admin', portal.server.adminPassword);
  const depts = await call<{ id: number }[]>(url, '/apply/dept/list', { token: admin, body: {} });
  const created = await call(url, '/apply/add', {
    token: admin,
    body: {
      applicantType: 1, name: '周敏', idType: '身份证', idNumber: ID_NUMBER, phone: PHONE, address: '云溪县城关镇人民路8号',
      email: 'zhoumin@example.com', infoName: '脱敏核对信息', content: '申请公开。', purpose: '自身生产生活需要',
      format: '电子邮件', receiveWay: '电子邮件', handleDeptId: depts.body.data[0]?.id,
    },
  });
  expect(created.body.errorCode, created.body.errorMsg).toBe('0');
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  errors = watchPageErrors(page);
});

afterAll(async () => {
  await portal?.close();
});

async function downloaded(click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

describe('personal numbers masked where they are not needed', () => {
  it('in a list: 用户管理 shows the mobile numbers masked', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    const stored = await portal.server.app.db.selectFrom('users').select('mobile').where('username', '=', 'xinxi').executeTakeFirstOrThrow();
    const mobile = String(stored.mobile);
    expect(mobile).toMatch(/^1\d{10}$/);
    await openMenu(page, '用户管理');
    const row = page.getByRole('row').filter({ hasText: 'xinxi' }).first();
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect((await page.locator('main').textContent()) ?? '').not.toContain(mobile);
  });

  it('in the 依申请公开 list and in its Excel export', async () => {
    await openMenu(page, '依申请公开');
    await page.getByRole('search').getByRole('textbox', { name: '所需信息名称' }).fill('脱敏核对');
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    const row = page.getByRole('row').filter({ hasText: '周敏' });
    await row.waitFor({ timeout: 30_000 });
    const shown = (await page.locator('main').textContent()) ?? '';
    expect(shown).not.toContain(PHONE);
    expect(shown).not.toContain(ID_NUMBER);

    const excel = await downloaded(() => page.getByRole('button', { name: '导出Excel' }).click());
    expect(excel.name).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(excel.bytes as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.worksheets[0]?.eachRow((r) => r.eachCell((c) => void cells.push(String(c.value ?? ''))));
    expect(cells).toContain(MASKED_PHONE);
    expect(cells.join('\n')).not.toContain(PHONE);
    expect(cells.join('\n')).not.toContain(ID_NUMBER);
  });

  it('in full on the detail page for 查看敏感信息, masked in the Word file', async () => {
    await page.getByRole('row').filter({ hasText: '周敏' }).getByRole('button', { name: /查看|办理/ }).click();
    await page.getByText(PHONE).first().waitFor({ timeout: 30_000 });
    expect(await page.getByText(ID_NUMBER).count()).toBeGreaterThan(0);
    const word = await downloaded(() => page.getByRole('button', { name: '导出Word' }).click());
    expect(word.name).toMatch(/\.docx$/);
    const xml = documentXml(word.bytes);
    expect(xml).toContain(MASKED_PHONE);
    expect(xml).toContain(MASKED_ID);
    expect(xml).not.toContain(PHONE);
    expect(xml).not.toContain(ID_NUMBER);
    expect(errors).toEqual([]);
  });
});
