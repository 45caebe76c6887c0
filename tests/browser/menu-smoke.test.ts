import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../api/helpers/testServer';
import { logIn, logOut, startPortal, watchPageErrors, type Portal } from './lib/portal';

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
  const links = await page.getByRole('menuitem').evaluateAll((items) =>
    items
      .map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' }))
      .filter((l) => l.href.startsWith('#/') || l.href.startsWith('/')),
  );
  expect(links.length).toBeGreaterThanOrEqual(minimum);
  const broken: string[] = [];
  for (const link of links) {
    const before = errors.length;
    await page.getByRole('menuitem', { name: link.name, exact: true }).first().click();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(150);
    const notFound = await page.getByText('页面不存在').count();
    const panel = await page.getByTestId('notice-panel').count();
    if (notFound || panel || errors.length > before) broken.push(`${link.name} (${link.href})${errors.slice(before).join('; ')}`);
  }
  return broken;
}

describe('every menu entry opens its screen', () => {
  it('in the admin app, for the admin, who holds every menu (dozens of screens)', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    expect(await brokenScreens(30)).toEqual([]);
  });

  it('in the reporting app, for department staff', async () => {
    await logOut(page);
    await logIn(page, portal.server.url, '/report/', 'xinxi', DEMO_PASSWORD);
    expect(await brokenScreens(3)).toEqual([]);
  });
});
