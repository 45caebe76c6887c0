import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login } from '../api/helpers/testServer';
import { fillCaptcha, logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// The home workbench of both apps, the forced password change after an administrator's reset, and the
// reviewer's 预览 with the article's metadata and 通过 / 退回 — as people use them, at office screen sizes.
let portal: Portal;
const errors: string[] = [];
const stamp = Date.now() % 100000;

async function session(appPath: '/admin/' | '/report/', username: string, password: string, width = 1366, height = 768): Promise<Page> {
  const context = await portal.browser.newContext({ locale: 'zh-CN', viewport: { width, height } });
  const page = await context.newPage();
  errors.push(...watchPageErrors(page));
  await logIn(page, portal.server.url, appPath, username, password);
  return page;
}

/** The count a to-do card shows, once loaded. */
async function todoCount(page: Page, key: string): Promise<number> {
  const card = page.getByTestId(`todo-${key}`);
  await card.waitFor({ timeout: 30_000 });
  return Number(await card.getByTestId('todo-count').textContent());
}

/** The total a list's paging says (第 a-b 条，共 N 条); -1 while none shows. */
async function listTotal(page: Page): Promise<number> {
  const paging = page.getByText(/共 \d+ 条/).first();
  if ((await paging.count()) === 0) return -1;
  return Number(/共 (\d+) 条/.exec((await paging.textContent()) ?? '')?.[1]);
}

/** Waits (the list loads after the route changes) until the paging says `expected`. */
const expectTotal = (page: Page, expected: number) => expect.poll(() => listTotal(page), { timeout: 30_000 }).toBe(expected);

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** An article xinxi wrote and submitted (状态 审核中), through the API. */
async function submitted(title: string): Promise<number> {
  const url = portal.server.url;
  const admin = await login(url, 'admin', portal.server.adminPassword);
  const cols = await call<{ categoryId: number; categoryTitle: string }[]>(url, '/column/list', { token: admin, method: 'GET' });
  const columnId = cols.body.data.find((c) => c.categoryTitle === '部门动态')?.categoryId;
  const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
  const r = await call<{ articleId: number }>(url, '/api/article/save/role', { token: xinxi, body: { title, columnId, author: '李晓', source: '县教育局', content: '<p>预览正文。</p>', status: 4 } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data.articleId;
}

async function statusOf(articleId: number): Promise<number> {
  const admin = await login(portal.server.url, 'admin', portal.server.adminPassword);
  const r = await call<{ status: number }>(portal.server.url, '/api/article/redisByArticleId', { token: admin, method: 'GET', query: { articleId } });
  return Number(r.body.data.status);
}

beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.close();
});

describe('工作台', () => {
  it('admin: to-do counts open lists with the same totals; quick links grouped; fits 1366 and 1440', async () => {
    const page = await session('/admin/', 'admin', portal.server.adminPassword);
    await page.getByTestId('workbench-todos').waitFor();
    const overdue = await todoCount(page, 'applyOverdue');
    expect(overdue).toBeGreaterThan(0);
    const review = await todoCount(page, 'articleReview');
    // Quick links by area, from the menus the role grants.
    const links = page.getByTestId('quick-links');
    await links.getByRole('region', { name: '内容管理' }).getByRole('link', { name: '文章管理' }).waitFor();
    await links.getByRole('region', { name: '系统设置' }).waitFor();
    await page.getByTestId('recent-articles').getByRole('link').first().waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await noHorizontalScroll(page)).toBe(true);

    await page.getByTestId('todo-applyOverdue').getByRole('link').click();
    await page.waitForURL(/interact\/apply/);
    await expectTotal(page, overdue);
    await page.goBack();
    await page.getByTestId('todo-articleReview').getByRole('link').click();
    await page.waitForURL(/home\/audit/);
    if (review > 0) await expectTotal(page, review);
    await page.goBack();
    // 领导信箱's to-dos open the generic list with their filter: 待审核 on 信件列表, 本部门待办 and 超期未办 on
    // the 本部门信件 tab (list.sources), each with the to-do's total.
    for (const [key, tab] of [['mailPending', '信件列表'], ['mailHandling', '本部门信件'], ['mailOverdue', '本部门信件']] as const) {
      const count = await todoCount(page, key);
      await page.getByTestId(`todo-${key}`).getByRole('link').click();
      await page.waitForURL(/interact\/LeaderMailbox/);
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      if (count > 0) await expectTotal(page, count);
      else await page.getByTestId('list-empty').first().waitFor();
      await page.screenshot({ path: `test-results/workbench/${key}-list.png` });
      await page.goBack();
    }
    // 未读通知 opens the inbox with 未读 chosen (the generic list reads its filter from the link).
    const unread = await todoCount(page, 'noticeUnread');
    expect(unread).toBeGreaterThan(0);
    await page.getByTestId('todo-noticeUnread').getByRole('link').click();
    await page.waitForURL(/interact\/noticeManage/);
    await expectTotal(page, unread);
    await page.screenshot({ path: 'test-results/workbench/notice-unread-list.png' });
    await page.context().close();
  });

  it('shenhe sees no 信件 or 申请 to-dos; xinxi’s reporting workbench counts what was returned to him', async () => {
    const shenhe = await session('/admin/', 'shenhe', DEMO_PASSWORD);
    await todoCount(shenhe, 'articleReview');
    expect(await shenhe.getByTestId('todo-applyOverdue').count()).toBe(0);
    expect(await shenhe.getByTestId('todo-mailPending').count()).toBe(0);
    await shenhe.context().close();

    const page = await session('/report/', 'xinxi', DEMO_PASSWORD);
    const returned = await todoCount(page, 'report2');
    const published = await todoCount(page, 'report5');
    expect(published).toBeGreaterThan(0);
    expect(await page.getByTestId('todo-report2').textContent()).toContain('退回给我的报送');
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.getByTestId('todo-report5').getByRole('link').click();
    await page.waitForURL(/reportList\?status=5/);
    await expectTotal(page, published);
    await page.goBack();
    await page.getByTestId('todo-report2').getByRole('link').click();
    await page.waitForURL(/reportList\?status=2/);
    expect(returned).toBeGreaterThan(0);
    await expectTotal(page, returned);
    await page.context().close();
  });
});

describe('reviewer’s 预览', () => {
  it('shows 栏目, 作者/来源, 创建人, 提交时间, 状态 and 审核记录; 通过 moves the article on; 退回 asks for an opinion', async () => {
    const passId = await submitted(`预览通过测试${stamp}`);
    const backId = await submitted(`预览退回测试${stamp}`);
    const page = await session('/admin/', 'shenhe', DEMO_PASSWORD);
    const before = await todoCount(page, 'articleReview');
    await openMenu(page, '待审文章');
    const row = page.getByRole('row').filter({ hasText: `预览通过测试${stamp}` });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.getByRole('dialog', { name: `预览通过测试${stamp}` });
    const meta = preview.getByTestId('article-meta');
    await meta.waitFor();
    expect(await meta.locator('[data-label="栏目"]').textContent()).toBe('部门动态');
    expect(await meta.locator('[data-label="作者/来源"]').textContent()).toBe('李晓 / 县教育局');
    expect(await meta.locator('[data-label="创建人"]').textContent()).toBe('李晓（县教育局）');
    expect(await meta.locator('[data-label="提交时间"]').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await meta.locator('[data-label="状态"]').textContent()).toBe('审核中');
    await preview.getByRole('table', { name: '审核记录' }).getByText('提交审核').waitFor();
    await preview.getByRole('button', { name: '通过' }).click();
    const ask = page.getByRole('dialog', { name: '提示信息' });
    await ask.getByRole('button', { name: '确定' }).click();
    await page.getByText('已初审通过，等待终审').waitFor({ timeout: 15_000 });
    await expect.poll(() => statusOf(passId), { timeout: 15_000 }).toBe(6);
    await preview.waitFor({ state: 'detached' });

    const back = page.getByRole('row').filter({ hasText: `预览退回测试${stamp}` });
    await back.getByRole('button', { name: '预览' }).click();
    const preview2 = page.getByRole('dialog', { name: `预览退回测试${stamp}` });
    await preview2.getByTestId('article-meta').waitFor();
    await preview2.getByRole('button', { name: '退回' }).click();
    const ask2 = page.getByRole('dialog', { name: '提示信息' });
    expect(await ask2.getByRole('button', { name: '确定' }).isDisabled()).toBe(true);
    await ask2.locator('textarea[name="opinion"]').fill('请补充活动照片');
    await ask2.getByRole('button', { name: '确定' }).click();
    await page.getByText('已退回给作者').waitFor({ timeout: 15_000 });
    await expect.poll(() => statusOf(backId), { timeout: 15_000 }).toBe(2);
    // Home again: one of the two left shenhe's queue (the other waits for 终审, which shenhe may still 退回).
    await page.getByRole('menuitem', { name: '首页' }).first().click();
    await expect.poll(() => todoCount(page, 'articleReview'), { timeout: 15_000 }).toBe(before - 1);
    await page.context().close();
  });
});

describe('forced password change', () => {
  it('a user the admin just reset must change the password before the shell works; then it works', async () => {
    const url = portal.server.url;
    const admin = await login(url, 'admin', portal.server.adminPassword);
    const users = await call<{ list: { userId: number; username: string }[] }>(url, '/ding/user/list', { token: admin, body: { pageNum: 1, pageSize: 50, username: 'xinxi2' } });
    const target = users.body.data.list.find((u) => u.username === 'xinxi2');
    const reset = await call<{ password: string }>(url, '/ding/user/resetPwd', { token: admin, body: { id: target?.userId } });
    expect(reset.body.errorCode).toBe('0');

    const context = await portal.browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    errors.push(...watchPageErrors(page));
    await page.goto(`${url}/admin/`);
    await page.locator('input[name="username"]').fill('xinxi2');
    await page.locator('input[name="password"]').fill(reset.body.data.password);
    await fillCaptcha(page);
    await page.getByRole('button', { name: '登录' }).click();
    const dialog = page.getByRole('dialog', { name: '请修改密码' });
    await dialog.waitFor({ timeout: 30_000 });
    // Nothing of the shell behind it: no workbench, and Escape does not close it.
    expect(await page.getByTestId('workbench-todos').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.locator('input[name="oldPassword"]').fill(reset.body.data.password);
    await dialog.locator('input[name="newPassword"]').fill('Diyi#Zhong2026');
    await dialog.locator('input[name="confirmPassword"]').fill('Diyi#Zhong2026');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('密码修改成功').waitFor();
    // Then it works: the workbench loads its counts and a menu entry opens its list.
    await todoCount(page, 'noticeUnread');
    await openMenu(page, '文章管理');
    await page.locator('tbody tr, [data-testid="list-empty"]').first().waitFor({ timeout: 30_000 });
    await expect(login(url, 'xinxi2', 'Diyi#Zhong2026')).resolves.toBeTruthy();
    await context.close();
    expect(errors).toEqual([]);
  });
});
