import type { Db } from '../../../db/types.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { ADMIN_ROLE_ALIAS, ensureResource, grant } from '../../../seed/menuSync.js';

/**
 * The reporting app's screens (spec part 1 §2), Menu entries under its 信息报送 catalogue, each with the
 * Buttons (permission keys) its screen uses: /menu/list answers the buttons of the calling app only, so
 * the reporting app's buttons show by these; the server counts a key whatever app its Button is in.
 */
export const REPORT_MENUS = [
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
] as const;

/** Makes sure the catalogue and the four entries exist (every start); new ones go to 系统管理员. */
export async function ensureReportMenus(db: Db): Promise<Map<string, number>> {
  const cat = await ensureResource(db, { parentId: 0, name: '信息报送', alias: 'report', icon: 'Assignment', type: 'Catalogue', url: '/report', dingAppKey: 'reportSite', sort: 1 });
  const ids = new Map<string, number>([['report', cat.id]]);
  const created: number[] = [];
  for (const m of REPORT_MENUS) {
    const r = await ensureResource(db, { parentId: cat.id, name: m.name, alias: m.alias, icon: m.icon, type: 'Menu', url: m.url, dingAppKey: 'reportSite', sort: m.sort });
    ids.set(m.alias, r.id);
    if (r.created) created.push(r.id);
    let i = 0;
    for (const [alias, name] of m.buttons) {
      // One Button per key in the app (aliases are unique per app): the first screen that uses a key holds it.
      const b = await ensureResource(db, { parentId: r.id, name, alias, icon: null, type: 'Button', url: null, dingAppKey: 'reportSite', sort: ++i });
      ids.set(alias, b.id);
      if (b.created) created.push(b.id);
    }
  }
  if (created.length) {
    const admin = await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst();
    if (admin) await grant(db, admin.roleId, created);
  }
  return ids;
}

/**
 * Demo grants (first start): 部门信息员 submits and follows his own (我的报送, 信息报送, 报送统计);
 * 内容审核员 reviews (文章审核, 报送统计, and 报送管理 in the admin app).
 */
export async function reportDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const menus = await ensureReportMenus(db);
  const admin = async (aliases: string[]) => {
    const rows = await db.selectFrom('resources').select('id').where('dingAppKey', '=', 'adminSite').where('alias', 'in', aliases).execute();
    return rows.map((r) => r.id);
  };
  const menu = (aliases: string[]) => aliases.map((a) => menus.get(a)).filter((x): x is number => x !== undefined);
  const editor = ctx.roleIds.get('editor');
  const auditor = ctx.roleIds.get('auditor');
  if (editor) {
    const keys = ['report:my', 'report:delete', 'report:list', 'article:get', 'article:add', 'article:update', 'file:upload'];
    await grant(db, editor, [...menu(['report', 'report_list', 'report_info', 'report_statistics', ...keys]), ...(await admin(['report:my', 'report:delete', 'report:list']))]);
  }
  if (auditor) {
    const keys = ['report:role', 'report:audit', 'report:list', 'article:get', 'article:accept', 'article:reject'];
    await grant(db, auditor, [...menu(['report', 'report_audit', 'report_statistics', ...keys]), ...(await admin(['content', 'report', 'report:list', 'report:role', 'report:audit']))]);
  }
}
