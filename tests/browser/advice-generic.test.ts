import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, openMenu, startPortal, watchPageErrors, type Portal } from './lib/portal';

// 意见征集 on the generic list (issue 19): the declared row actions by status — 查看意见 (an action dialog),
// 结果反馈 (the input dialog with 发布反馈) — without sending anything; screenshots under test-results/.
let portal: Portal;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1500, height: 1000 } });
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await portal?.close();
});

describe('意见征集 in the generic list', () => {
  it('offers each topic the actions its status allows, in dialogs', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '意见征集');
    const answered = page.getByRole('row').filter({ hasText: '家庭医生签约服务' });
    await answered.getByText('已反馈').waitFor({ timeout: 30_000 });
    const collecting = page.getByRole('row').filter({ hasText: '农村人居环境整治提升三年行动方案' });
    expect(await collecting.getByRole('button', { name: '停止征集' }).count()).toBe(1);
    expect(await collecting.getByRole('button', { name: '结果反馈' }).count()).toBe(0);
    expect(await answered.getByRole('button', { name: '停止征集' }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/advice-generic-list.png' });

    await answered.getByRole('button', { name: '查看意见' }).click();
    const opinions = page.getByRole('dialog');
    await opinions.getByText('慢病药每个月都要去县医院配').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/advice-generic-opinions.png' });
    await opinions.getByRole('button', { name: '关闭' }).click();
    await opinions.waitFor({ state: 'detached' });

    await answered.getByRole('button', { name: '结果反馈' }).click();
    const reply = page.getByRole('dialog', { name: '结果反馈' });
    await reply.getByLabel('反馈内容').waitFor();
    expect(await reply.getByRole('button', { name: '发布反馈' }).count()).toBe(1);
    await page.screenshot({ path: 'test-results/advice-generic-reply.png' });
    await reply.getByRole('button', { name: '取消' }).click();
    await reply.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
