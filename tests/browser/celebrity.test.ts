import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// 名人录 as staff use it at 1366×768: the list of the demo people, the Excel export of the list, and the
// Word export from one person's page (docs/spec-calls.md).
let portal: Portal;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  errors = watchPageErrors(page);
});

afterAll(async () => {
  await portal?.close();
});

describe('名人录', () => {
  it('lists the people and exports the list as Excel', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '名人录');
    await page.getByText('林秀英').first().waitFor();
    expect(await page.getByText('全国劳动模范').count()).toBeGreaterThan(0);
    // The table fits the screen: no horizontal scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('名人录.xlsx');
  });

  it('exports one person as Word from the person\'s page', async () => {
    const row = page.locator('tr', { hasText: '林秀英' });
    await row.getByRole('link', { name: '查看' }).click();
    await page.getByText('带领村民发展茶叶种植').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Word' }).click()]);
    expect(download.suggestedFilename()).toBe('名人录_林秀英.docx');
    expect(errors).toEqual([]);
  });
});
