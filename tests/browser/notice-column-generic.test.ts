import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, openMenu, startPortal, watchPageErrors, type Portal, openCreateForm } from './lib/portal';

// Issue 19, session 23: 通知管理 is the generic list and form (targets as link choices), 栏目管理 the generic
// tree view with the column's 授权角色 (a declared link) in its right pane.
let portal: Portal;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  errors = watchPageErrors(page);
});
afterAll(async () => portal?.close());

const db = () => portal.server.app.db;

describe('通知管理 and 栏目管理 on the generic views', () => {
  it('publishes a notice to a department through the generic form', async () => {
    const title = `浏览器测试通知${Date.now()}`;
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '通知管理');
    // The outbox opens (通知箱 已发布通知) with the seeded notices.
    await page.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/notice-generic-list.png' });
    await openCreateForm(page);
    await page.locator('input[name="title"]').fill(title);
    const editor = page.locator('.ProseMirror');
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await page.keyboard.type('请各单位按时报送材料。');
    await page.getByRole('combobox', { name: '接收部门' }).click();
    await page.getByRole('option', { name: /县教育局/ }).first().click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'test-results/notice-generic-form.png', fullPage: true });
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('row').filter({ hasText: title }).waitFor({ timeout: 30_000 });
    const row = await db().selectFrom('notice').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
    expect(row.content).toBe('<p>请各单位按时报送材料。</p>');
    expect(row.targetNames).toBe('县教育局');
    const dept = await db().selectFrom('departments').select('id').where('name', '=', '县教育局').executeTakeFirstOrThrow();
    const targets = await db().selectFrom('notice_target').select(['targetType', 'targetId']).where('noticeId', '=', row.id).execute();
    expect(targets).toEqual([{ targetType: 'dept', targetId: dept.id }]);
  });

  it('grants a column to a role in the tree view', async () => {
    await openMenu(page, '栏目管理');
    await page.getByRole('treeitem', { name: /乡镇动态/ }).locator('.MuiTreeItem-label').first().click();
    const roles = page.getByRole('combobox', { name: '授权角色' });
    await roles.waitFor({ timeout: 30_000 });
    const column = await db().selectFrom('category').select('categoryId').where('categoryTitle', '=', '乡镇动态').executeTakeFirstOrThrow();
    const role = await db().selectFrom('roles').select(['roleId', 'name']).where('roleAlias', '=', 'admin').executeTakeFirstOrThrow();
    const before = (await db().selectFrom('category_role').select('roleId').where('categoryId', '=', column.categoryId).execute()).map((r) => r.roleId);
    expect(before).not.toContain(role.roleId);
    await roles.click();
    await page.getByRole('option', { name: role.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'test-results/column-tree-roles.png', fullPage: true });
    // 列表模板 offers the template files on disk (/column/tem/list), the column's own among them.
    const stored = await db().selectFrom('category').select('columnListUrl').where('categoryId', '=', column.categoryId).executeTakeFirstOrThrow();
    expect(stored.columnListUrl).toMatch(/\.html?$/);
    const listTemplate = page.getByRole('combobox', { name: '列表模板' });
    await expect.poll(() => listTemplate.innerText(), { timeout: 15_000 }).toBe(stored.columnListUrl);
    await listTemplate.click();
    await page.getByRole('option', { name: stored.columnListUrl!, exact: true }).waitFor();
    expect(await page.getByRole('option').count()).toBeGreaterThan(1);
    await page.screenshot({ path: 'test-results/column-template-choices.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(async () => (await db().selectFrom('category_role').select('roleId').where('categoryId', '=', column.categoryId).execute()).map((r) => r.roleId).sort(), { timeout: 15_000 })
      .toEqual([...before, role.roleId].sort());
  });

  it('raised no uncaught error in the page', () => {
    expect(errors).toEqual([]);
  });
});
