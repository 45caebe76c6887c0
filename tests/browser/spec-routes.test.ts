import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppKey } from '../../providers/types';
import { SPEC_ROUTES } from '../../src/routes/specRoutes';
import { logIn, logOut, startPortal, watchPageErrors, type Portal, expandMenu } from './lib/portal';
import { SPEC_ROUTES_WITHOUT_SCREEN_YET } from './lib/specRouteExclusions';

// Every route of the spec's screen tables (part 1 §2, src/routes/specRoutes.ts) opens a screen in its app:
// typed as a bookmark (`#/main/article/essay`), it renders without 页面不存在 and without a page error,
// and stays at that route (or at the route it opens). The short routes of before still lead there.
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

const hashOf = (p: Page) => decodeURIComponent(new URL(p.url()).hash);

const pathOfHash = (p: Page) => hashOf(p).replace(/^#/, '').split('?')[0] ?? '';

/**
 * Goes to a hash route as a typed address would; waits until the app has settled on `expected` (the route
 * itself, or the one it opens) and the screen has rendered something. Answers where it landed.
 */
async function open(route: string, expected = route): Promise<string> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${route}`);
  await expect
    .poll(() => pathOfHash(page).toLowerCase(), { timeout: 5_000 })
    .toBe(expected.toLowerCase())
    .catch(() => undefined);
  const rendered = await page
    .waitForFunction(
      () => {
        const main = document.getElementById('main-content');
        return !!main && (main.textContent ?? '').trim().length > 0 && !document.querySelector('#main-content .MuiLinearProgress-root');
      },
      undefined,
      { timeout: 10_000 },
    )
    .then(() => true, () => false);
  await page.waitForTimeout(150);
  return rendered ? pathOfHash(page) : `${pathOfHash(page)}, nothing rendered in 10 s`;
}

/** Visits every spec route of the app; answers those that did not open their screen. */
async function brokenRoutes(appKey: AppKey): Promise<string[]> {
  const broken: string[] = [];
  const routes = SPEC_ROUTES[appKey].filter((r) => !SPEC_ROUTES_WITHOUT_SCREEN_YET.has(r.path));
  expect(routes.length).toBeGreaterThan(appKey === 'adminSite' ? 45 : 5);
  for (const route of routes) {
    const before = errors.length;
    const expected = route.opens ?? route.path;
    const landed = await open(route.path, expected);
    const problems = [
      ...((await page.getByText('页面不存在').count()) ? ['页面不存在'] : []),
      ...errors.slice(before),
      ...(landed.toLowerCase() === expected.toLowerCase() ? [] : [`landed at ${landed}`]),
    ];
    if (problems.length) broken.push(`${route.path} (${route.label}): ${problems.join('; ')}`);
  }
  return broken;
}

describe('every route of the spec opens its screen', () => {
  it('in the admin app (#/main/…), and the short routes lead to the same screens', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    expect(await brokenRoutes('adminSite')).toEqual([]);

    // The menu links by the spec routes.
    await expandMenu(page);
    await expect.poll(() => page.getByRole('menuitem', { name: '文章管理' }).getAttribute('href')).toBe('#/main/article/essay');

    // Aliases: the routes of before redirect to the spec routes, for lists and forms alike.
    for (const [short, spec] of [
      ['/article', '/main/article/essay'],
      ['/mail', '/main/interact/LeaderMailbox'],
      ['/user', '/main/system/user'],
      ['/announcement/create', '/main/article/announcement/create'],
    ] as const) {
      expect(await open(short, spec)).toBe(spec);
      expect(await page.getByText('页面不存在').count()).toBe(0);
    }
    // react-admin's own links (built from the resource name) end at the spec route too.
    await open('/main/article/announcement');
    await page.getByRole('link', { name: '新增' }).first().click();
    await expect.poll(() => hashOf(page)).toBe('#/main/article/announcement/create');
    await expect.poll(() => page.locator('input[name=title]').count()).toBe(1);
  });

  // The admin holds every screen of both apps (a 4xx of a screen not granted would end the session, spec §8).
  it('in the reporting app (#/report/…)', async () => {
    await logOut(page);
    await logIn(page, portal.server.url, '/report/', 'admin', portal.server.adminPassword);
    expect(await brokenRoutes('reportSite')).toEqual([]);
  });
});
