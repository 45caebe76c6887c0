import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, TEST_CAPTCHA_TEXT } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// A questionnaire from creation to its result chart, as people use it: the admin builds it in the UI and
// starts it; two visitors answer through the public call (captcha from /user/captcha); the admin opens
// the results and sees one pie sector / bar per option, labelled with the counts.
let portal: Portal;
let page: Page;
let errors: string[];
const title = `浏览器测试问卷${Date.now()}`;

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1400, height: 1000 } });
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await portal?.close();
});

async function adminToken() {
  const r = await call<{ value: string }>(portal.server.url, '/user/loginNoCode', { query: { username: 'admin', password: portal.server.adminPassword } });
  return r.body.data.value;
}
interface Survey { id: number; status: number; title: string; questions: { id: number; type: number; options: { id: number; content: string }[] }[] }
async function findSurvey(): Promise<Survey | undefined> {
  const token = await adminToken();
  const list = await call<{ list: { id: number }[] }>(portal.server.url, '/survey/list', { token, body: { title } });
  const id = list.body.data.list[0]?.id;
  if (!id) return undefined;
  return (await call<Survey>(portal.server.url, '/survey/detail', { token, body: { id } })).body.data;
}

describe('survey: build, start, answer, see the chart', () => {
  it('the admin creates a questionnaire in the UI', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '问卷调查');
    // An empty list shows «新建» in its empty state, a list with rows «新建问卷» in the toolbar.
    await page.getByRole('link', { name: /新建/ }).first().click();
    // The button's short route redirects to the spec route; the form that stays is the one mounted there.
    await page.waitForURL(/#\/main\/interact\/problemExamine\/create$/);
    await page.locator('input[name="title"]').fill(title);
    await page.locator('textarea[name="description"]').fill('了解群众对县城公共服务的评价。');
    // Question 1: single choice with two options (the default type).
    await page.locator('input[name="questions.0.title"]').fill('您对县城公交服务满意吗？');
    await page.locator('input[name="questions.0.options.0"]').fill('满意');
    await page.locator('input[name="questions.0.options.1"]').fill('不满意');
    // Question 2: multiple choice with three options.
    await page.getByRole('button', { name: '添加题目' }).click();
    await page.locator('input[name="questions.1.title"]').fill('您希望优先改善哪些方面？');
    await page.getByRole('combobox', { name: '题型' }).nth(1).click();
    await page.getByRole('option', { name: '多选' }).click();
    await page.locator('input[name="questions.1.options.0"]').fill('线路覆盖');
    await page.locator('input[name="questions.1.options.1"]').fill('发车频次');
    await page.getByRole('button', { name: '添加选项' }).nth(1).click();
    await page.locator('input[name="questions.1.options.2"]').fill('候车设施');
    await expect.poll(() => page.locator('input[name="title"]').inputValue()).toBe(title);
    // The designer is the generic form with the questions as child rows: seen at the admins' window size too.
    await page.screenshot({ path: 'test-results/survey/designer-create.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: 'test-results/survey/designer-create-1366.png' });
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('row').filter({ hasText: title }).waitFor();
    const s = await findSurvey();
    expect(s?.status).toBe(0);
    expect(s?.questions.map((q) => q.type)).toEqual([0, 1]);
    expect(s?.questions[1]!.options.map((o) => o.content)).toEqual(['线路覆盖', '发车频次', '候车设施']);
  });

  it('the admin starts it', async () => {
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: '开始' }).click();
    await row.getByText('已开始').waitFor();
    expect((await findSurvey())?.status).toBe(1);
  });

  it('two visitors answer through the public call; the second answer of a visitor is refused', async () => {
    const s = (await findSurvey())!;
    const [single, multi] = s.questions;
    const answerAs = async (visitor: string, singleIdx: number, multiIdx: number[]) => {
      const codeId = `browser-${visitor}-${Date.now()}`;
      const img = await fetch(`${portal.server.url}/user/captcha?codeId=${codeId}`);
      expect(img.status).toBe(200);
      const res = await fetch(`${portal.server.url}/web/survey/save`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          surveyId: s.id,
          visitorToken: `visitor-token-${visitor}-0000`,
          codeId,
          verifyCode: TEST_CAPTCHA_TEXT,
          answers: [
            { questionId: single!.id, optionIds: [single!.options[singleIdx]!.id] },
            { questionId: multi!.id, optionIds: multiIdx.map((i) => multi!.options[i]!.id) },
          ],
        }),
      });
      return (await res.json()) as { errorCode: string };
    };
    expect((await answerAs('a', 0, [0, 1])).errorCode).toBe('0');
    expect((await answerAs('b', 1, [1, 2])).errorCode).toBe('0');
    expect((await answerAs('a', 0, [0])).errorCode).toBe('1005');
  });

  it('the admin opens the results and sees the charts with the counts', async () => {
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: '统计结果' }).click();
    await expect.poll(() => page.getByTestId('survey-record-count').textContent(), { timeout: 30_000 }).toBe('2');
    const charts = page.getByTestId('survey-chart');
    await expect.poll(() => charts.count(), { timeout: 30_000 }).toBe(2);

    // Single choice: a pie with one sector per option.
    const pie = charts.nth(0);
    expect(await pie.getAttribute('data-chart-kind')).toBe('pie');
    await expect.poll(() => pie.locator('svg .recharts-pie-sector').count(), { timeout: 30_000 }).toBe(2);
    const pieLegend = await pie.getByTestId('survey-legend').innerText();
    expect(pieLegend).toContain('满意：1票（50%）');
    expect(pieLegend).toContain('不满意：1票（50%）');

    // Multiple choice: one bar per option, counts 1 / 2 / 1 of 2 people.
    const bar = charts.nth(1);
    expect(await bar.getAttribute('data-chart-kind')).toBe('bar');
    await expect.poll(() => bar.locator('svg .recharts-bar-rectangle').count(), { timeout: 30_000 }).toBe(3);
    const barLegend = await bar.getByTestId('survey-legend').innerText();
    expect(barLegend).toContain('线路覆盖：1票（50%）');
    expect(barLegend).toContain('发车频次：2票（100%）');
    expect(barLegend).toContain('候车设施：1票（50%）');
    expect(await bar.locator('svg .recharts-label-list').innerHTML()).toContain('>2<');
  });

  it('raised no uncaught error in the page', () => {
    expect(errors).toEqual([]);
  });
});
