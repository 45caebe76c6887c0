import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers/testServer';
import { logIn, startPortal, watchPageErrors, type Portal, openMenu } from './lib/portal';

// 论坛版块's 版主设置 as the web office uses it (the declared action `linkPick`): pick a role, tick the plates it
// moderates, save; the role's plates are exactly those, and the dialog shows them ticked when opened again.
let portal: Portal;
let page: Page;
let errors: string[];
const SHOTS = 'test-results/plate-moderators';

beforeAll(async () => {
  portal = await startPortal();
  page = await portal.browser.newPage({ locale: 'zh-CN', viewport: { width: 1366, height: 768 } });
  errors = watchPageErrors(page);
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await portal?.close();
});

async function platesOf(roleId: number): Promise<number[]> {
  const login = await call<{ value: string }>(portal.server.url, '/user/loginNoCode', { query: { username: 'admin', password: portal.server.adminPassword } });
  const links = await call<{ plateId: number }[]>(portal.server.url, '/plateRole/list', { token: login.body.data.value, query: { roleId } });
  return links.body.data.map((l) => Number(l.plateId)).sort((a, b) => a - b);
}

async function openDialog() {
  await openMenu(page, '论坛版块');
  await page.getByRole('button', { name: '版主设置' }).click();
  const dialog = page.getByRole('dialog', { name: '版主设置' });
  await dialog.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: '网络问政办理员' }).click();
  return dialog;
}

describe('论坛版块 → 版主设置', () => {
  it('gives a role the plates ticked, and only those', async () => {
    await logIn(page, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    const roles = await call<{ list: { roleId: number; name: string }[] }>(portal.server.url, '/role/list', {
      token: (await call<{ value: string }>(portal.server.url, '/user/loginNoCode', { query: { username: 'admin', password: portal.server.adminPassword } })).body.data.value,
      body: { pageNum: 1, pageSize: 50, name: '网络问政办理员' },
    });
    const roleId = Number(roles.body.data.list.find((r) => r.name === '网络问政办理员')!.roleId);
    const before = await platesOf(roleId);

    const dialog = await openDialog();
    const boxes = dialog.getByRole('checkbox');
    await expect.poll(() => boxes.count()).toBeGreaterThan(1);
    // The role's plates come ticked; tick every other one as well.
    await expect.poll(async () => (await Promise.all((await boxes.all()).map((b) => b.isChecked()))).filter(Boolean).length).toBe(before.length);
    for (const box of await boxes.all()) if (!(await box.isChecked())) await box.check();
    const total = await boxes.count();
    await page.screenshot({ path: `${SHOTS}/dialog-1366.png` });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const all = await platesOf(roleId);
    expect(all.length).toBe(total);
    expect(all.length).toBeGreaterThan(before.length);

    // Untick the first: the role keeps the others only.
    const again = await openDialog();
    const first = again.getByRole('checkbox').first();
    await expect.poll(() => first.isChecked()).toBe(true);
    await first.uncheck();
    await again.getByRole('button', { name: '保存' }).click();
    await again.waitFor({ state: 'hidden' });
    expect((await platesOf(roleId)).length).toBe(all.length - 1);
  });

  it('raised no uncaught error in the page', () => {
    expect(errors).toEqual([]);
  });
});
