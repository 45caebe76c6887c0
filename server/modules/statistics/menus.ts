import type { Db } from '../../db/types.js';
import { ADMIN_ROLE_ALIAS, CATALOGUES, ensureResource, grant } from '../../seed/menuSync.js';

/** The five statistics screens under 首页 (spec part 1 §2, routes /main/home/…), opened by src/pages/home*.tsx. */
export const STATISTICS_MENUS = [
  { alias: 'home_column', name: '栏目统计', url: '/main/home/column', icon: 'ViewQuilt', sort: 11 },
  { alias: 'home_dispatch', name: '发稿统计', url: '/main/home/dispatch', icon: 'TrendingUp', sort: 12 },
  { alias: 'home_staticData', name: '数据统计', url: '/main/home/staticData', icon: 'Dashboard', sort: 13 },
  { alias: 'home_reportData', name: '数据分析', url: '/main/home/reportData', icon: 'Assessment', sort: 14 },
  { alias: 'home_thisArticleStatistics', name: '文章统计', url: '/main/home/thisArticleStatistics', icon: 'Poll', sort: 15 },
] as const;

/** Permission keys of the statistics calls (Buttons under 栏目统计). */
export const STATISTICS_KEYS = { view: 'statistics:view', export: 'statistics:export' } as const;

const INSPECTOR_ROLE_ALIAS = 'inspector';

async function roleId(db: Db, alias: string): Promise<number | null> {
  const r = await db.selectFrom('roles').select('roleId').where('roleAlias', '=', alias).executeTakeFirst();
  return r ? r.roleId : null;
}

/**
 * Every start: the menu entries and the two Buttons exist. Entries created now are granted to
 * 系统管理员 (all) and to 审计员 (the menus, 首页 and statistics:view: read-only, no export).
 */
export async function ensureStatisticsMenus(db: Db): Promise<void> {
  const home = CATALOGUES.home;
  const cat = await ensureResource(db, { parentId: 0, name: home.name, alias: 'home', icon: home.icon, type: 'Catalogue', url: home.url, dingAppKey: 'adminSite', sort: home.sort });
  const forAdmin: number[] = [];
  const forInspector: number[] = [];
  let firstMenu = 0;
  for (const m of STATISTICS_MENUS) {
    const menu = await ensureResource(db, { parentId: cat.id, name: m.name, alias: m.alias, icon: m.icon, type: 'Menu', url: m.url, dingAppKey: 'adminSite', sort: m.sort });
    if (!firstMenu) firstMenu = menu.id;
    if (menu.created) {
      forAdmin.push(menu.id);
      forInspector.push(menu.id);
    }
  }
  const view = await ensureResource(db, { parentId: firstMenu, name: '统计查看', alias: STATISTICS_KEYS.view, icon: null, type: 'Button', url: null, dingAppKey: 'adminSite', sort: 1 });
  const exp = await ensureResource(db, { parentId: firstMenu, name: '统计导出', alias: STATISTICS_KEYS.export, icon: null, type: 'Button', url: null, dingAppKey: 'adminSite', sort: 2 });
  if (view.created) {
    forAdmin.push(view.id);
    forInspector.push(view.id, cat.id);
  }
  if (exp.created) forAdmin.push(exp.id);
  const admin = await roleId(db, ADMIN_ROLE_ALIAS);
  if (admin && forAdmin.length) await grant(db, admin, forAdmin);
  const inspector = await roleId(db, INSPECTOR_ROLE_ALIAS);
  if (inspector && forInspector.length) await grant(db, inspector, forInspector);
}
