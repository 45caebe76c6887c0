import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// Issue 10 defects, at 1366x768: the editor keeps an inserted image when typing on; the article show view
// has its body on first open; a forbidden bookmarked route shows 无权访问 and keeps the session.
let portal: Portal;

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

async function session(username: string, password: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await portal.browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } })).newPage();
  const errors = watchPageErrors(page);
  await logIn(page, portal.server.url, '/admin/', username, password);
  return { page, errors };
}

describe('back-office defects', () => {
  it('the editor keeps the image just inserted when the user types a caption', async () => {
    const { page, errors } = await session('xinxi', DEMO_PASSWORD);
    await page.goto(`${portal.server.url}/admin/#/article/create`);
    const editor = page.locator('.ProseMirror');
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await page.keyboard.type('第一行文字');
    await page.getByTestId('editor-image-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await editor.locator('img').waitFor({ timeout: 15_000 });
    await page.keyboard.type('图片说明');
    await expect.poll(() => editor.locator('img').count()).toBe(1);
    await expect.poll(() => editor.textContent()).toContain('图片说明');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('文章管理 → 查看 shows the body on the first open', async () => {
    const { page } = await session('admin', portal.server.adminPassword);
    await openMenu(page, '文章管理');
    // Found as a user would: by its title in the search form (the demo has more articles than one page).
    await page.getByRole('search').getByRole('textbox', { name: '标题' }).fill('全县经济工作会议');
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    const row = page.getByRole('row').filter({ hasText: '云溪县召开2026年全县经济工作会议' });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('link', { name: '查看' }).click();
    const frame = page.frameLocator('iframe[title="正文预览"]');
    await frame.locator('body').getByText('会议总结2025年经济工作').waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('a bookmarked route the user may not open shows 无权访问 without calling the server or logging out', async () => {
    const { page } = await session('xinxi', DEMO_PASSWORD);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403 || r.status() === 401) refused.push(r.url());
    });
    await page.goto(`${portal.server.url}/admin/#/user`);
    await page.getByTestId('access-denied').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('access-denied').getByRole('heading', { name: '无权访问' }).isVisible()).toBe(true);
    // Still logged in: the user menu is there, and the home page opens.
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.getByRole('button', { name: '个人中心' }).waitFor();
    expect(await page.locator('input[name="username"]').count()).toBe(0);
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
