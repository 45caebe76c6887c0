import type { Db } from '../../db/types.js';
import { ADMIN_ROLE_ALIAS, CATALOGUES, ensureResource, grant } from '../../seed/menuSync.js';

/** Permission keys of the monitoring screens that are not a declared resource. */
export const MONITOR_KEYS = {
  dashboard: 'monitor:dashboard',
  annualView: 'annualReport:view',
  annualSave: 'annualReport:save',
} as const;

const MENUS = [
  { alias: 'vetoDashboard', name: '单项否决监测', url: '/main/siteMonitoring/vetoDashboard', icon: 'GppMaybe', sort: 5, buttons: [{ alias: MONITOR_KEYS.dashboard, name: '查看监测' }] },
  {
    alias: 'annualReport',
    name: '年度报表',
    url: '/main/siteMonitoring/annualReport',
    icon: 'Summarize',
    sort: 40,
    buttons: [
      { alias: MONITOR_KEYS.annualView, name: '报表查看导出' },
      { alias: MONITOR_KEYS.annualSave, name: '报表填报' },
    ],
  },
] as const;

async function roleId(db: Db, alias: string): Promise<number | null> {
  const r = await db.selectFrom('roles').select('roleId').where('roleAlias', '=', alias).executeTakeFirst();
  return r ? r.roleId : null;
}

/**
 * Every start: the dashboard and annual-report menus under 站点监控 and their Buttons exist. Entries
 * created now go to 系统管理员, and (menus and view keys, read-only) to 审计员.
 */
export async function ensureMonitorMenus(db: Db): Promise<void> {
  const group = CATALOGUES.siteMonitoring;
  const cat = await ensureResource(db, { parentId: 0, name: group.name, alias: 'siteMonitoring', icon: group.icon, type: 'Catalogue', url: group.url, dingAppKey: 'adminSite', sort: group.sort });
  const forAdmin: number[] = [];
  const forInspector: number[] = [];
  for (const m of MENUS) {
    const menu = await ensureResource(db, { parentId: cat.id, name: m.name, alias: m.alias, icon: m.icon, type: 'Menu', url: m.url, dingAppKey: 'adminSite', sort: m.sort });
    if (menu.created) {
      forAdmin.push(menu.id);
      forInspector.push(menu.id);
    }
    let i = 0;
    for (const b of m.buttons) {
      const button = await ensureResource(db, { parentId: menu.id, name: b.name, alias: b.alias, icon: null, type: 'Button', url: null, dingAppKey: 'adminSite', sort: ++i });
      if (!button.created) continue;
      forAdmin.push(button.id);
      if (b.alias !== MONITOR_KEYS.annualSave) forInspector.push(button.id);
    }
  }
  const admin = await roleId(db, ADMIN_ROLE_ALIAS);
  if (admin && forAdmin.length) await grant(db, admin, forAdmin);
  const inspector = await roleId(db, 'inspector');
  if (inspector && forInspector.length) await grant(db, inspector, [...forInspector, cat.id]);
}
