import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, openMenu, startPortal, watchPageErrors, type Portal } from './lib/portal';

// 依申请公开 on the generic views (issue 19, session 24): the countdown column, no edit form (the update call
// serves the steps: api.update.editForm false), a row opens the spec's applyPerson?id= (list.rowOpens), the
// show view offers the steps each status allows (call.shownWhen / hiddenWhen); screenshots under test-results/.
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

describe('依申请公开 in the generic views', () => {
  it('lists the countdown without an edit form, and opens the detail with the steps its status allows', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '依申请公开');
    const pending = page.getByRole('row').filter({ hasText: '危房改造补助资金' });
    await pending.getByText(/剩余\d+个工作日|今日到期/).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/apply-generic-list.png' });
    expect(await page.getByRole('toolbar').getByRole('button', { name: '修改' }).count()).toBe(0);
    expect(await pending.getByRole('link', { name: '编辑' }).count()).toBe(0);

    await pending.getByRole('cell', { name: /危房改造补助资金/ }).click();
    await page.waitForURL(/#\/main\/interact\/applyPerson\?id=\d+$/);
    await page.getByRole('button', { name: '受理', exact: true }).waitFor({ timeout: 30_000 });
    for (const name of ['答复', '转办', '延期', '登记撤回', '导出Word']) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    expect(await page.getByRole('button', { name: '查看身份证明' }).count()).toBe(0); // no scan sent
    await page.screenshot({ path: 'test-results/apply-generic-show.png', fullPage: true });

    await page.getByRole('button', { name: '受理', exact: true }).click();
    await page.getByText('已受理', { exact: true }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: '受理', exact: true }).count(), { timeout: 30_000 }).toBe(0);
    expect(await page.getByRole('button', { name: '转办', exact: true }).count()).toBe(0); // only while 待受理

    await page.getByRole('button', { name: '延期', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.getByRole('button', { name: '延期', exact: true }).count(), { timeout: 30_000 }).toBe(0);

    await page.getByRole('button', { name: '答复', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '答复申请' });
    await dialog.getByLabel('答复内容').fill('经查，相关名单已在青石镇政务公开栏公示。');
    await page.screenshot({ path: 'test-results/apply-generic-reply.png' });
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('已答复', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: '登记撤回' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
