import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, TEST_CAPTCHA_TEXT } from '../api/helpers/testServer';
import { axeViolations } from './lib/axe';
import { logIn, logOut, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// The generated public site as a citizen uses it (docs/generation.md): the mailbox from letter to reply,
// a survey answered on its page, the header search, the 适老化 switch, and axe-core (WCAG 2.1 AA) on the
// main pages in both modes.
let portal: Portal;
let page: Page;
let errors: string[];
let site: string;
let token: string;
const phone = '13712345678';
const letterTitle = `门户来信${Date.now()}`;
const replyText = '您好，已安排县交通运输局核实处理，感谢来信。';
const surveyTitle = `门户问卷${Date.now()}`;
let queryCode = '';

async function api<T>(path: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const r = await call<T>(portal.server.url, path, { token, body: method === 'POST' ? body : undefined, method });
  expect(r.body.errorCode, `${path}: ${r.body.errorMsg}`).toBe('0');
  return r.body.data;
}

async function generateSite() {
  await api('/api/generate/site');
  for (let i = 0; i < 600; i++) {
    const s = await api<{ running: boolean; error: string | null }>('/api/generate/progress', {}, 'GET');
    if (!s.running) return expect(s.error).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('generation did not finish');
}

beforeAll(async () => {
  portal = await startPortal();
  site = `${portal.server.url}/site/`;
  const r = await call<{ value: string }>(portal.server.url, '/user/loginNoCode', { query: { username: 'admin', password: portal.server.adminPassword } });
  token = r.body.data.value;
  const survey = await api<{ id: number }>('/survey/add', { title: surveyTitle, questions: [{ title: '您对县城公交服务满意吗？', type: 0, options: ['满意', '不满意'] }] });
  await api('/survey/open', { id: survey.id, status: 1 });
  await generateSite();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await portal?.close();
});

describe('the public site', () => {
  it('a citizen writes a letter from the mailbox page and gets a query code', async () => {
    await page.goto(`${site}mailbox.html`);
    const form = page.locator('#mail-form');
    await form.getByLabel('信件标题（必填）').fill(letterTitle);
    await form.getByLabel('信件内容（必填）').fill('县城东站公交班次太少，早高峰等车超过半小时。');
    await form.getByLabel('姓名（必填）').fill('王先生');
    await form.getByLabel('联系电话（必填，用于查询答复）').fill(phone);
    // A wrong captcha: the server's Chinese refusal is shown.
    await form.getByLabel('验证码').fill('XXXX');
    await form.getByRole('button', { name: '提交信件' }).click();
    await expect.poll(() => form.locator('.js-result').textContent()).toBe('验证码错误或已过期');
    // 看不清？换一张 is a real button beside the image: a new code, the typed one cleared.
    const shown = await form.getAttribute('data-code-id');
    await form.getByLabel('验证码').fill('AB');
    await form.getByRole('button', { name: '看不清？换一张' }).click();
    await expect.poll(() => form.getAttribute('data-code-id')).not.toBe(shown);
    expect(await form.getByLabel('验证码').inputValue()).toBe('');
    await form.getByLabel('信件标题（必填）').fill(letterTitle);
    await form.getByLabel('验证码').fill(TEST_CAPTCHA_TEXT);
    await form.getByRole('button', { name: '提交信件' }).click();
    await form.locator('[data-query-code]').waitFor();
    queryCode = (await form.locator('[data-query-code]').getAttribute('data-query-code')) ?? '';
    expect(queryCode).toMatch(/^[A-Z2-9]{12}$/);
  });

  it('an officer replies in the admin app', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    const open = async () => {
      await openMenu(page, '领导信箱');
      // The generic list and show view (session 23): the row's 查看 opens the letter.
      await page.getByTestId('list-table').getByRole('row').filter({ hasText: letterTitle }).getByRole('link', { name: '查看' }).click();
      await page.getByTestId('show-grid').waitFor();
    };
    await open();
    await page.getByRole('button', { name: '转办', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('转办部门').click();
    await page.getByRole('option', { name: '县教育局', exact: true }).click();
    await dialog.getByLabel('转办意见').fill('请核实办理');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.locator('[data-field="stage"]').textContent()).toBe('已转办');
    await logOut(page);
    await logIn(page, portal.server.url, '/admin/', 'jiaoyu', DEMO_PASSWORD);
    await open();
    await page.getByRole('button', { name: '答复', exact: true }).click();
    await page.getByRole('dialog').getByLabel('答复内容').fill(replyText);
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.locator('[data-field="stage"]').textContent()).toBe('已回复');
    await logOut(page);
  });

  it('the citizen finds the reply by query code and phone on the public page', async () => {
    await page.goto(`${site}mailbox.html`);
    await page.getByRole('button', { name: '查询答复' }).click();
    const form = page.locator('#mail-lookup');
    await form.getByLabel('查询码').fill(queryCode);
    await form.getByLabel('联系电话').fill('13700000000');
    await form.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => form.locator('.js-result').textContent()).toBe('查询码或联系电话不正确');
    await form.getByLabel('联系电话').fill(phone);
    await form.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => form.locator('.js-output').textContent()).toContain(replyText);
    expect(await form.locator('.js-output').textContent()).toContain('县教育局');
  });

  it('a survey answered from its page shows in the admin results', async () => {
    await page.goto(`${site}survey.html`);
    const form = page.locator('#survey-form');
    await expect.poll(() => form.getByLabel('选择调查').locator('option').allTextContents()).toContain(surveyTitle);
    await form.getByLabel('选择调查').selectOption({ label: surveyTitle });
    await form.getByLabel('满意', { exact: true }).check();
    await form.getByLabel('姓名').fill('李女士');
    await form.getByLabel('联系电话').fill('13800001111');
    await form.getByLabel('验证码').fill(TEST_CAPTCHA_TEXT);
    await form.getByRole('button', { name: '提交答卷' }).click();
    await expect.poll(() => form.locator('.js-result').getAttribute('class')).toContain('ok');
    // The demo's ended survey, whose 公开结果 staff switched on: 2 of 3 families take part.
    const results = page.locator('#survey-results');
    await expect.poll(() => results.textContent()).toContain('您的孩子是否参加了学校课后服务？');
    expect(await results.textContent()).toContain('2票，66.67%');
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '问卷调查');
    await page.getByRole('row').filter({ hasText: surveyTitle }).getByRole('button', { name: '统计结果' }).click();
    await expect.poll(() => page.getByTestId('survey-record-count').textContent(), { timeout: 30_000 }).toBe('1');
    // 公开结果 is off by default: staff switch it on in the list, then citizens see the results.
    await openMenu(page, '问卷调查');
    const resultsOn = page.getByRole('switch', { name: `公开“${surveyTitle}”的调查结果` });
    expect(await resultsOn.isChecked()).toBe(false);
    await resultsOn.click();
    await expect.poll(() => resultsOn.isChecked()).toBe(true);
    // The list with its 公开结果 column still fits the office screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await logOut(page);
    await page.goto(`${site}survey.html`);
    const published = page.getByLabel('已公开结果的调查');
    await expect.poll(() => published.locator('option').allTextContents()).toContain(surveyTitle);
    await published.selectOption({ label: surveyTitle });
    await expect.poll(() => results.textContent()).toContain('共收到答卷 1 份');
  });

  it('a search from the header box shows highlighted results', async () => {
    await page.goto(`${site}index.html`);
    await page.getByRole('searchbox', { name: '全站搜索关键词' }).fill('经济');
    await page.locator('.site-header').getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/search\.html\?keyword=/);
    await page.locator('.search-hit').first().waitFor();
    expect(await page.locator('.search-hit em').first().textContent()).toBe('经济');
    await page.locator('.search-hit a').first().click();
    await page.waitForURL(/\/article\/\d{4}\/\d{2}\/\d+\.html$/);
    // The page-view counter counted this article's view (GET /visitHistory/hit from js/portal.js).
    const articleId = Number(/(\d+)\.html$/.exec(page.url())?.[1]);
    const views = async () =>
      Number(((await portal.server.app.db.selectFrom('visit_counter').select('hits').where('pageKey', '=', `article:${articleId}`).executeTakeFirst()) as { hits?: number } | undefined)?.hits ?? 0);
    await expect.poll(views).toBe(1);
  });

  it("静态生成's 预览首页 shows the home page styled (its links reach the site at /site/)", async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await page.goto(`${portal.server.url}/admin/#/main/article/static`);
    await page.getByRole('button', { name: '预览首页' }).click();
    await page.frameLocator('iframe[title="首页预览"]').locator('.site-header').waitFor();
    // The skin's stylesheet applies: the header has its colour (without it, transparent).
    const frame = page.frames().find((f) => f.url() === 'about:srcdoc');
    await expect.poll(() => frame?.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(10, 74, 143)');
    await logOut(page);
  });

  it('智能问答 answers a question with the most similar one', async () => {
    await page.goto(`${site}qa.html`);
    await page.getByLabel('您的问题').fill('居住证怎么办理');
    await page.getByRole('button', { name: '提问' }).click();
    const answer = page.locator('#qa-answer');
    await expect.poll(() => answer.locator('h3').textContent()).toBe('如何办理居住证？');
    expect(await answer.locator('.reply').textContent()).toContain('派出所');
  });

  it('the 适老化 switch enlarges the type, is remembered, and no page scrolls sideways at 360 px', async () => {
    await page.goto(`${site}index.html`);
    const size = () => page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    expect(await size()).toBe(16);
    await page.getByRole('button', { name: '适老化模式' }).click();
    expect(await size()).toBe(20);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('elder'))).toBe(true);
    expect(await page.getByRole('button', { name: '退出适老化模式' }).getAttribute('aria-pressed')).toBe('true');
    await page.setViewportSize({ width: 360, height: 740 });
    for (const elder of [true, false]) {
      for (const p of ['index.html', 'mailbox.html', 'search.html?keyword=经济']) {
        await page.goto(`${site}${p}`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `${p} elder=${elder}`).toBeLessThanOrEqual(360);
      }
      if (elder) await page.getByRole('button', { name: '退出适老化模式' }).click();
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('has no axe-core WCAG 2.1 AA violation on home, a list, an article, the mailbox and search, in both modes', async () => {
    await page.goto(`${site}index.html`);
    const list = await page.locator('.column-block h2 a').first().getAttribute('href');
    const article = await page.locator('.column-block .article-list a').first().getAttribute('href');
    const pages = ['index.html', list ?? '', article ?? '', 'mailbox.html', 'search.html?keyword=经济'];
    const found: string[] = [];
    for (const elder of [false, true]) {
      await page.evaluate((on) => localStorage.setItem('portal.elder', on ? '1' : '0'), elder);
      for (const p of pages) {
        await page.goto(new URL(p, `${site}index.html`).href);
        if (p.startsWith('search')) await page.locator('.search-hit').first().waitFor();
        for (const v of await axeViolations(page)) found.push(`${p}${elder ? '（适老化）' : ''} ${v}`);
      }
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
