import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/types';
import { DEMO_PASSWORD } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu, openCreateForm } from './lib/portal';

// One submit at a time (issue 23): double-clicking 确定 of 提交审核, or 保存 of a create form, stores one
// record; every create call carries an Idempotency-Key; the missing fields are named before any question.
let portal: Portal;
let browser: Browser;
const stamp = Date.now() % 100000;
const errors: string[] = [];

async function session(app: '/admin/' | '/report/', username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  errors.push(...watchPageErrors(page));
  await logIn(page, portal.server.url, app, username, password);
  return page;
}

async function rows(table: string, column: string, value: string): Promise<number> {
  const r = (await dynamic(portal.server.app.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', value).executeTakeFirst()) as { n: number | string };
  return Number(r.n);
}

/** The Idempotency-Key of every POST to a path containing `part`. */
function keysSentTo(page: Page, part: string): (string | undefined)[] {
  const keys: (string | undefined)[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && r.url().includes(part)) keys.push(r.headers()['idempotency-key']);
  });
  return keys;
}

/** Waits for `locator`, saving a screenshot of the page if it never comes. */
async function seen(page: Page, locator: ReturnType<Page['locator']>, name: string, timeout = 30_000) {
  try {
    await locator.waitFor({ timeout });
  } catch (e) {
    await page.screenshot({ path: `test-results/one-submit-${name}.png` });
    throw e;
  }
}

async function typeBody(page: Page, text: string) {
  const editor = page.locator('.ProseMirror');
  await editor.waitFor({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.type(text);
}

beforeAll(async () => {
  portal = await startPortal();
  browser = portal.browser;
}, 180_000);
afterAll(async () => {
  await portal?.close();
});

describe('one submit at a time', () => {
  it('admin 文章管理: missing fields before the question; double-clicking 确定 stores one article', async () => {
    const title = `双击提交的文章${stamp}`;
    const page = await session('/admin/', 'xinxi', DEMO_PASSWORD);
    const keys = keysSentTo(page, '/api/article/save/');
    await openMenu(page, '文章管理');
    await openCreateForm(page);
    // Empty form: says what is missing, asks nothing.
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.getByText('请输入标题').first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('input[name="title"]').fill(title);
    await page.getByRole('combobox', { name: '所属栏目' }).click();
    await page.getByRole('option', { name: '新闻中心 / 部门动态' }).click();
    await typeBody(page, '双击确定只保存一篇。');
    await page.getByRole('button', { name: '提交审核' }).click();
    const ask = page.getByRole('dialog');
    await seen(page, ask.getByText('提示信息'), 'admin-ask');
    await ask.getByRole('button', { name: '确定' }).dblclick();
    await page.getByText('已提交审核，等待审核人员处理').first().waitFor({ timeout: 15_000 });
    await page.getByRole('row').filter({ hasText: title }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await rows('article', 'title', title)).toBe(1);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => typeof k === 'string' && k.length >= 8)).toBe(true);
    await page.context().close();
  });

  it('reporting 信息报送: double-clicking 确定 stores one article', async () => {
    const title = `双击报送的文章${stamp}`;
    const page = await session('/report/', 'xinxi', DEMO_PASSWORD);
    const keys = keysSentTo(page, '/api/article/save/');
    await openMenu(page, '信息报送');
    await page.locator('input[name="title"]').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.getByText('请输入标题').first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('input[name="title"]').fill(title);
    await page.getByRole('combobox', { name: '栏目' }).click();
    await page.getByRole('option', { name: '新闻中心 / 部门动态' }).click();
    await typeBody(page, '双击确定只报送一篇。');
    await page.getByRole('button', { name: '提交审核' }).click();
    const ask = page.getByRole('dialog');
    await ask.getByText('提示信息').waitFor();
    await ask.getByRole('button', { name: '确定' }).dblclick();
    await page.getByText('已提交审核，等待审核人员处理').first().waitFor({ timeout: 15_000 });
    await page.getByRole('row').filter({ hasText: title }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await rows('article', 'title', title)).toBe(1);
    expect(keys.every((k) => typeof k === 'string' && k.length >= 8)).toBe(true);
    await page.context().close();
  });

  it('a generic create form: double-clicking 保存 stores one record, with a key', async () => {
    const title = `双击保存的公告${stamp}`;
    const page = await session('/admin/', 'admin', portal.server.adminPassword);
    const keys = keysSentTo(page, '/announcement/add');
    await openMenu(page, '通知公告');
    await openCreateForm(page);
    await page.waitForTimeout(300);
    await typeBody(page, '双击保存只存一条。');
    await page.locator('input[name="title"]').fill(title);
    await page.locator('input[name="source"]').fill('县政府办公室');
    await page.getByRole('button', { name: '保存' }).dblclick();
    await seen(page, page.getByRole('row').filter({ hasText: title }).first(), 'generic-saved');
    await page.waitForLoadState('networkidle');
    expect(await rows('announcement', 'title', title)).toBe(1);
    expect(keys.length).toBeGreaterThan(0);
    // Every click of one open form sends the same key.
    expect(new Set(keys).size).toBe(1);
    await page.context().close();
  });

  it('no page errors', () => {
    expect(errors).toEqual([]);
  });
});
