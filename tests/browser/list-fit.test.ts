import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../api/helpers/testServer';
import { logIn, startPortal, type Portal, openMenu } from './lib/portal';
import { walkScreens, type Visit } from './lib/screenWalk';

// Issues 10 and 23, "Done when": every menu entry of both apps, at 1366x768 and 1280x720 with the menu open,
// opens a screen that renders (no 页面不存在, no error panel, no uncaught page error: a screen broken by a
// change elsewhere) where no element — page or any scroll box — is wider than the viewport, the 操作 column and
// the pager are wholly visible, with its title in the app bar (a screenshot of each under
// test-results/list-fit/); every list screen has the shared search form,
// toolbar and paging (components/list/, found by their data-testid), row actions on one line, and shows
// demo records on a fresh start, with phone and ID numbers masked. One browser, one login per app (the tests after the walk go on in its page); the two apps are walked side by side,
// each screen opened once and measured at both sizes.
let portal: Portal;
// A walk costs a few hundred ms per screen on a quiet machine; the cap leaves room for a loaded one.
const TIMEOUT = Number(process.env.WALK_TIMEOUT ?? 600_000);
let walks: Promise<[Visit[], Visit[]]>;

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
] as const;

/**
 * Menu entries that are not lists of records, so have no search form, toolbar or paging (still measured
 * for scroll and title):
 * - 首页概览 / 工作台: the home workbench (to-dos, recent activity, quick links).
 * - 信息报送: the submission editor (a form).
 * - 静态生成: a tool that starts generation runs (a form and its progress).
 * - 栏目管理 / 部门管理 / 菜单管理: trees edited in place (the tree is the list).
 * - 站点设置: one settings record, edited in place.
 * - 单项否决监测: a dashboard of the monitored sites' veto checks.
 * - 咨询统计: a summary (feedback counts and the 20 most asked questions), nothing to search or page.
 * - 数据统计: charts of the counts in a date range (its search form is checked; it has no table).
 * - 年度报表: one report's fixed indicator rows, a form to fill in.
 * - 搜索统计: a chart and tables of the citizens' searches (issue 25), nothing to page.
 */
const NOT_A_LIST = new Set(['首页概览', '工作台', '信息报送', '静态生成', '栏目管理', '部门管理', '菜单管理', '站点设置', '单项否决监测', '咨询统计', '数据统计', '年度报表', '搜索统计']);
/**
 * Lists that are honestly empty on a fresh start (issues 21, 22): records come only from real checks, real
 * backups and real tampering, never from demo data. They show the shared empty state instead.
 */
const EMPTY_AT_START = new Set(['巡检记录', '服务器状态', '防篡改记录', '备份管理']);
/** Statistics: the shared search form and toolbar and records, but one table of totals, not paged. */
const STATISTICS = new Set(['论坛统计', '论坛历史统计', '报送统计']);

/** Lists whose numbers are not personal data: business contacts the portal publishes, blocked numbers. */
const PUBLIC_NUMBERS = new Set(['产业项目', '特色产品', '黑名单']);

function problemsOf(visits: Visit[]): string[] {
  const found: string[] = [];
  for (const v of visits) {
    for (const { size, measure: m } of v.bySize) {
      const problems: string[] = [];
      if (m.pageOverflow > 1) problems.push(`页面横向滚动 ${m.pageOverflow}px`);
      if (m.mainOverflow > 1) problems.push(`内容横向滚动 ${m.mainOverflow}px`);
      if (m.boxOverflow > 1) problems.push(`滚动区横向溢出 ${m.boxOverflow}px (${m.box})`);
      if (m.wideElements > 0) problems.push(`${m.wideElements} 个元素超出窗口 (${m.wide})`);
      if (m.actions !== 'none' && m.actions !== 'visible') problems.push(`操作列不可见：${m.actions}`);
      if (m.pager !== 'none' && m.pager !== 'visible') problems.push(`分页不可见：${m.pager}`);
      if (!m.title) problems.push('无页面标题');
      if (m.unexpandable) problems.push(`折叠了 ${m.folded} 列，${m.unexpandable} 行无可见的展开按钮`);
      if (m.wrappedActions) problems.push(`操作换行 ${m.wrappedActions} 行`);
      if (m.fullNumbers && !PUBLIC_NUMBERS.has(v.name)) problems.push(`明文手机号/证件号 ${m.fullNumbers} 处`);
      if (m.notFound) problems.push('页面不存在');
      if (m.errorPanels) problems.push(`错误提示 ${m.errorPanels} 个`);
      if (EMPTY_AT_START.has(v.name) && m.rows === 0) {
        if (m.empty !== 1) problems.push('空列表无空状态提示');
      } else if (!NOT_A_LIST.has(v.name)) {
        if (m.search !== 1) problems.push(`查询表单 ${m.search} 个`);
        if (m.toolbar < 1) problems.push('无工具栏');
        if (m.paging < 1 && !STATISTICS.has(v.name)) problems.push('无分页');
        if (m.rows < 1) problems.push('无演示数据');
      }
      if (problems.length) found.push(`${v.name} ${v.href} @${size.width}: ${problems.join('，')}`);
    }
    if (v.errors.length) found.push(`${v.name} ${v.href}: 页面错误 ${v.errors.join('; ')}`);
  }
  return found;
}

/** The walk's own page, still logged in: the tests after the walk go on in it (a login less each). */
const walkPages = new Map<string, Page>();

async function walkApp(appPath: '/admin/' | '/report/', username: string, password: string): Promise<Visit[]> {
  const context = await portal.browser.newContext({ locale: 'zh-CN', viewport: SIZES[0] });
  const page: Page = await context.newPage();
  walkPages.set(appPath, page);
  await logIn(page, portal.server.url, appPath, username, password);
  const dir = path.resolve('test-results', 'list-fit');
  fs.mkdirSync(dir, { recursive: true });
  const app = appPath.replaceAll('/', '');
  return walkScreens(page, SIZES, (name, i, size) => path.join(dir, `${app}-${size.width}x${size.height}-${String(i).padStart(2, '0')}-${name.replace(/[\\/:*?"<>| ]/g, '_')}.png`));
}

beforeAll(async () => {
  portal = await startPortal();
  walks = Promise.all([walkApp('/admin/', 'admin', portal.server.adminPassword), walkApp('/report/', 'xinxi', DEMO_PASSWORD)]);
  // Keep an early rejection from being reported as unhandled before a test awaits it.
  walks.catch(() => undefined);
}, 180_000);

afterAll(async () => {
  await portal?.close();
});

/** The admin walk's page, once the walk is over, back at 1366 px. */
async function adminAfterWalk(): Promise<Page> {
  await walks;
  const page = walkPages.get('/admin/')!;
  await page.setViewportSize(SIZES[0]);
  return page;
}

describe('every menu entry at 1366x768 and 1280x720', () => {
  it('the admin app (every menu): fits, titled, lists on the shared components with demo records', async () => {
    const [admin] = await walks;
    expect(admin.length).toBeGreaterThan(30);
    expect(problemsOf(admin)).toEqual([]);
    // 个人信息保护法: the lists with a phone or ID column show them masked (no list shows one in full, above).
    const masked = admin.filter((v) => v.bySize[0]!.measure.maskedNumbers > 0).map((v) => v.name);
    expect(masked).toEqual(expect.arrayContaining(['用户管理', '建议征集', '会员中心']));
  }, TIMEOUT);

  it('edit forms are one grid of equal widths (产业项目)', async () => {
    const page = await adminAfterWalk();
    await openMenu(page, '产业项目');
    // The home page has links of its own: wait for the projects' list.
    await page.waitForURL(/industrialProjects/);
    // The list settled first: a click on a row that a late refetch replaces goes nowhere (failed once under CI load).
    await page.waitForLoadState('networkidle');
    await page.locator('tbody').getByRole('link', { name: '编辑' }).first().click();
    const grid = page.getByTestId('form-grid');
    await grid.waitFor();
    await page.waitForLoadState('networkidle');
    // Text boxes, selects and numbers: one width (the issue: text half width, selects full width).
    const widths = await grid.evaluate((el) =>
      Array.from(el.children)
        .filter((cell) => getComputedStyle(cell).gridColumnStart !== '1' || getComputedStyle(cell).gridColumnEnd !== '-1')
        .map((cell) => Math.round((cell.querySelector('.MuiFormControl-root') as HTMLElement | null)?.getBoundingClientRect().width ?? 0)),
    );
    expect(widths.length).toBeGreaterThan(5);
    expect(new Set(widths).size, widths.join(',')).toBe(1);
    await page.screenshot({ path: 'test-results/list-fit/form-产业项目-edit-1366.png', fullPage: true });
  }, TIMEOUT);

  it('a folded column shows in the row expansion (论坛主题 at 1366 px)', async () => {
    const page = await adminAfterWalk();
    await openMenu(page, '论坛主题');
    const table = page.getByRole('table', { name: '论坛主题列表' });
    await table.locator('tbody tr').first().waitFor();
    // 办理状态 does not fit beside 标题…审核状态 and the row's seven steps: it folds, and the row's expander shows it.
    await expect.poll(() => table.locator('thead th.column-handleState').evaluate((th) => getComputedStyle(th).display)).toBe('none');
    await table.locator('tbody .RaDatagrid-expandIcon').first().click();
    const expansion = table.locator('tbody tr').nth(1);
    await expect.poll(() => expansion.textContent()).toMatch(/办理状态[:：]\s*(办理中|已办结)/);
    await page.screenshot({ path: 'test-results/list-fit/folded-论坛主题-expanded-1366.png' });
  }, TIMEOUT);

  it('the reporting app, for department staff', async () => {
    const [, report] = await walks;
    expect(report.length).toBeGreaterThan(3);
    expect(problemsOf(report)).toEqual([]);
  }, TIMEOUT);
});
