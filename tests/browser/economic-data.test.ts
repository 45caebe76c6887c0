import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// 地区生产总值 as a statistics clerk uses it at 1366x768: open from the menu, read, import a file, export.
let portal: Portal;
let page: Page;
let errors: string[];
let tmp: string;

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  errors = watchPageErrors(page);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'econ-browser-'));
});

afterAll(async () => {
  await portal?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('经济数据: 地区生产总值', () => {
  it('opens from the menu with a table and a chart, imports a year from Excel and exports it', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '地区生产总值');
    const table = page.getByTestId('list-table');
    await table.waitFor({ timeout: 30_000 });
    await page.getByTestId('economic-chart').locator('svg.recharts-surface').first().waitFor({ timeout: 30_000 });
    // Demo GDP is about 250亿元: amounts of 10000万元 and more are shown in 亿元.
    await expect.poll(() => table.textContent()).toMatch(/地区生产总值.*\d{3}\.\d{2}亿元/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('地区生产总值');
    ws.addRow(['指标名称', '统计期', '年份', '季度/月份', '数值', '单位', '同比增长(%)', '备注']);
    const file = path.join(tmp, 'gdp-2012.xlsx');
    // First a file with a wrong header: the dialog says why and nothing is saved.
    await book.xlsx.writeFile(file);
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('导入地区生产总值数据');
    // The template to fill in comes from the dialog (a GET of the declared template call).
    const templating = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载模板' }).click();
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(await (await templating).path());
    expect((await templating).suggestedFilename()).toBe('地区生产总值导入模板.xlsx');
    expect(template.worksheets[0]?.getRow(1).getCell(1).value).toBe('指标名称');
    await dialog.getByTestId('upload-file').setInputFiles(file);
    await dialog.getByRole('button', { name: '导入', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('upload-problem').textContent()).toContain('导入文件表头不正确');

    ws.getRow(1).getCell(2).value = '统计周期';
    ws.addRow(['地区生产总值', '年度', 2012, 0, 1234567, '万元', 9.1, '浏览器导入']);
    await book.xlsx.writeFile(file);
    await dialog.getByTestId('upload-file').setInputFiles(file);
    await dialog.getByRole('button', { name: '导入', exact: true }).click();
    await page.getByText('导入成功：新增1条，更新0条').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByLabel('开始年份').fill('2012');
    await page.getByLabel('结束年份').fill('2012');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => table.textContent()).toContain('2012年123.46亿元+9.10%浏览器导入');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('地区生产总值.xlsx');
    const saved = path.join(tmp, 'export.xlsx');
    await download.saveAs(saved);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.readFile(saved);
    const rows: unknown[][] = [];
    exported.worksheets[0]?.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).slice(1, 8)));
    expect(rows).toEqual([['地区生产总值', '年度', 2012, 0, 1234567, '万元', 9.1]]);

    // The generic edit form: a negative growth is saved and shown in red, and the search is kept.
    await table.getByRole('row').filter({ hasText: '浏览器导入' }).getByRole('link', { name: '编辑' }).click();
    const growth = page.getByLabel('同比增长(%)');
    await expect.poll(() => growth.inputValue()).toBe('9.1');
    await growth.fill('-2.5');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain('2012年123.46亿元-2.50%浏览器导入');
    const red = await table.getByText('-2.50%').evaluate((el) => getComputedStyle(el).color);
    expect(red).not.toBe(await table.getByText('123.46亿元').evaluate((el) => getComputedStyle(el).color));
    expect(await table.getByRole('row').count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('the spec route opens the same screen directly', async () => {
    await page.goto(`${portal.server.url}/admin/#/main/article/foreignTrade`);
    await page.getByTestId('list-table').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('list-table').textContent()).toContain('进出口总额');
    expect(errors).toEqual([]);
  });
});
