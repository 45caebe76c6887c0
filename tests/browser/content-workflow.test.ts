import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu, openCreateForm } from './lib/portal';

// A reviewer's day in the admin app: 部门信息员 xinxi writes and submits news, 内容审核员 shenhe accepts it
// from the review queue, the 系统管理员 publishes it, and it is in the public article list.
let portal: Portal;
let browser: Browser;
const title = `县教育局召开春季开学工作会议${Date.now() % 100000}`;
const errors: string[] = [];

async function session(username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  errors.push(...watchPageErrors(page));
  await logIn(page, portal.server.url, '/admin/', username, password);
  await page.getByRole('button', { name: '个人中心' }).waitFor({ timeout: 30_000 });
  return page;
}

async function apiArticle(): Promise<{ articleId: number; status: number; columnId: number } | undefined> {
  const { url, adminPassword } = portal.server;
  const login = await call<{ value: string }>(url, '/user/loginNoCode', { query: { username: 'admin', password: adminPassword } });
  const list = await call<{ list: { articleId: number; status: number; columnId: number; title: string }[] }>(url, '/api/article/list', {
    token: login.body.data.value,
    body: { pageNum: 1, pageSize: 10, title },
  });
  return list.body.data.list.find((a) => a.title === title);
}

beforeAll(async () => {
  portal = await startPortal();
  browser = portal.browser;
});

afterAll(async () => {
  await portal?.close();
});

describe('content workflow in the admin app', () => {
  it('xinxi writes an article in the rich-text editor and submits it for review', async () => {
    const page = await session('xinxi', DEMO_PASSWORD);
    await openMenu(page, '文章管理');
    await page.getByRole('tree', { name: '栏目树' }).waitFor();
    await openCreateForm(page);
    await page.locator('input[name="title"]').fill(title);
    await page.getByRole('combobox', { name: '所属栏目' }).click();
    await page.getByRole('option', { name: '新闻中心 / 部门动态' }).click();
    await page.getByRole('checkbox', { name: '推荐' }).check();
    await page.locator('input[name="source"]').fill('县教育局');
    // The editor loads lazily, with the spec's toolbar.
    const editor = page.locator('.ProseMirror');
    await editor.waitFor({ timeout: 30_000 });
    await expect(page.getByRole('combobox', { name: '字体' }).isVisible()).resolves.toBe(true);
    await editor.click();
    await page.keyboard.type('会议部署了春季学期开学各项工作。');
    await page.getByRole('button', { name: '提交审核' }).click();
    // Asked first (提示信息 / 确定 / 取消), then told what happened.
    const ask = page.getByRole('dialog');
    await ask.getByText('提示信息').waitFor({ timeout: 15_000 });
    await ask.getByRole('button', { name: '确定' }).click();
    await page.getByText('已提交审核，等待审核人员处理').waitFor({ timeout: 15_000 });
    // Not react-admin's generic 新建成功.
    expect(await page.getByText('新建成功').count()).toBe(0);
    await page.getByRole('tree', { name: '栏目树' }).waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await apiArticle())?.status, { timeout: 15_000 }).toBe(4);
    await page.getByRole('row').filter({ hasText: title }).getByText('审核中').waitFor();
    // The department filter of the search form (applied on 查询): another department hides the article.
    await page.getByRole('combobox', { name: '部门' }).click();
    await page.getByRole('option', { name: /县卫生健康局/ }).click();
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    await page.getByRole('row').filter({ hasText: title }).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: '部门' }).click();
    await page.getByRole('option', { name: /县教育局/ }).click();
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    await page.getByRole('row').filter({ hasText: title }).waitFor();
    await page.context().close();
  });

  it('shenhe accepts it from the review queue; the approve button is not theirs', async () => {
    const page = await session('shenhe', DEMO_PASSWORD);
    await openMenu(page, '待审文章');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByRole('button', { name: '终审发布' }).count()).toBe(0);
    await row.getByRole('button', { name: '初审通过' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('提示信息').isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(async () => (await apiArticle())?.status, { timeout: 15_000 }).toBe(6);
    // The queue now shows it as 待终审, which shenhe cannot finish.
    await page.context().close();
  });

  it('the admin approves it and it appears in the public list', async () => {
    const page = await session('admin', portal.server.adminPassword);
    await openMenu(page, '待审文章');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: '终审发布' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(async () => (await apiArticle())?.status, { timeout: 15_000 }).toBe(5);
    await page.context().close();

    const article = await apiArticle();
    const pub = await call<{ list: { articleId: number; title: string; flags: number[] }[] }>(portal.server.url, '/api/article/webList', {
      body: { columnId: article?.columnId, pageNum: 1, pageSize: 50 },
    });
    const found = pub.body.data.list.find((a) => a.articleId === article?.articleId);
    expect(found?.title).toBe(title);
    expect(found?.flags).toEqual([2]);
    const view = await call<{ content: string }>(portal.server.url, '/api/article/view', { method: 'GET', query: { articleID: Number(article?.articleId) } });
    expect(view.body.data.content).toContain('会议部署了春季学期开学各项工作。');
    expect(errors).toEqual([]);
  });
});
