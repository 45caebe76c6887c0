import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA_TEXT } from '../api/helpers/testServer';
import { logIn, logOut, openMenu, startPortal, watchPageErrors, type Portal } from './lib/portal';

// index.html's login form shows before any script ran; the small login entry (src/boot.ts) wires it without
// taking it over, so what a person typed stays. Nothing of the app loads before the login (docs/performance.md).
let portal: Portal;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  errors = watchPageErrors(page);
});

afterAll(async () => {
  await portal?.close();
});

describe('the login form of index.html', () => {
  it('takes typing before its script runs, loads no app chunk and one captcha until the person types, then opens the shell', async () => {
    // Hold the entry script back, as a slow network would, until the person has typed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const scripts: string[] = [];
    const captchas: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
      if (path === '/user/captcha') captchas.push(r.url());
    });
    // The boot script is inline, allowed by its hash alone (never 'unsafe-inline'), and runs: no violation.
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // Module scripts hold DOMContentLoaded back: wait for the response only.
    const response = await page.goto(`${portal.server.url}/report/`, { waitUntil: 'commit' });
    const scriptSrc = /script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]{43}='$/);
    await expect.poll(() => page.locator('#boot-login h1').innerText()).toBe('城市网站报送管理系统');
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(portal.server.adminPassword);
    // Before the script: no captcha, and the button cannot send anything.
    await expect(page.locator('img[alt="验证码"]').count()).resolves.toBe(0);
    expect(await page.getByRole('button', { name: '登录' }).isDisabled()).toBe(true);
    release();

    await expect.poll(() => page.locator('img[alt="验证码"]').getAttribute('src')).toContain('/user/captcha?codeId=');
    await expect.poll(() => page.getByRole('button', { name: '登录' }).isEnabled()).toBe(true);
    expect(await page.locator('input[name="username"]').inputValue()).toBe('admin');
    expect(await page.locator('input[name="password"]').inputValue()).toBe(portal.server.adminPassword);
    // Only the login entry so far: the app (react-admin, MUI) is not fetched, not even preloaded.
    await page.waitForLoadState('networkidle');
    expect(scripts.every((p) => /^\/assets\/index-[^/]+\.js$/.test(p)), scripts.join(' ')).toBe(true);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    expect(captchas).toHaveLength(1);

    // Typing in the form (after the script ran) starts loading the app behind it, for a quick shell after login.
    await page.locator('input[name="verifyCode"]').fill(TEST_CAPTCHA_TEXT);
    await expect.poll(() => scripts.some((p) => /^\/assets\/app-[^/]+\.js$/.test(p))).toBe(true);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('button', { name: '个人中心' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#boot-login').count()).toBe(0);
    await page.unroute(/\/assets\/index-[^/]+\.js$/);

    // With a session, a reload opens the shell without the login form.
    await page.reload();
    await page.getByRole('button', { name: '个人中心' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#boot-login').count()).toBe(0);
    // index.html's inline script marked the page before it painted, so the login form never flashed.
    expect(await page.locator('html.has-session.app-report').count()).toBe(1);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the captcha at a readable size with a 换一张 button, under the field on a phone', async () => {
    const tab = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
    await tab.goto(`${portal.server.url}/admin/`);
    const img = tab.locator('img[alt="验证码"]');
    await img.waitFor();
    const box = await img.boundingBox();
    expect([box?.width, box?.height]).toEqual([200, 70]);
    const field = await tab.locator('input[name="verifyCode"]').boundingBox();
    expect(field?.width).toBeGreaterThan(100);
    await tab.screenshot({ path: 'test-results/login/admin-login-1366.png' });
    // An empty submit names each missing field under it, and asks nothing of the server.
    await tab.getByRole('button', { name: '登录' }).click();
    for (const label of ['用户名', '密码', '验证码']) await tab.getByText(`请输入${label}`).waitFor();
    await tab.screenshot({ path: 'test-results/login/admin-login-empty-1366.png' });
    const first = await img.getAttribute('data-code-id');
    await tab.getByRole('button', { name: '看不清？换一张' }).click();
    await expect.poll(() => img.getAttribute('data-code-id')).not.toBe(first);

    // 360 px wide: the image wraps under the field, which keeps a usable width.
    await tab.setViewportSize({ width: 360, height: 740 });
    const narrowField = await tab.locator('input[name="verifyCode"]').boundingBox();
    const narrowImg = await img.boundingBox();
    expect(narrowField?.width).toBeGreaterThan(200);
    expect(narrowImg?.y ?? 0).toBeGreaterThan((narrowField?.y ?? 0) + (narrowField?.height ?? 0) - 1);
    expect((narrowImg?.x ?? 0) + (narrowImg?.width ?? 0)).toBeLessThanOrEqual(360);
    await tab.goto(`${portal.server.url}/report/`);
    await img.waitFor();
    await tab.screenshot({ path: 'test-results/login/report-login-360.png', fullPage: true });
    await tab.close();
  });

  it('an expired session, and a logout, land on the login form again', async () => {
    const tab = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
    await logIn(tab, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    // The server no longer knows the token: a screen's call answers 401 and the login form shows.
    await tab.evaluate(() => sessionStorage.setItem('token', 'expired-token'));
    await tab.reload();
    // (The home's workbench call is silent: a list's call is what meets the 401.)
    await openMenu(tab, '通知公告');
    await tab.locator('#boot-login input[name="username"]').waitFor({ timeout: 30_000 });
    expect(tab.url()).toContain('/admin/#/login');
    expect(await tab.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await logIn(tab, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await logOut(tab);
    expect(tab.url()).toContain('/admin/#/login');
    expect(await tab.locator('#boot-login img[alt="验证码"]').count()).toBe(1);
    await tab.close();
  });
});
