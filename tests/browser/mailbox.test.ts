import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TEST_CAPTCHA_TEXT } from '../api/helpers/testServer';
import { logIn, logOut, startPortal, watchPageErrors, type Portal, publicCall as publicPageCall, openMenu } from './lib/portal';

// The leader mailbox as people use it: a visitor writes a letter through the public call, the office
// transfers it to 县教育局 in the admin app, the bureau's officer replies in the admin app, and the
// visitor finds the reply with the query code and phone.
let portal: Portal;
let page: Page;
let errors: string[];
const title = `浏览器测试来信${Date.now()}`;
const phone = '13712345678';
const replyText = '您好，已督促学校调整课后服务时间，感谢您的来信。';
let queryCode = '';
let mailId = 0;

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN' });
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await portal?.close();
});

/** Public calls from the visitor's page. */
function publicCall<T>(path: string, body: unknown) {
  return publicPageCall<T>(page, path, body);
}

async function openLetter() {
  await openMenu(page, '领导信箱');
  // The generic list and show view (session 23): the row's 查看 opens the letter; its fields are the show grid's.
  await page.getByTestId('list-table').getByRole('row').filter({ hasText: title }).getByRole('link', { name: '查看' }).click();
  await page.getByTestId('show-grid').waitFor();
  await expect.poll(() => page.locator('[data-field="title"]').textContent()).toBe(title);
}

describe('leader mailbox: from the visitor to the published reply', () => {
  it('a visitor writes a letter with a captcha and gets a query code', async () => {
    await page.goto(`${portal.server.url}/admin/`);
    const codeId = `browser${Date.now()}`;
    const img = await page.evaluate(async (id) => (await fetch(`/user/captcha?codeId=${id}`)).status, codeId);
    expect(img).toBe(200);
    const r = await publicCall<{ id: number; queryCode: string }>('/web/mail/add', {
      title,
      content: '孩子所在学校放学时间过早，家长无法接送，希望延长课后服务。',
      type: 3,
      boxType: 2,
      name: '赵女士',
      phone,
      isPublic: 1,
      codeId,
      verifyCode: TEST_CAPTCHA_TEXT,
    });
    expect(r.errorCode).toBe('0');
    queryCode = r.data.queryCode;
    mailId = r.data.id;
    expect(queryCode).toMatch(/^[A-Z2-9]{12}$/);
  });

  it('the office transfers it to 县教育局 in the admin app', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    // 收信时间 is one 起–止 control of zh-CN date pickers (no native date input), sent as YYYY-MM-DD.
    await openMenu(page, '领导信箱');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = page.getByRole('group', { name: '收信时间' }).first();
    await range.getByRole('textbox', { name: '收信时间起' }).fill(day(-2));
    await range.getByRole('textbox', { name: '收信时间止' }).fill(day(2));
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    const [search] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('"startTime"')),
      page.getByRole('search').getByRole('button', { name: '查询' }).first().click(),
    ]);
    expect(JSON.parse(search.postData() ?? '{}')).toMatchObject({ startTime: day(-2), endTime: day(2) });
    await page.getByTestId('list-table').getByRole('row').filter({ hasText: title }).waitFor();
    await page.screenshot({ path: 'test-results/mailbox/letters-date-range.png' });
    await openLetter();
    await expect.poll(() => page.locator('[data-field="stage"]').textContent()).toBe('待审核');
    await page.getByRole('button', { name: '转办', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('转办部门').click();
    await page.getByRole('option', { name: '县教育局', exact: true }).click();
    await dialog.getByLabel('转办意见').fill('请县教育局核实办理');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.locator('[data-field="stage"]').textContent()).toBe('已转办');
    await expect.poll(() => page.getByTestId('mail-history').count()).toBe(2);
    await logOut(page);
  });

  it('the bureau\'s officer replies in the admin app', async () => {
    await logIn(page, portal.server.url, '/admin/', 'jiaoyu', DEMO_PASSWORD);
    await openMenu(page, '领导信箱');
    // his department's letters tab lists it too
    await page.getByRole('tab', { name: '本部门信件' }).click();
    await page.getByTestId('list-table').getByRole('row').filter({ hasText: title }).waitFor();
    await page.getByRole('tab', { name: '信件列表' }).click();
    await openLetter();
    // the office's steps are not his
    expect(await page.getByRole('button', { name: '转办', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: '答复', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('答复内容').fill(replyText);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.locator('[data-field="stage"]').textContent()).toBe('已回复');
    await expect.poll(() => page.locator('[data-field="replyContent"]').textContent()).toContain(replyText);
    await page.screenshot({ path: 'test-results/mailbox/letter-replied.png', fullPage: true });
    // The spec's 信件详情 page (LeaderMailbox/mailBoxEditor?id=) is the same show view with its history.
    await page.goto(`${portal.server.url}/admin/#/main/interact/LeaderMailbox/mailBoxEditor?id=${mailId}`);
    await expect.poll(() => page.locator('[data-field="title"]').textContent()).toBe(title);
    await expect.poll(() => page.getByTestId('mail-history').count()).toBe(3);
    await page.getByRole('button', { name: '修改答复', exact: true }).waitFor();
    await logOut(page);
  });

  it('the visitor finds the reply by query code and phone', async () => {
    const found = await publicCall<{ id: number; replyContent: string; replyDept: string; replyTime: string; receivedAt: string }>('/web/mail/code', { queryCode, phone });
    expect(found.errorCode).toBe('0');
    expect(found.data).toMatchObject({ id: mailId, replyContent: replyText, replyDept: '县教育局' });
    expect(found.data.replyTime >= found.data.receivedAt).toBe(true);
    const wrong = await publicCall('/web/mail/code', { queryCode, phone: '13700000000' });
    expect(wrong.errorCode).toBe('1003');
    expect(errors).toEqual([]);
  });
});
