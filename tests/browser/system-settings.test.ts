import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu, openCreateForm } from './lib/portal';

// 模板管理 and 站点设置 as an administrator uses them.
let portal: Portal;
let page: Page;
let errors: string[];
let root: string;

beforeAll(async () => {
  portal = await startPortal();
  root = path.join(portal.server.app.portal.config.dataDir, 'templates');
  page = await portal.browser.newPage({ locale: 'zh-CN' });
  errors = watchPageErrors(page);
});

afterAll(async () => {
  await portal?.close();
});

describe('模板管理', () => {
  it('browses a skin, folders before files, edits and saves a file, guarding unsaved changes', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '模板管理');
    const row = page.getByRole('row').filter({ hasText: 'default' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('当前模板');
    await row.getByRole('button', { name: '模板文件' }).click();

    await page.locator('tr[data-entry-type]').first().waitFor();
    const types = await page.locator('tr[data-entry-type]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-entry-type')));
    expect(types.indexOf('FILE')).toBeGreaterThan(0);
    expect(types.slice(types.indexOf('FILE')).every((t) => t === 'FILE')).toBe(true);

    await page.getByRole('row').filter({ hasText: 'list.html' }).getByRole('button', { name: '编辑' }).click();
    const editor = page.getByRole('textbox', { name: '模板内容' });
    await expect.poll(() => editor.inputValue()).toContain('{% include "include/header.html" %}');
    await editor.fill('<p>{{ column.name }} 列表</p>');
    await expect.poll(() => page.getByTestId('template-path').textContent()).toContain('未保存');

    // Leaving with unsaved changes asks first; 取消 stays on the editor.
    await page.getByRole('button', { name: '返回' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('当前文件有未保存的修改，确定离开吗？').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => editor.inputValue()).toBe('<p>{{ column.name }} 列表</p>');

    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => fs.readFile(path.join(root, 'default', 'list.html'), 'utf8')).toBe('<p>{{ column.name }} 列表</p>');
    await expect.poll(() => page.getByTestId('template-path').textContent()).not.toContain('未保存');

    // Saved: leaving does not ask.
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByRole('row').filter({ hasText: 'list.html' }).getByRole('button', { name: '查看' }).click();
    const viewer = page.getByRole('textbox', { name: '模板内容（只读）' });
    await expect.poll(() => viewer.inputValue()).toBe('<p>{{ column.name }} 列表</p>');
    expect(await viewer.getAttribute('readonly')).not.toBeNull();
  });

  it('deletes a file after confirmation', async () => {
    await fs.writeFile(path.join(root, 'default', 'old.txt'), 'x');
    await page.goto(`${portal.server.url}/admin/#/main/system/templateFile?folder=default`);
    const row = page.getByRole('row').filter({ hasText: 'old.txt' });
    await row.getByRole('button', { name: '删除' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('提示信息').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => fs.access(path.join(root, 'default', 'old.txt')).then(() => true, () => false)).toBe(false);
    await expect.poll(() => row.count()).toBe(0);
  });
});

describe('站点设置', () => {
  it('shows one form and saves the changed fields', async () => {
    await openMenu(page, '站点设置');
    const name = page.locator('input[name="siteName"]');
    await expect.poll(() => name.inputValue()).toBe('云溪县人民政府门户网站');
    await page.waitForLoadState('networkidle');
    await page.locator('input[name="siteDomain"]').fill('www.yunxi.gov.cn');
    await page.locator('input[name="siteIdCode"]').fill('5301230001');
    await page.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(async () => (await portal.server.app.db.selectFrom('site_setting').selectAll().executeTakeFirst()) as Record<string, unknown> | undefined)
      .toMatchObject({ siteDomain: 'www.yunxi.gov.cn', siteIdCode: '5301230001', siteName: '云溪县人民政府门户网站' });
    expect(errors).toEqual([]);
  });
});

describe('消息提醒设置', () => {
  it('the generic form picks the receivers of the chosen type and the server names them', async () => {
    const name = `浏览器新建议提醒${Date.now()}`;
    await openMenu(page, '消息提醒设置');
    await openCreateForm(page);
    await page.locator('input[name="name"]').fill(name);
    await page.getByRole('combobox', { name: '提醒事项' }).click();
    await page.getByRole('option', { name: '新建议' }).click();
    // 提醒对象类型 opens on 按角色: the choice lists the roles; 按部门 lists the departments instead.
    await page.getByRole('combobox', { name: '提醒对象类型' }).click();
    await page.getByRole('option', { name: '按部门' }).click();
    await page.getByRole('combobox', { name: '提醒对象', exact: true }).click();
    await page.getByRole('option', { name: '县教育局', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.screenshot({ path: 'test-results/notice-setting-form.png', fullPage: true });
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('row').filter({ hasText: name }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/notice-setting-saved.png' });
    await expect
      .poll(async () => (await portal.server.app.db.selectFrom('notice_setting').selectAll().where('name', '=', name).executeTakeFirst()) as Record<string, unknown> | undefined, { timeout: 15_000 })
      .toMatchObject({ eventType: 'SUGGEST_NEW', receiverType: 'DEPT', receiverNames: '县教育局' });
    expect(errors).toEqual([]);
  });
});
