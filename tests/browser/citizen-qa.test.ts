import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA_TEXT } from '../api/helpers/testServer';
import { logIn, logOut, openMenu, startPortal, type Portal } from './lib/portal';
import { evidenceOnFailure } from './lib/failureEvidence';
import { generateSite, layoutFaults, liftPublicLimits, staffApi, phoneAndDesk } from './lib/site';

// Issue 24, 智能问答: a citizen on a phone (390×844) asks what the knowledge base cannot answer and sends
// the question from the page; staff at 1366×768 answer it in 问答反馈 with 补充答案 (the generic action
// dialog); the citizen asks again on the page and reads the answer. Also 满意 / 不满意 after an answer, in
// both modes. Only the pages are driven; screenshots go to test-results/citizen-qa/.
let portal: Portal;
let phone: Page;
let desk: Page;
let site: string;
const errors: string[] = [];
const stamp = Date.now();
const quest = `村里快递驿站周末几点开门${stamp}`;
const answer = `村快递驿站周六、周日上午9点至下午5点开门。${stamp}`;
const shots = 'test-results/citizen-qa';
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

beforeAll(async () => {
  portal = await startPortal();
  liftPublicLimits(portal);
  site = `${portal.server.url}/site/`;
  await generateSite(await staffApi(portal));
  await mkdir(shots, { recursive: true });
  ({ phone, desk } = await phoneAndDesk(portal, errors));
}, 300_000);
afterEach(evidenceOnFailure(() => ({ phone, desk })));
afterAll(async () => {
  await portal?.close();
});

async function ask(page: Page, question: string) {
  await page.goto(`${site}qa.html`);
  await page.getByLabel('您的问题', { exact: true }).fill(question);
  await page.getByRole('button', { name: '提问' }).click();
}

/** Fills the feedback form's captcha and sends it; answers the status the page shows. */
async function send(page: Page, form: Locator, button: string): Promise<string> {
  await expect.poll(() => form.locator('img.captcha').getAttribute('src')).toContain('/user/captcha?codeId=');
  await form.getByLabel('验证码').fill(TEST_CAPTCHA_TEXT);
  await form.getByRole('button', { name: button }).click();
  const status = page.locator('#qa-feedback-status');
  await status.waitFor({ timeout: 20_000 });
  return (await status.textContent()) ?? '';
}

describe('智能问答: a question the base cannot answer goes to staff, who answer it; asking again reads it', () => {
  it('a citizen on a phone finds nothing and submits the question with the captcha', async () => {
    await phone.goto(`${site}qa.html`);
    const below = async () => (await phone.getByRole('heading', { name: '常见问题' }).boundingBox())?.y;
    const before = await below();
    await phone.getByLabel('您的问题', { exact: true }).fill(quest);
    await phone.getByRole('button', { name: '提问' }).click();
    await expect.poll(() => phone.locator('#qa-answer').textContent(), { timeout: 20_000 }).toContain('暂未找到相关答案');
    // The room was kept: "not found" and its offer do not push the rest of the page down.
    expect(await below()).toBe(before);
    expect(await phone.locator('#qa-rate').isHidden()).toBe(true);
    // No captcha is fetched before the form is asked for.
    expect(await phone.locator('img.captcha').count()).toBe(0);
    await phone.getByRole('button', { name: '提交您的问题' }).click();
    const form = phone.locator('#qa-feedback-form');
    expect(await form.getByLabel('咨询问题（必填）').inputValue()).toBe(quest);
    expect(await phone.getByRole('button', { name: '提交您的问题' }).getAttribute('aria-expanded')).toBe('true');
    await form.getByLabel('补充说明（选填）').fill('想周末去取快递。');
    // A wrong code is refused in Chinese and a new image comes; the fill stays.
    await expect.poll(() => form.locator('img.captcha').getAttribute('src')).toContain('/user/captcha?codeId=');
    const first = await form.locator('img.captcha').getAttribute('src');
    await form.getByLabel('验证码').fill('WRONG1');
    await form.getByRole('button', { name: '提交问题' }).click();
    await expect.poll(() => form.locator('.js-result').textContent(), { timeout: 20_000 }).toBe('验证码错误或已过期');
    expect(await form.locator('img.captcha').getAttribute('src')).not.toBe(first);
    expect(await form.getByLabel('补充说明（选填）').inputValue()).toBe('想周末去取快递。');
    expect(await layoutFaults(phone)).toEqual([]);
    await shot(phone, 'qa-submit-form-390');
    expect(await send(phone, form, '提交问题')).toBe('您的问题已提交。工作人员答复后，再次提问即可看到答案。');
    expect(await phone.locator('#qa-feedback-form').count()).toBe(0);
    expect(await phone.getByRole('button', { name: '提交您的问题' }).isHidden()).toBe(true);
  });

  it('staff answer it in 问答反馈 with 补充答案: the dialog asks the answer, keywords and 常见问题', async () => {
    await logIn(desk, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(desk, '问答反馈');
    const row = desk.getByRole('row').filter({ hasText: quest });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('不满意');
    expect(await row.textContent()).toContain('未处理');
    await row.getByRole('button', { name: '补充答案' }).click();
    const dialog = desk.getByRole('dialog', { name: '补充答案' });
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请输入答案').waitFor();
    await dialog.getByRole('textbox', { name: /^答案/ }).fill(answer);
    await dialog.getByRole('textbox', { name: /^关键词/ }).fill('快递,驿站');
    await dialog.getByRole('combobox', { name: '设为常见问题' }).click();
    await desk.getByRole('option', { name: '是', exact: true }).click();
    await shot(desk, 'admin-answer-dialog-1366');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('已处理');
    expect(await row.getByRole('button', { name: '补充答案' }).count()).toBe(0);
    await shot(desk, 'admin-feedback-list-1366');
    await logOut(desk);
  });

  it('the citizen asks again on the phone and reads staff\'s answer', async () => {
    await ask(phone, quest);
    const out = phone.locator('#qa-answer');
    await expect.poll(() => out.locator('h3').textContent(), { timeout: 20_000 }).toBe(quest);
    expect(await out.locator('.reply').textContent()).toBe(answer);
    expect(await phone.locator('#qa-rate').isVisible()).toBe(true);
    expect(await layoutFaults(phone)).toEqual([]);
    await shot(phone, 'qa-answered-390');
  });
});

describe('智能问答: 满意 / 不满意 after an answer, in both modes', () => {
  it('不满意 on a phone in 适老化 mode sends the feedback, which staff see', async () => {
    await phone.goto(`${site}qa.html?elder=1`);
    await ask(phone, '居住证怎么办理');
    await expect.poll(() => phone.locator('#qa-answer h3').textContent(), { timeout: 20_000 }).toBe('如何办理居住证？');
    const bad = phone.getByRole('button', { name: '不满意' });
    await bad.click();
    expect(await bad.getAttribute('aria-pressed')).toBe('true');
    const form = phone.locator('#qa-feedback-form');
    await form.getByLabel('反馈内容（选填）').fill(`没有说明需要多久能拿到。${stamp}`);
    expect(await layoutFaults(phone)).toEqual([]);
    await shot(phone, 'qa-unsatisfied-elder-390');
    expect(await send(phone, form, '提交反馈')).toBe('感谢您的反馈，工作人员会尽快完善答案。');
    expect(await phone.locator('#qa-rate').isHidden()).toBe(true);
    await phone.goto(`${site}qa.html?elder=0`);

    await logIn(desk, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(desk, '问答反馈');
    const row = desk.getByRole('row').filter({ hasText: `没有说明需要多久能拿到。${stamp}` });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('不满意');
    await logOut(desk);
  });

  it('满意 on a desktop sends the rating; the page keeps its layout in both modes', async () => {
    await ask(desk, '居住证怎么办理');
    await expect.poll(() => desk.locator('#qa-answer h3').textContent(), { timeout: 20_000 }).toBe('如何办理居住证？');
    await desk.getByRole('button', { name: '满意', exact: true }).click();
    const form = desk.locator('#qa-feedback-form');
    expect(await form.getByLabel('补充说明（选填）').isVisible()).toBe(true);
    expect(await layoutFaults(desk)).toEqual([]);
    await shot(desk, 'qa-satisfied-1366');
    expect(await send(desk, form, '提交评价')).toBe('感谢您的评价！');
    await desk.goto(`${site}qa.html?elder=1`);
    await ask(desk, '居住证怎么办理');
    await desk.getByRole('button', { name: '不满意' }).click();
    expect(await layoutFaults(desk)).toEqual([]);
    await shot(desk, 'qa-unsatisfied-elder-1366');
    await desk.goto(`${site}qa.html?elder=0`);
  });

  it('raised no uncaught error', () => {
    expect(errors).toEqual([]);
  });
});
