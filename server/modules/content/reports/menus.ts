import type { Db } from '../../../db/types.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { grantAliases } from '../../../seed/menuSync.js';
import { ensureMenuTree, type MenuTree } from '../../../seed/menuTree.js';

/**
 * The reporting app's screens (spec part 1 §2), Menu entries under its 信息报送 catalogue, each with the
 * Buttons (permission keys) its screen uses: /menu/list answers the buttons of the calling app only, so
 * the reporting app's buttons show by these; the server counts a key whatever app its Button is in.
 */
export const REPORT_MENUS: MenuTree = {
  app: 'reportSite',
  catalogue: { alias: 'report', name: '信息报送', url: '/report', icon: 'Assignment', sort: 1 },
  menus: [
    {
      alias: 'report_audit', name: '文章审核', url: '/report/home/audit', icon: 'FactCheck', sort: 2,
      buttons: [['report:role', '待审报送'], ['report:audit', '报送审核'], ['article:get', '查看文章'], ['article:accept', '初审'], ['article:approve', '终审发布'], ['article:reject', '退回']],
    },
    {
      alias: 'report_list', name: '我的报送', url: '/report/article/reportList', icon: 'ListAlt', sort: 3,
      buttons: [['report:my', '我的报送'], ['article:get', '查看文章'], ['article:update', '修改/撤回'], ['report:delete', '删除报送']],
    },
    { alias: 'report_info', name: '信息报送', url: '/report/article/infoReport', icon: 'PostAdd', sort: 4, buttons: [['article:add', '新增报送'], ['file:upload', '上传文件']] },
    { alias: 'report_statistics', name: '报送统计', url: '/report/article/statistics', icon: 'BarChart', sort: 5, buttons: [['report:list', '报送统计']] },
  ],
};

/** Makes sure the catalogue and the four entries exist (every start); new ones go to 系统管理员. */
export const ensureReportMenus = (db: Db) => ensureMenuTree(db, REPORT_MENUS);

/**
 * Demo grants (first start): 部门信息员 submits and follows his own (我的报送, 信息报送, 报送统计);
 * 内容审核员 reviews (文章审核, 报送统计, and 报送管理 in the admin app).
 */
export async function reportDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  await ensureReportMenus(db);
  const editor = ctx.roleIds.get('editor');
  const auditor = ctx.roleIds.get('auditor');
  const editorKeys = ['report:my', 'report:delete', 'report:list', 'article:get', 'article:add', 'article:update', 'file:upload'];
  await grantAliases(db, editor, ['report', 'report_list', 'report_info', 'report_statistics', ...editorKeys], 'reportSite');
  await grantAliases(db, editor, ['report:my', 'report:delete', 'report:list']);
  const auditorKeys = ['report:role', 'report:audit', 'report:list', 'article:get', 'article:accept', 'article:reject'];
  await grantAliases(db, auditor, ['report', 'report_audit', 'report_statistics', ...auditorKeys], 'reportSite');
  await grantAliases(db, auditor, ['content', 'report', 'report:list', 'report:role', 'report:audit']);
}
