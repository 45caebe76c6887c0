import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// The admin shell's menu: the app's name on top, groups collapsed, a search by pinyin initials, breadcrumbs,
// a group folding when another's screen opens. That every entry of both apps opens a screen that renders (no
// 页面不存在, no error panel, no uncaught error) is checked by list-fit.test.ts's walk, which visits each once.
let portal: Portal;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  errors = watchPageErrors(page);
});

afterAll(async () => {
  await portal?.close();
});

describe('the admin menu', () => {
  it('the shell: 应用信息’s name on top, groups collapsed, a menu search by pinyin initials, one 首页 crumb', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await expect.poll(() => page.getByTestId('app-title').innerText(), { timeout: 10_000 }).toBe('云溪县人民政府门户网站管理系统');
    const menu = page.locator('[aria-label="主菜单"]');
    // At home no group but the home one is open.
    expect(await menu.locator('[aria-expanded="true"]').count()).toBeLessThanOrEqual(1);
    await page.screenshot({ path: 'test-results/shell/admin-home-menu-collapsed.png' });
    await page.getByRole('textbox', { name: '搜索菜单' }).fill('dswz');
    await page.getByRole('menuitem', { name: '待审文章', exact: true }).waitFor();
    await page.screenshot({ path: 'test-results/shell/admin-menu-search-dswz.png' });
    await page.getByRole('menuitem', { name: '待审文章', exact: true }).click();
    await expect.poll(() => page.getByTestId('breadcrumbs').innerText()).toMatch(/^首页\s*›\s*待审文章$/);
    await page.screenshot({ path: 'test-results/shell/admin-audit-breadcrumbs.png' });
    // Leaving the group for another one's screen folds it: the menu does not grow with every screen visited.
    await openMenu(page, '用户管理');
    await expect.poll(() => page.getByTestId('breadcrumbs').innerText()).toMatch(/用户管理$/);
    await page.getByRole('textbox', { name: '搜索菜单' }).fill('');
    await expect.poll(() => menu.getByRole('menuitem', { name: '用户管理', exact: true }).count()).toBe(1);
    // (the group folds with an animation, then its entries unmount)
    await expect.poll(() => menu.getByRole('menuitem', { name: '待审文章', exact: true }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/shell/admin-menu-after-leaving-group.png' });
    expect(errors).toEqual([]);
  });
});
