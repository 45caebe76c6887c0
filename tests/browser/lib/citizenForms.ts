// Shared steps of the citizen round trips (tests/browser/citizen-services.test.ts and its suites in
// tests/browser/citizen/): send a form with the captcha, look a record up by query code and phone.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { TEST_CAPTCHA_TEXT } from '../../api/helpers/testServer';
import { pictureArrived } from './portal';

/** Sends a js-submit form with the captcha and answers the query code the page shows. */
export async function submitWithCode(form: Locator, button: string): Promise<string> {
  // The server stores a captcha when its picture is fetched: type it once the picture has arrived, as a person does.
  await pictureArrived(form.locator('img.captcha'));
  await form.getByLabel('验证码').fill(TEST_CAPTCHA_TEXT);
  await form.getByRole('button', { name: button }).click();
  await expect.poll(() => form.locator('.js-result').getAttribute('class'), { timeout: 20_000 }).toContain('notice');
  const said = await form.locator('.js-result').textContent();
  expect(said, said ?? '').toContain('查询码');
  return (await form.locator('[data-query-code]').getAttribute('data-query-code')) ?? '';
}

/** Looks a record up on a js-lookup form and answers what the page shows. */
export async function lookUp(form: Locator, code: string, tel: string): Promise<string> {
  await form.getByLabel('查询码').fill(code);
  await form.getByLabel('联系电话').fill(tel);
  await form.getByRole('button', { name: /^查询/ }).click();
  await expect.poll(() => form.locator('.js-result').textContent(), { timeout: 20_000 }).toBe('查询成功');
  return (await form.locator('.js-output').textContent()) ?? '';
}
