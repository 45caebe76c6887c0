// A real portal server (fresh database, known captcha, the built front end) and a Chromium page on it.
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from '../../api/helpers/testServer';
import { ownChromium } from './chromium';

export interface Portal {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startPortal(): Promise<Portal> {
  const server = await startTestServer({ staticDir: path.resolve('dist') });
  // One Chromium per test process; the portal's contexts are its own and close with it (chromium.ts).
  const browser = await ownChromium();
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** Collects the page's uncaught errors so a test can assert there were none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until the image has loaded (a captcha exists on the server once its picture was fetched). */
export async function pictureArrived(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/** The captcha each page last submitted. */
const usedCodeIds = new WeakMap<Page, string | null>();

/**
 * Types the captcha as a person would: once its picture has arrived (the server stores a captcha when its
 * picture is fetched) and never the one the last attempt used up (a refused login replaces it a moment after
 * its answer; CI once met attempt 2 sending the old one, 验证码错误或已过期).
 */
export async function fillCaptcha(page: Page, text = TEST_CAPTCHA_TEXT) {
  const captcha = page.locator('img[alt="验证码"]');
  await expect.poll(() => captcha.getAttribute('data-code-id')).not.toBe(usedCodeIds.get(page) ?? null);
  await pictureArrived(captcha);
  usedCodeIds.set(page, await captcha.getAttribute('data-code-id'));
  await page.locator('input[name="verifyCode"]').fill(text);
}

/** Types into the login form of the app at `appPath` as a person would, and waits for the shell. */
export async function logIn(page: Page, baseUrl: string, appPath: '/admin/' | '/report/', username: string, password: string) {
  await page.goto(baseUrl + appPath);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await fillCaptcha(page);
  await page.getByRole('button', { name: '登录' }).click();
  // The shell is up when the user menu (个人中心) shows.
  await page.getByRole('button', { name: '个人中心' }).waitFor({ timeout: 30_000 });
}

/**
 * Opens the user menu and logs out, as a person would; waits for the login form of the page loaded again
 * after the logout (#boot-login, which the app removes when it starts): the screen left behind may have a
 * username field of its own (用户管理's filter), and a test that went on then met the reload mid-way
 * ("navigation interrupted by another navigation to /admin/#/login", role-menu under load).
 */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: '个人中心' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.locator('#boot-login input[name="username"]').waitFor({ timeout: 30_000 });
}

/** Calls the public API from the page, as the portal's own web pages would (same origin, no token). */
export async function publicCall<T>(page: Page, path: string, body: unknown): Promise<{ errorCode: string; errorMsg: string; data: T }> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
      return res.json();
    },
    [path, body] as const,
  );
}

/**
 * Opens a menu entry as a person in a hurry would (groups are collapsed except the current one): types its
 * name into 搜索菜单 and clicks the entry found. `scope` is the page (or a frame of it).
 */
export async function openMenu(scope: Page, name: string) {
  await scope.getByRole('textbox', { name: '搜索菜单' }).fill(name);
  await scope.getByRole('menuitem', { name, exact: true }).first().click();
}

/**
 * Clicks a menu entry of the walk's list: leaving a group folds it (PortalMenu), so the groups are opened
 * again when the entry is hidden.
 */
export async function clickMenuEntry(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name, exact: true }).first();
  if (!(await item.isVisible())) await expandMenu(page);
  await item.click();
}

/** Opens every menu group (groups start collapsed; a group's subgroups appear once it is open). */
export async function expandMenu(page: Page) {
  for (let round = 0; round < 10; round++) {
    const closed = page.locator('[aria-label="主菜单"] [aria-expanded="false"]');
    const count = await closed.count();
    if (!count) return;
    for (let i = 0; i < count; i++) await closed.first().click();
  }
}

/**
 * Clicks a list's 新增 and waits until the list has left and the page is quiet. A list's search form may have
 * an input of the same name as the form's (通知管理's 标题): a test that waited for `input[name="title"]` right
 * after the click could type into the leaving list's search box on a slow machine, and the form stayed empty.
 */
export async function openCreateForm(page: Page) {
  await page.getByRole('link', { name: '新增' }).click();
  await expect.poll(() => page.locator('.list-page').count(), { timeout: 30_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
}
