import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login } from '../api/helpers/testServer';
import { fillCaptcha, logIn, startPortal, type Portal, openMenu, expandMenu } from './lib/portal';

// 数据字典, 密码规则 and 密码类型, lockout at the login form, the operation log, an expired password and the
// 个人中心 → 修改密码 dialog, and the 审计员's read-only view — as people use them in the browser.
let portal: Portal;
let admin: Page;
const errors: string[] = [];

/** A page in its own context (its own session storage), its errors collected. */
async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await portal.browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page };
}

async function adminToken(): Promise<string> {
  return login(portal.server.url, 'admin', portal.server.adminPassword);
}

/** The rule in force as the server answers it (the enabled one; the defaults when none is). */
async function ruleInForce(): Promise<{ maxFailures: number; lockMinutes: number; minLength: number }> {
  const r = await call<{ enabled: number; maxFailures: number; lockMinutes: number; minLength: number }[]>(portal.server.url, '/passwordRule/list', { token: await adminToken() });
  expect(r.body.errorCode).toBe('0');
  const live = r.body.data.find((x) => Number(x.enabled) === 1);
  return live ? { maxFailures: Number(live.maxFailures), lockMinutes: Number(live.lockMinutes), minLength: Number(live.minLength) } : { maxFailures: 5, lockMinutes: 10, minLength: 8 };
}

/** One login attempt through the form; answers the server's envelope of /user/login. */
async function tryLogin(page: Page, username: string, password: string): Promise<{ errorCode: string; errorMsg: string; data?: unknown }> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await fillCaptcha(page);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/user/login'),
    page.getByRole('button', { name: '登录' }).click(),
  ]);
  return (await response.json()) as { errorCode: string; errorMsg: string; data?: unknown };
}

/** The search form applies its fields on 查询, not as one types. */
async function search(page: Page) {
  await page.getByRole('search').getByRole('button', { name: '查询' }).click();
}

const SYSTEM_LISTS = ['操作日志', '数据字典', '密码规则', '用户管理', '角色管理', '部门管理', '菜单管理'];
const CHANGE_BUTTON = /^(新建|新增.*|编辑|删除|恢复默认)$/;

/** Opens each of `lists` the user's menu has; answers how many change buttons (or links) each shows. */
async function changeButtonsOn(page: Page, lists: readonly string[]): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  // Groups start collapsed: open them so every entry the user holds can be counted.
  await expandMenu(page);
  for (const name of lists) {
    const entry = page.getByRole('menuitem', { name, exact: true });
    if ((await entry.count()) === 0) continue;
    const href = (await entry.getAttribute('href')) ?? '';
    const title = page.locator('#react-admin-title');
    const oldTitle = await title.textContent();
    const moving = new URL(page.url()).hash.split('?')[0] !== href.split('?')[0];
    await entry.click();
    // The previous screen must not answer for this one: wait for this entry's route, then for its
    // title (the router keeps the old screen up while the new one loads).
    await page.waitForURL((u) => u.hash.split('?')[0] === href.split('?')[0]);
    if (moving) await expect.poll(() => title.textContent(), { timeout: 15_000 }).not.toBe(oldTitle);
    // A list's rows (or its empty state), or a tree screen's items.
    await page.locator('tbody tr, [data-testid="list-empty"], [role="treeitem"]').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    // A tree screen with a table (users by department): its rows too.
    if ((await page.locator('table').count()) > 0) await page.locator('tbody tr, [data-testid="list-empty"]').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    seen[name] = (await page.getByRole('button', { name: CHANGE_BUTTON }).count()) + (await page.getByRole('link', { name: CHANGE_BUTTON }).count());
  }
  return seen;
}

beforeAll(async () => {
  portal = await startPortal();
  ({ page: admin } = await newPage());
});

afterAll(async () => {
  await portal?.close();
});

describe('数据字典', () => {
  it('the admin adds an entry to the 文章来源 group in the entry tree and it appears (tree, API, allDic)', async () => {
    await logIn(admin, portal.server.url, '/admin/', 'admin', portal.server.adminPassword);
    await openMenu(admin, '数据字典');
    const row = admin.getByRole('row').filter({ hasText: '文章来源' });
    await row.getByRole('button', { name: '字典项' }).click();
    await admin.getByRole('heading', { name: '文章来源（articleSource）' }).waitFor();
    const entries = admin.getByTestId('dict-entry');
    await expect.poll(() => entries.count()).toBeGreaterThan(0);
    const before = await entries.count();
    expect(await admin.getByTestId('dict-entry').filter({ hasText: '县政府公报' }).count()).toBe(0);

    await admin.getByRole('button', { name: '新增字典项' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('input[name="key"]').fill('gazette');
    await dialog.locator('input[name="name"]').fill('县政府公报');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });

    const added = admin.getByTestId('dict-entry').filter({ hasText: '县政府公报' });
    await expect.poll(() => added.count()).toBe(1);
    expect(await added.textContent()).toContain('键：gazette');
    expect(await entries.count()).toBe(before + 1);
    const group = await call<{ code: string; name: string }[]>(portal.server.url, '/data/dict/view/group', { method: 'GET', query: { val: 'articleSource' }, token: await adminToken() });
    expect(group.body.data.map((e) => e.code)).toContain('gazette');
    // Every dictionary-backed field reads the session cache, refreshed after the change.
    await expect
      .poll(() => admin.evaluate(() => sessionStorage.getItem('allDic') ?? ''))
      .toContain('县政府公报');
  });
});

describe('密码规则和密码类型', () => {
  it('the admin creates the rule in force through the generic form; it is listed as 启用', async () => {
    await openMenu(admin, '密码规则');
    await admin.getByTestId('password-types').waitFor();
    await admin.getByRole('link', { name: '新增' }).first().click();
    // The list's search form has a 规则名称 field too: fill the form only once it is open.
    await admin.getByRole('link', { name: '返回列表' }).waitFor();
    await admin.locator('input[name="name"]').fill('县政府密码规则');
    // The form's defaults are the issue's: 8 characters, 3 classes, 90 days, 5 failures.
    expect(await admin.locator('input[name="minLength"]').inputValue()).toBe('8');
    expect(await admin.locator('input[name="classCount"]').inputValue()).toBe('3');
    expect(await admin.locator('input[name="expireDays"]').inputValue()).toBe('90');
    expect(await admin.locator('input[name="maxFailures"]').inputValue()).toBe('5');
    await admin.locator('input[name="lockMinutes"]').fill('15');
    await admin.getByRole('combobox', { name: '启用' }).click();
    await admin.getByRole('option', { name: '启用', exact: true }).click();
    await admin.getByRole('button', { name: '保存' }).click();

    const row = admin.getByRole('row').filter({ hasText: '县政府密码规则' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain('启用');
    const rule = await ruleInForce();
    expect(rule).toMatchObject({ maxFailures: 5, lockMinutes: 15, minLength: 8 });
  });

  it('lists the password types, edits one, and 恢复默认 after a confirmation', async () => {
    const panel = admin.getByTestId('password-types');
    const types = panel.getByTestId('password-type');
    await expect.poll(() => types.count()).toBe(4);
    expect(await types.allTextContents()).toEqual([
      expect.stringContaining('大写字母'),
      expect.stringContaining('小写字母'),
      expect.stringContaining('数字'),
      expect.stringContaining('特殊字符'),
    ]);

    await types.filter({ hasText: '数字' }).getByRole('button', { name: '编辑' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('编辑密码类型').waitFor();
    // A pattern that is not one character class is refused before sending.
    await dialog.locator('input[name="pattern"]').fill('(a+)+');
    await dialog.getByText('字符规则须为一个字符类，例如 [A-Z] 或 [^A-Za-z0-9]').waitFor();
    expect(await dialog.getByRole('button', { name: '确定' }).isDisabled()).toBe(true);
    await dialog.locator('input[name="pattern"]').fill('[0-9]');
    await dialog.locator('input[name="name"]').fill('阿拉伯数字');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => types.filter({ hasText: '阿拉伯数字' }).count()).toBe(1);
    const stored = await portal.server.app.db.selectFrom('password_type').select(['name', 'pattern']).orderBy('id').execute();
    expect(stored.map((t) => t.name)).toContain('阿拉伯数字');

    await panel.getByRole('button', { name: '恢复默认' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByText('提示信息').waitFor();
    // 取消 changes nothing.
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await types.filter({ hasText: '阿拉伯数字' }).count()).toBe(1);

    await panel.getByRole('button', { name: '恢复默认' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => types.filter({ hasText: '阿拉伯数字' }).count()).toBe(0);
    await expect.poll(() => types.count()).toBe(4);
    const reset = await portal.server.app.db.selectFrom('password_type').select(['name']).orderBy('id').execute();
    expect(reset.map((t) => t.name)).toEqual(['大写字母', '小写字母', '数字', '特殊字符']);
  });
});

describe('登录锁定与操作日志', () => {
  it('after the rule’s number of wrong passwords, even the right password shows 账号已锁定', async () => {
    const rule = await ruleInForce();
    const { context, page } = await newPage();
    await page.goto(`${portal.server.url}/admin/`);
    for (let i = 1; i <= rule.maxFailures; i++) {
      const answer = await tryLogin(page, 'xinxi2', `Wrong#${i}pass`);
      if (i < rule.maxFailures) expect(answer, `attempt ${i}`).toMatchObject({ errorCode: '2001', errorMsg: '用户名或密码错误' });
      else expect(answer.errorMsg, `attempt ${i}`).toContain('账号已锁定');
    }
    const right = await tryLogin(page, 'xinxi2', DEMO_PASSWORD);
    expect(right.errorCode).toBe('2003');
    expect(right.errorMsg).toContain(`请${rule.lockMinutes}分钟后再试`);
    await page.getByText('账号已锁定').first().waitFor();
    // Still at the login form, not in the app.
    expect(await page.getByRole('button', { name: '个人中心' }).count()).toBe(0);
    expect(await page.locator('input[name="username"]').count()).toBe(1);
    await context.close();
  });

  it('the operation log screen shows those failed logins with the user name and 失败, and a detail drawer', async () => {
    await openMenu(admin, '操作日志');
    await admin.getByRole('textbox', { name: '用户' }).fill('xinxi2');
    await admin.getByRole('combobox', { name: '结果' }).click();
    await admin.getByRole('option', { name: '失败', exact: true }).click();
    await search(admin);
    const rows = admin.locator('tbody tr');
    const rule = await ruleInForce();
    // The wrong passwords and the right one while locked.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(rule.maxFailures + 1);
    for (const text of await rows.allTextContents()) {
      expect(text).toContain('xinxi2');
      expect(text).toContain('登录');
      expect(text).toContain('失败');
      expect(text).toContain('/user/login');
      expect(text).not.toContain('成功');
    }
    // The last wrong password locks; the right one while locked is refused too (order within a second may vary).
    expect(await rows.filter({ hasText: '账号已锁定' }).count()).toBe(2);
    expect(await rows.filter({ hasText: '用户名或密码错误（密码错误）' }).count()).toBe(rule.maxFailures - 1);

    // Only logins: the 类型 filter narrows; 操作 shows none of them.
    await admin.getByRole('combobox', { name: '类型' }).click();
    await admin.getByRole('option', { name: '操作', exact: true }).click();
    await search(admin);
    await expect.poll(() => admin.getByTestId('list-empty').count()).toBe(1);
    await admin.getByRole('combobox', { name: '类型' }).click();
    await admin.getByRole('option', { name: '登录', exact: true }).click();
    await search(admin);
    await expect.poll(() => rows.count()).toBe(rule.maxFailures + 1);

    await rows.filter({ hasText: '用户名或密码错误（密码错误）' }).first().getByRole('button', { name: '详情' }).click();
    const drawer = admin.getByRole('region', { name: '日志详情' });
    await drawer.waitFor();
    await expect.poll(() => drawer.locator('[data-field="resultMsg"]').textContent()).toContain('用户名或密码错误（密码错误）');
    expect(await drawer.locator('[data-field="username"]').textContent()).toBe('xinxi2');
    expect(await drawer.locator('[data-field="success"]').textContent()).toBe('失败');
    expect(await drawer.locator('[data-field="type"]').textContent()).toBe('登录日志');
    // (after the drawer's slide-in)
    await admin.waitForTimeout(500);
    await admin.screenshot({ path: 'test-results/system-security/operation-log-drawer.png' });
    await drawer.getByRole('button', { name: '关闭' }).click();
    await drawer.waitFor({ state: 'detached' });

    // Read-only for the admin too: no 新建 / 编辑 / 删除, no selection.
    for (const name of ['新增', '编辑', '删除']) expect(await admin.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await admin.getByRole('link', { name: '新增' }).count()).toBe(0);
    expect(await admin.getByRole('checkbox').count()).toBe(0);
  });
});

describe('修改密码', () => {
  it('an expired password: the forced change dialog comes first; after the change the app works', async () => {
    await portal.server.app.db.updateTable('users').set({ passwordChangedAt: '2000-01-01 00:00:00' }).where('username', '=', 'xinxi').execute();
    const { context, page } = await newPage();
    await page.goto(`${portal.server.url}/admin/`);
    // The login succeeds (the dialog hides the rest of the shell from the accessibility tree).
    expect(await tryLogin(page, 'xinxi', DEMO_PASSWORD)).toMatchObject({ errorCode: '0', data: { passwordExpired: true } });
    const dialog = page.getByRole('dialog', { name: '请修改密码' });
    await dialog.waitFor();
    // It cannot be dismissed.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.locator('input[name="oldPassword"]').fill(DEMO_PASSWORD);
    await dialog.locator('input[name="newPassword"]').fill('Jiaoyu#2027a');
    await dialog.locator('input[name="confirmPassword"]').fill('Jiaoyu#2027a');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '个人中心' }).waitFor();

    const row = (await portal.server.app.db.selectFrom('users').select(['passwordChangedAt']).where('username', '=', 'xinxi').executeTakeFirstOrThrow()) as { passwordChangedAt: string };
    expect(row.passwordChangedAt > '2020').toBe(true);
    // The app works: a menu entry opens its list.
    await openMenu(page, '通知公告');
    await page.locator('tbody tr, [data-testid="list-empty"]').first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: '个人中心' }).waitFor();
    expect(await page.getByRole('dialog', { name: '请修改密码' }).count()).toBe(0);
    // The new password is the one that logs in now.
    await expect(login(portal.server.url, 'xinxi', 'Jiaoyu#2027a')).resolves.toBeTruthy();
    await context.close();
  });

  it('个人中心 → 修改密码 shows the server’s Chinese refusals, then changes the password', async () => {
    const { context, page } = await newPage();
    await logIn(page, portal.server.url, '/admin/', 'xinxi', 'Jiaoyu#2027a');
    await page.getByRole('button', { name: '个人中心' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.waitFor();
    const fill = async (o: string, n: string, c: string) => {
      await dialog.locator('input[name="oldPassword"]').fill(o);
      await dialog.locator('input[name="newPassword"]').fill(n);
      await dialog.locator('input[name="confirmPassword"]').fill(c);
      await dialog.getByRole('button', { name: '确定' }).click();
    };
    await fill('Jiaoyu#2027a', 'Abc#1234x', 'Abc#1234y');
    await dialog.getByText('两次输入的新密码不一致').waitFor();
    await fill('Nope#2027a', 'Yunxi#2028b', 'Yunxi#2028b');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('原密码错误');
    const rule = await ruleInForce();
    await fill('Jiaoyu#2027a', 'Ab#1', 'Ab#1');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(`密码长度不能少于${rule.minLength}位`);
    await fill('Jiaoyu#2027a', 'yunxiyunxi', 'yunxiyunxi');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('密码须包含大写字母、小写字母、数字、特殊字符中的至少');
    await fill('Jiaoyu#2027a', 'Yunxi#2028b', 'Yunxi#2028b');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('密码修改成功').waitFor();
    await expect(login(portal.server.url, 'xinxi', 'Yunxi#2028b')).resolves.toBeTruthy();
    // This session stays.
    await openMenu(page, '通知公告');
    await page.locator('tbody tr, [data-testid="list-empty"]').first().waitFor();
    await context.close();
  });
});

describe('审计员', () => {
  it('shenji reads the operation log and the system lists without 新建 / 编辑 / 删除', async () => {
    const { context, page } = await newPage();
    await logIn(page, portal.server.url, '/admin/', 'shenji', DEMO_PASSWORD);
    await openMenu(page, '操作日志');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: '清理过期日志' }).count()).toBe(0);
    await page.locator('tbody tr').first().getByRole('button', { name: '详情' }).click();
    const drawer = page.getByRole('region', { name: '日志详情' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: '关闭' }).click();
    await drawer.waitFor({ state: 'detached' });

    const seen = await changeButtonsOn(page, SYSTEM_LISTS);
    expect(Object.keys(seen).length).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, 0])));
    // The same probe finds the admin's buttons on those screens (the log screen stays read-only).
    const adminSeen = await changeButtonsOn(admin, Object.keys(seen));
    for (const name of Object.keys(seen)) {
      if (name === '操作日志') expect(adminSeen[name], name).toBe(0);
      else expect(adminSeen[name], name).toBeGreaterThan(0);
    }
    await context.close();
    expect(errors).toEqual([]);
  });
});
