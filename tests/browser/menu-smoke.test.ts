import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../api/helpers/testServer';
import { logIn, logOut, startPortal, watchPageErrors, type Portal, expandMenu, openMenu, clickMenuEntry } from './lib/portal';

// Every screen the admin's menu offers opens: a link of each Menu entry leads to a page that renders
// (no "页面不存在", no uncaught error, no error panel). Catches a screen broken by a change elsewhere.
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

/** Clicks every linked menu entry of the shell on screen; answers the entries that did not render. */
async function brokenScreens(minimum: number): Promise<string[]> {
  // Groups start collapsed except the current one's; the walk opens them all first.
  await expandMenu(page);
  const links = await page.getByRole('menuitem').evaluateAll((items) =>
    items
      .map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' }))
      .filter((l) => l.href.startsWith('#/') || l.href.startsWith('/')),
  );
  expect(links.length).toBeGreaterThanOrEqual(minimum);
  const broken: string[] = [];
  for (const link of links) {
    const before = errors.length;
    await clickMenuEntry(page, link.name);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(150);
    const notFound = await page.getByText('页面不存在').count();
    const panel = await page.getByTestId('notice-panel').count();
    if (notFound || panel || errors.length > before) broken.push(`${link.name} (${link.href})${errors.slice(before).join('; ')}`);
  }
  return broken;
}

describe('every menu entry opens its screen', () => {
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
  });

  it('in the admin app, for the admin, who holds every menu (dozens of screens)', async () => {
    expect(await brokenScreens(30)).toEqual([]);
  });

  it('in the reporting app, for department staff', async () => {
    await logOut(page);
    await logIn(page, portal.server.url, '/report/', 'xinxi', DEMO_PASSWORD);
    expect(await brokenScreens(3)).toEqual([]);
  });
});
