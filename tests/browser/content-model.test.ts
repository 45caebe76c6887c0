import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../api/helpers/testServer';
import { logIn, openMenu, startPortal, watchPageErrors, type Portal } from './lib/portal';

// 自定义模型 on the generic views (issue 19): the list, the show view with the model's fields and rows (the
// show panel contentModelFields), a field added there reaching the model's table, and the name changed
// with the generic edit form.
let portal: Portal;
let page: Page;
let errors: string[];
const stamp = Date.now();

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1500, height: 1000 } });
  errors = watchPageErrors(page);
});
afterAll(async () => {
  await portal?.close();
});

interface Model { cmId: number; cmTipsName: string; fields: { fieldFieldName: string; fieldTipsName: string }[] }

describe('自定义模型 in the generic views', () => {
  it('shows the demo model with its fields; 新增字段 adds one to the model and its table', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(page, '自定义模型');
    const row = page.getByRole('row').filter({ hasText: 'policy_doc' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain('政策文件');
    await row.getByRole('link', { name: '查看' }).click();
    const fields = page.getByRole('table', { name: '模型字段' });
    await fields.getByText('发文机关').waitFor({ timeout: 30_000 });
    expect(await fields.innerText()).toContain('wjbh');
    await page.getByRole('table', { name: '模型数据' }).waitFor();
    await page.screenshot({ path: 'test-results/content-model-show.png' });

    await page.getByRole('button', { name: '新增字段' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="fieldTipsName"]').fill('主题词');
    await dialog.locator('input[name="fieldFieldName"]').fill(`ztc${stamp % 1000}`);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fields.getByText('主题词').waitFor({ timeout: 30_000 });

    const admin = await login(portal.server.url, 'admin', portal.server.adminPassword);
    const list = await call<{ list: Model[] }>(portal.server.url, '/api/contentModel/list', { token: admin, body: { cmTipsName: '政策文件' } });
    const model = list.body.data.list[0] as Model;
    const got = await call<Model>(portal.server.url, `/api/contentModel/${model.cmId}/getById`, { token: admin, method: 'GET' });
    expect(got.body.data.fields.map((f) => f.fieldTipsName)).toContain('主题词');
    const columns = (await portal.server.app.db.introspection.getTables()).find((t) => t.name === 'cm_policy_doc')?.columns.map((c) => c.name);
    expect(columns).toContain(`ztc${stamp % 1000}`);
    expect(errors).toEqual([]);
  });
});
