import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD } from '../api/helpers/testServer';
import { logIn, logOut, startPortal, watchPageErrors, type Portal, openMenu, openCreateForm } from './lib/portal';

// The walking skeleton as a person uses it: log in to the admin app, create an announcement, change one
// field, delete it, log out; then log in to the reporting app and see its shell.
let portal: Portal;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN' });
  errors = watchPageErrors(page);
});

afterAll(async () => {
  await portal?.close();
});

/**
 * On the first visit react-admin may mount a form twice within ~100 ms of showing it (see
 * src/generic/GenericForm.tsx); a person reads the form before typing, so the test waits until the page
 * has stopped loading.
 */
async function formSettled() {
  await page.locator('input[name="title"]').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

async function announcementRows(title: string) {
  const { url, adminPassword } = portal.server;
  const login = await call<{ value: string }>(url, '/user/loginNoCode', { query: { username: 'admin', password: adminPassword } });
  const list = await call<{ list: { id: number; title: string; source: string; content?: string }[] }>(url, '/announcement/list', {
    token: login.body.data.value,
    body: { pageNum: 1, pageSize: 10, title },
  });
  return list.body.data.list;
}

describe('admin app: an announcement from creation to deletion', () => {
  const title = `浏览器测试公告${Date.now()}`;

  it('logs in with the captcha and shows the shell with the menu from /menu/list', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await expect.poll(() => page.title()).toContain('云溪县');
    // The top bar names the app as 应用信息 holds it (the seeded 系统名称).
    await expect.poll(() => page.getByTestId('app-title').innerText()).toBe('云溪县人民政府门户网站管理系统');
    await page.getByRole('textbox', { name: '搜索菜单' }).fill('通知');
    await expect(page.getByRole('menuitem', { name: '通知公告' }).isVisible()).resolves.toBe(true);
  });

  it('creates an announcement through the form', async () => {
    await openMenu(page, '通知公告');
    await openCreateForm(page);
    await formSettled();
    await page.locator('input[name="title"]').fill(title);
    await page.locator('input[name="source"]').fill('县政府办公室');
    // 内容 is the rich-text editor (loaded lazily): typed into as a person does.
    const editor = page.locator('.ProseMirror');
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await page.keyboard.type('请各单位做好冬季安全生产工作。');
    expect(await page.locator('input[name="title"]').inputValue()).toBe(title);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('row').filter({ hasText: title }).waitFor();
    const rows = await announcementRows(title);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('县政府办公室');
    expect(rows[0]!.content).toBe('<p>请各单位做好冬季安全生产工作。</p>');
  });

  it('changes one field; only that field changes on the server', async () => {
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('link', { name: '编辑' }).click();
    await formSettled();
    const source = page.locator('input[name="source"]');
    await expect.poll(() => source.inputValue()).toBe('县政府办公室');
    await source.fill('县教育局');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('row').filter({ hasText: title }).waitFor();
    await expect.poll(async () => (await announcementRows(title))[0]?.source).toBe('县教育局');
    expect((await announcementRows(title))[0]!.title).toBe(title);
  });

  it('asks before deleting, then deletes', async () => {
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: '删除' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('提示信息').isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: '取消' }).click();
    expect(await announcementRows(title)).toHaveLength(1);

    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(async () => (await announcementRows(title)).length).toBe(0);
    await page.getByRole('row').filter({ hasText: title }).waitFor({ state: 'detached' });
  });

  it('logs out back to the admin login', async () => {
    await logOut(page);
    expect(page.url()).toContain('/admin/');
    expect(page.url()).toContain('#/login');
  });
});

describe('reporting app', () => {
  it('has its own login and shell', async () => {
    await logIn(page, portal.server.url, '/report/', 'xinxi', DEMO_PASSWORD);
    await expect.poll(() => page.getByTestId('app-title').innerText()).toBe('云溪县政务信息报送系统');
    await expect(page.getByText('工作台').first().isVisible()).resolves.toBe(true);
    // The admin app's menus are not part of the reporting shell.
    expect(await page.getByRole('menuitem', { name: '通知公告' }).count()).toBe(0);
    await logOut(page);
    expect(page.url()).toContain('/report/');
  });

  it('raised no uncaught error in the page', () => {
    expect(errors).toEqual([]);
  });
});
