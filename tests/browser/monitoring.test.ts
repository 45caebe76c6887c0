import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebsite } from '../../server/modules/monitoring/availability';
import { monitorSettings } from '../../server/modules/monitoring/settings';
import { call, login } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// 站点监控 at 1366x768 as an administrator sees it on a fresh start with the demo data.
let portal: Portal;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  errors = watchPageErrors(page);
  // No seeded history: the home page is generated and 本站 (registered at first start) checked for real a few times.
  const token = await login(portal.server.url, 'admin', portal.server.adminPassword);
  expect((await call(portal.server.url, '/api/generate/generateIndex', { token })).body.errorCode).toBe('0');
  const db = portal.server.app.db;
  const own = await db.selectFrom('website').selectAll().where('type', '=', 1).executeTakeFirstOrThrow();
  for (let i = 0; i < 4; i += 1) await checkWebsite(db, own, monitorSettings(portal.server.app.portal.config));
}, 90_000);

afterAll(async () => {
  await portal?.close();
});

const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('站点监控', () => {
  it('单项否决监测 shows each indicator red or green with its items and a link to fix them', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '单项否决监测');
    const summary = page.getByTestId('veto-summary');
    await summary.waitFor();
    // The demo articles are from March 2026: the home page and the columns are stale (see the demo seed).
    const home = page.getByTestId('indicator-homeStale');
    await expect.poll(() => home.getAttribute('data-state')).toBe('red');
    expect(await home.textContent()).toContain('阈值：≤14天');
    const indicators = await page.locator('[data-testid^="indicator-"]').count();
    expect(indicators).toBe(9);
    const unreachable = page.getByTestId('indicator-unreachable');
    expect(await unreachable.getAttribute('data-state')).toBe('green');
    expect(await summary.textContent()).toMatch(/项单项否决指标不达标/);
    expect(await fitsWidth()).toBe(true);
    // 去处理 opens the screen where the item is fixed.
    await page.getByTestId('indicator-staleColumns').getByRole('link', { name: '去处理' }).first().click();
    await expect.poll(() => page.url()).toMatch(/#\/main\/article\/essay\?columnId=\d+/);
  });

  it('巡检记录 draws the response-time chart of 本站 from its real checks above the filtered records', async () => {
    await openMenu(page, '巡检记录');
    const chart = page.getByTestId('response-time-chart');
    await chart.waitFor({ timeout: 20_000 });
    await expect.poll(() => chart.locator('path.recharts-curve').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('uptime-summary').textContent()).toMatch(/最近4次检测，可用率100(\.0)?%/);
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(600);
    expect(await page.getByRole('row').filter({ hasText: '云溪县人民政府门户网站' }).count()).toBeGreaterThan(0);
    expect(await fitsWidth()).toBe(true);
    expect(errors).toEqual([]);
  });
});
