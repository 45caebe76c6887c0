import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicLimits } from '../../server/public/guard.js';
import { call, TEST_CAPTCHA_TEXT } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// Suggestions, advice topics and disclosure applications as people use them: a visitor sends a
// suggestion through the public call (image code from /suggest/code), the admin handles it in the
// 处理 dialog and publishes it, and the visitor's lookup by query code and phone — and the public list —
// show the reply. Then the admin stops the demo advice topic (with the confirmation) and finds the demo
// overdue disclosure application in red and opens its detail.
let portal: Portal;
let page: Page;
let errors: string[];
const stamp = Date.now();
const suggestion = { title: `建议城东新区增设公交站${stamp}`, content: '城东新区入住居民越来越多，最近的公交站要走二十分钟，建议增设站点。', name: '刘女士', phone: '13900007788' };
const replyText = '您好！县交通运输局已完成现场勘查，城东新区公交站将于下月投入使用。感谢您的建议！';
let queryCode = '';

/** The search form applies its fields on 查询, not as one types. */
async function search(p: Page) {
  await p.getByRole('search').getByRole('button', { name: '查询' }).click();
}

beforeAll(async () => {
  portal = await startPortal();
  setPublicLimits(portal.server.app, 'suggest', { perWindow: 1000, perDay: 1000 });
  setPublicLimits(portal.server.app, 'suggest-query', { perWindow: 1000, perDay: 1000 });
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1500, height: 1000 } });
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await portal?.close();
});

interface PublicSuggestion { title: string; status: number; replyDept: string | null; replyContent: string | null; replyTime: string | null; phone?: string }
const lookup = (body: Record<string, unknown>) => call<{ list: PublicSuggestion[]; totalRow: number }>(portal.server.url, '/suggest/web/list', { body });

describe('suggestion: public submission, reply in the admin app, public lookup', () => {
  it('a visitor submits a suggestion with the image code and gets a query code', async () => {
    const codeId = `browser-suggest-${stamp}`;
    const img = await fetch(`${portal.server.url}/suggest/code?codeId=${codeId}`);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
    const r = await call<{ queryCode: string }>(portal.server.url, '/suggest/add', { body: { ...suggestion, isPublic: 0, codeId, verifyCode: TEST_CAPTCHA_TEXT } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    queryCode = r.body.data.queryCode;
    const mine = await lookup({ queryCode, phone: suggestion.phone });
    expect(mine.body.data.list[0]).toMatchObject({ title: suggestion.title, status: 0, replyContent: null });
  });

  it('the admin finds it among the 未处理 ones, with its query code, and replies in the dialog', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '建议征集');
    await page.getByRole('combobox', { name: '状态' }).click();
    await page.getByRole('option', { name: '未处理' }).click();
    await search(page);
    const row = page.getByRole('row').filter({ hasText: suggestion.title });
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.innerText()).toContain(queryCode);
    expect(await row.innerText()).toContain('未处理');
    // Handled demo suggestions are filtered out.
    await expect.poll(() => page.getByRole('row').filter({ hasText: '滨江路增设夜间照明' }).count()).toBe(0);

    await row.getByRole('button', { name: '处理' }).click();
    const dialog = page.getByRole('dialog', { name: '处理建议' });
    // The officer's department is the default (the admin belongs to 县政府).
    await expect.poll(() => dialog.getByRole('textbox', { name: '处理部门' }).inputValue()).toBe('县政府');
    await dialog.getByRole('textbox', { name: '处理部门' }).fill('县交通运输局');
    await dialog.getByRole('textbox', { name: '答复内容' }).fill(replyText);
    await dialog.getByRole('combobox', { name: '是否公开' }).click();
    await page.getByRole('option', { name: '公开', exact: true }).click();
    await dialog.getByRole('button', { name: '提交答复' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.MuiSnackbar-root').getByText('答复成功').waitFor();
  });

  it('the detail shows the query code, the contact and the reply', async () => {
    await page.getByRole('combobox', { name: '状态' }).click();
    await page.getByRole('option', { name: '已处理' }).click();
    await search(page);
    const row = page.getByRole('row').filter({ hasText: suggestion.title });
    await row.getByText('已处理').waitFor({ timeout: 30_000 });
    await row.getByRole('link', { name: '查看' }).click();
    await page.locator('[data-field="queryCode"]').getByText(queryCode).waitFor();
    // The list's masked row shows first; the detail call (查看敏感信息) brings the full number.
    await expect.poll(() => page.locator('[data-field="phone"]').innerText()).toBe(suggestion.phone);
    expect(await page.locator('[data-field="replyDept"]').innerText()).toBe('县交通运输局');
    expect(await page.locator('[data-field="replyContent"]').innerText()).toBe(replyText);
  });

  it('the visitor’s lookup by query code and phone, and the public list, show the reply', async () => {
    const mine = await lookup({ queryCode: queryCode.toLowerCase(), phone: suggestion.phone });
    expect(mine.body.errorCode, mine.body.errorMsg).toBe('0');
    expect(mine.body.data.list[0]).toMatchObject({ status: 1, replyDept: '县交通运输局', replyContent: replyText });
    expect(mine.body.data.list[0]!.replyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await lookup({ queryCode, phone: '13900000000' })).body.errorCode).toBe('1003');
    const pub = await lookup({ pageNum: 1, pageSize: 50 });
    const published = pub.body.data.list.find((s) => s.title === suggestion.title);
    expect(published).toMatchObject({ replyContent: replyText });
    expect(published!.phone).toBeUndefined();
  });
});

describe('advice topics and disclosure applications', () => {
  it('the admin stops the collecting demo topic after confirming', async () => {
    await openMenu(page, '意见征集');
    const row = page.getByRole('row').filter({ hasText: '农村人居环境整治提升三年行动方案' });
    await row.getByText('征集中').waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: '停止征集' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('提示信息').waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.innerText()).toContain('征集中');
    await row.getByRole('button', { name: '停止征集' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await row.getByText('已结束').waitFor({ timeout: 30_000 });
    // Ended: the result can now be published; the public list no longer offers it.
    await row.getByRole('button', { name: '结果反馈' }).waitFor();
    const web = await call<{ title: string }[]>(portal.server.url, '/advice/web/list', { query: { size: 10 } });
    expect(web.body.data.map((t) => t.title).join()).not.toContain('农村人居环境整治提升三年行动方案');
  });

  it('the overdue demo application is red in the list, found by the overdue filter, and opens its detail', async () => {
    await openMenu(page, '依申请公开');
    const overdueRow = page.getByRole('row').filter({ hasText: '老旧小区改造项目' });
    await overdueRow.locator('[data-overdue="1"]').waitFor({ timeout: 30_000 });
    expect(await overdueRow.innerText()).toContain('已超期');
    const pendingRow = page.getByRole('row').filter({ hasText: '危房改造补助资金' });
    expect(await pendingRow.innerText()).toMatch(/剩余\d+个工作日/);

    await page.getByRole('combobox', { name: '是否超期' }).click();
    await page.getByRole('option', { name: '已超期' }).click();
    await search(page);
    await expect.poll(() => page.getByRole('row').filter({ hasText: '危房改造补助资金' }).count(), { timeout: 30_000 }).toBe(0);
    expect(await overdueRow.count()).toBe(1);

    await overdueRow.getByRole('cell', { name: /老旧小区改造项目/ }).click();
    await page.waitForURL(/#\/main\/interact\/applyPerson\?id=\d+$/);
    await page.getByText('已逾期').waitFor({ timeout: 30_000 });
  });

  it('raised no uncaught error in the page', () => {
    expect(errors).toEqual([]);
  });
});
