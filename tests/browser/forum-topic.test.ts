import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TEST_CAPTCHA_TEXT } from '../api/helpers/testServer';
import { logIn, logOut, startPortal, watchPageErrors, type Portal, publicCall as publicPageCall, openMenu } from './lib/portal';

// A 县长信箱 topic as people handle it: a visitor posts it through the public call, the web office
// audits it and transfers it to 县教育局 in the admin app, the bureau's officer (jiaoyu, 网络问政办理员)
// replies, the office publishes the reply, and the visitor finds it with the query code and phone —
// with the replying department and the reply time.
// A staff step on the forum family renders the site's forum pages before it answers (generation/sitePageHooks.ts):
// the first render of a run starts the render workers, about a second on a loaded machine.
const WRITE_MS = 10_000;
let portal: Portal;
let page: Page;
let errors: string[];
const title = `浏览器测试主题${Date.now()}`;
const phone = '13712345601';
const replyText = '您好，县教育局已安排县实验小学增设课后托管班，下周起开放报名。';
let queryCode = '';
let themeId = 0;

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

/** The theme list (论坛主题) and the row of the test's topic. */
async function topicRow(): Promise<Locator> {
  await openMenu(page, '论坛主题');
  const row = page.locator('tr', { hasText: title });
  await row.waitFor({ timeout: 30_000 });
  return row;
}

describe('forum topic: from the visitor to the published department reply', () => {
  it('a visitor posts a topic to the 县长信箱 with a captcha and gets a query code', async () => {
    await page.goto(`${portal.server.url}/admin/`);
    const codeId = `browser${Date.now()}`;
    expect(await page.evaluate(async (id) => (await fetch(`/user/captcha?codeId=${id}`)).status, codeId)).toBe(200);
    const wrong = await publicCall('/xaxweb/theme/save', { title, content: '验证码错误', name: '赵女士', phone, codeId, verifyCode: 'XXXX' });
    expect(wrong.errorCode).toBe('2002');
    const codeId2 = `browser${Date.now()}b`;
    await page.evaluate(async (id) => (await fetch(`/user/captcha?codeId=${id}`)).text(), codeId2);
    const r = await publicCall<{ id: number; queryCode: string; createTime: string }>('/xaxweb/theme/save', {
      title,
      content: '县实验小学下午四点放学，双职工家庭无人接送，希望学校开设课后托管。',
      name: '赵女士',
      phone,
      isOpen: 1,
      codeId: codeId2,
      verifyCode: TEST_CAPTCHA_TEXT,
    });
    expect(r.errorCode, r.errorMsg).toBe('0');
    queryCode = r.data.queryCode;
    themeId = r.data.id;
    expect(queryCode).toMatch(/^[A-Z2-9]{12}$/);
  });

  it('the web office audits it (passes) and transfers it to 县教育局', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    let row = await topicRow();
    await expect.poll(() => row.getByText('未审核').count()).toBe(1);
    await row.getByRole('button', { name: '审核', exact: true }).click();
    const audit = page.getByRole('dialog', { name: '审核主题' });
    await audit.getByLabel('审核意见').fill('内容属实，予以受理');
    await audit.getByRole('button', { name: '确定' }).click();
    const confirm = page.getByRole('dialog', { name: '提示信息' });
    await expect.poll(() => confirm.textContent()).toContain('确定将该主题审核为「审核通过」吗？');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => row.getByText('审核通过').count(), { timeout: WRITE_MS }).toBe(1);

    await row.getByRole('button', { name: '转办', exact: true }).click();
    const transfer = page.getByRole('dialog', { name: '转办主题' });
    await transfer.getByRole('combobox', { name: '办理部门' }).fill('教育局');
    await page.getByRole('option', { name: '县教育局', exact: true }).click();
    await expect.poll(() => transfer.textContent()).toContain('县政府 / 县教育局');
    await transfer.getByLabel('转办说明').fill('请县教育局核实办理');
    await transfer.getByRole('button', { name: '确定' }).click();
    row = page.locator('tr', { hasText: title });
    await expect.poll(() => row.getByText('县教育局').count(), { timeout: WRITE_MS }).toBe(1);
    await logOut(page);
  });

  it('the 县教育局 officer sees it in his list and replies', async () => {
    await logIn(page, portal.server.url, '/admin/', 'jiaoyu', DEMO_PASSWORD);
    const row = await topicRow();
    // the office's steps are not his
    expect(await row.getByRole('button', { name: '审核', exact: true }).count()).toBe(0);
    expect(await row.getByRole('button', { name: '转办', exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: '详情' }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect.poll(() => detail.getByTestId('theme-detail-meta').textContent()).toContain('办理部门：县教育局');
    await detail.getByLabel('回复内容').fill(replyText);
    await detail.getByRole('button', { name: '提交回复' }).click();
    const reply = detail.getByTestId('theme-reply');
    await expect.poll(() => reply.textContent(), { timeout: WRITE_MS }).toContain(replyText);
    expect(await reply.textContent()).toContain('未审核');
    // not published yet: the visitor sees no reply
    const before = await publicCall<{ replies: unknown[] }>('/xaxweb/theme/getThemeByCodeAndTel', { queryCode, phone });
    expect(before.data.replies).toEqual([]);
    await detail.getByRole('button', { name: '关闭' }).click();
    await logOut(page);
  });

  it('the web office passes the reply', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    const row = await topicRow();
    await row.getByRole('button', { name: '详情' }).click();
    const detail = page.getByRole('dialog', { name: title });
    const reply = detail.getByTestId('theme-reply');
    await expect.poll(() => reply.textContent()).toContain(replyText);
    await reply.getByRole('button', { name: '通过并发布' }).click();
    await expect.poll(() => reply.textContent(), { timeout: WRITE_MS }).toContain('审核通过');
    await detail.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => page.locator('tr', { hasText: title }).getByText('已回复（1）').count(), { timeout: WRITE_MS }).toBe(1);
  });

  it('the visitor finds the reply by query code and phone, with the department and the time', async () => {
    const found = await publicCall<{ id: number; status: number; deptName: string; createTime: string; replies: { content: string; replyDeptName: string; replyTime: string }[] }>(
      '/xaxweb/theme/getThemeByCodeAndTel',
      { queryCode, phone },
    );
    expect(found.errorCode).toBe('0');
    expect(found.data).toMatchObject({ id: themeId, status: 1, deptName: '县教育局' });
    expect(found.data.replies).toHaveLength(1);
    expect(found.data.replies[0]).toMatchObject({ content: replyText, replyDeptName: '县教育局' });
    expect(found.data.replies[0]!.replyTime >= found.data.createTime).toBe(true);
    const wrong = await publicCall('/xaxweb/theme/getThemeByCodeAndTel', { queryCode, phone: '13700000000' });
    expect(wrong.errorCode).toBe('1003');
    expect(errors).toEqual([]);
  });
});
