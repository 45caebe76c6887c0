import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// A reviewer's day in the REPORTING app (/report/): 部门信息员 xinxi submits news through 信息报送, 内容审核员
// shenhe accepts it in 文章审核, the 系统管理员 publishes it there, and it is in the public list and search.
let portal: Portal;
let browser: Browser;
const suffix = Date.now() % 100000;
const title = `县实验小学举办师生书法比赛${suffix}`;
const errors: string[] = [];

async function session(username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  errors.push(...watchPageErrors(page));
  await logIn(page, portal.server.url, '/report/', username, password);
  return page;
}

async function apiArticle(): Promise<{ articleId: number; status: number; columnId: number } | undefined> {
  const { url, adminPassword } = portal.server;
  const login = await call<{ value: string }>(url, '/user/loginNoCode', { query: { username: 'admin', password: adminPassword } });
  const list = await call<{ list: { articleId: number; status: number; columnId: number; title: string }[] }>(url, '/api/report/reportList', {
    token: login.body.data.value,
    body: { pageNum: 1, pageSize: 10, title },
  });
  return list.body.data.list.find((a) => a.title === title);
}

async function passInAudit(page: Page) {
  await openMenu(page, '文章审核');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.waitFor({ timeout: 30_000 });
  await row.getByRole('button', { name: '通过' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('提示信息').isVisible()).resolves.toBe(true);
  await dialog.getByRole('button', { name: '确定' }).click();
}

beforeAll(async () => {
  portal = await startPortal();
  browser = portal.browser;
});
afterAll(async () => {
  await portal?.close();
});

describe('a reviewer’s day in the reporting app', () => {
  it('xinxi submits news through 信息报送 and sees it in 我的报送', async () => {
    const page = await session('xinxi', DEMO_PASSWORD);
    await expect.poll(() => page.getByTestId('app-title').innerText()).toBe('云溪县政务信息报送系统');
    // Department staff have no review screen.
    expect(await page.getByRole('menuitem', { name: '文章审核' }).count()).toBe(0);
    await openMenu(page, '信息报送');
    await page.locator('input[name="title"]').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.locator('input[name="title"]').fill(title);
    await page.getByRole('combobox', { name: '栏目' }).click();
    await page.getByRole('option', { name: '新闻中心 / 部门动态' }).click();
    await page.locator('input[name="source"]').fill('县实验小学');
    const editor = page.locator('.ProseMirror');
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await page.keyboard.type('全校两百余名师生参加了书法比赛。');
    await page.getByRole('button', { name: '提交审核' }).click();
    // Asked first (提示信息 / 确定 / 取消), then told what happened.
    const ask = page.getByRole('dialog');
    await ask.getByText('提示信息').waitFor();
    await ask.getByRole('button', { name: '确定' }).click();
    await page.getByText('已提交审核，等待审核人员处理').waitFor({ timeout: 15_000 });
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('审核中').waitFor();
    await expect.poll(async () => (await apiArticle())?.status, { timeout: 15_000 }).toBe(4);
    await page.context().close();
  });

  it('shenhe accepts it in 文章审核', async () => {
    const page = await session('shenhe', DEMO_PASSWORD);
    await passInAudit(page);
    await expect.poll(async () => (await apiArticle())?.status, { timeout: 15_000 }).toBe(6);
    await page.context().close();
  });

  it('the admin publishes it; it is in the public list and in the search', async () => {
    const page = await session('admin', portal.server.adminPassword);
    await passInAudit(page);
    await expect.poll(async () => (await apiArticle())?.status, { timeout: 15_000 }).toBe(5);
    await page.context().close();

    const article = await apiArticle();
    const pub = await call<{ list: { articleId: number; title: string }[] }>(portal.server.url, '/api/article/webList', {
      body: { columnId: article?.columnId, pageNum: 1, pageSize: 50 },
    });
    expect(pub.body.data.list.find((a) => a.articleId === article?.articleId)?.title).toBe(title);
    // The index follows the article hooks, which run after the commit: poll until it answers.
    const search = async () =>
      (await call<{ list: { articleId: number; highlightTitle: string }[] }>(portal.server.url, '/api/article/queryEsArticle', {
        method: 'GET',
        query: { keyword: '书法', pageNumber: 1, pageSize: 50 },
      })).body.data.list.find((a) => a.articleId === article?.articleId);
    await expect.poll(async () => (await search())?.articleId, { timeout: 15_000 }).toBe(article?.articleId);
    const hit = await search();
    expect(hit?.highlightTitle).toContain('<em>书法</em>');
  });

  it('xinxi sees it published in 我的报送, with the statistics counting it', async () => {
    const page = await session('xinxi', DEMO_PASSWORD);
    await openMenu(page, '我的报送');
    await page.getByRole('row').filter({ hasText: title }).getByText('已发布').waitFor({ timeout: 30_000 });
    await openMenu(page, '报送统计');
    await page.getByTestId('report-counts').getByRole('row').filter({ hasText: '县教育局' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('report-chart').waitFor({ timeout: 30_000 });
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
