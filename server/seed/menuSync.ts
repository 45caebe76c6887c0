import type { MenuGroup, ResourceDecl } from '../../resources/types.js';
import type { Db } from '../db/types.js';
import { ensureMenuEntry as ensureResource, isOutdatedUrl } from '../entities/menu.js';

export const ADMIN_ROLE_ALIAS = 'admin';

/** The admin app's menu groups (Catalogue entries). */
export const CATALOGUES: Record<MenuGroup, { name: string; icon: string; url: string; sort: number }> = {
  home: { name: '首页', icon: 'Home', url: '/main/home', sort: 1 },
  content: { name: '内容管理', icon: 'Article', url: '/main/article', sort: 2 },
  interact: { name: '互动交流', icon: 'Forum', url: '/main/interact', sort: 3 },
  system: { name: '系统设置', icon: 'Settings', url: '/main/system', sort: 4 },
  siteMonitoring: { name: '站点监控', icon: 'MonitorHeart', url: '/main/siteMonitoring', sort: 5 },
};

const BUTTON_NAMES = { list: '查询', get: '查看', create: '新增', update: '修改', delete: '删除' } as const;

// The entries' writes are the menu entity's (server/entities/menu.ts): the sync and the modules call them.
export { ensureResource, isOutdatedUrl };

export async function grant(db: Db, roleId: number, resourceIds: number[]): Promise<void> {
  for (const resourceId of resourceIds) {
    const exists = await db.selectFrom('role_resources').select('roleId').where('roleId', '=', roleId).where('resourceId', '=', resourceId).executeTakeFirst();
    if (!exists) await db.insertInto('role_resources').values({ roleId, resourceId }).execute();
  }
}

/** Grants a role the app's entries (menus, permission keys) named by alias; an unknown alias is skipped. */
export async function grantAliases(db: Db, roleId: number | undefined, aliases: readonly string[], appKey = 'adminSite'): Promise<void> {
  if (!roleId || !aliases.length) return;
  const rows = (await db.selectFrom('resources').select('id').where('dingAppKey', '=', appKey).where('alias', 'in', [...aliases]).execute()) as { id: number }[];
  await grant(db, roleId, rows.map((r) => r.id));
}

/**
 * Every start: each declaration gets its Menu (under its group's Catalogue) and five Buttons (its
 * permission keys). Entries inserted now are granted to the 系统管理员 role, so a new declaration
 * file shows in the admin's menu after a restart. Existing entries keep their place and grants.
 */
export async function syncDeclarationMenus(db: Db, decls: readonly ResourceDecl[]): Promise<number[]> {
  const created: number[] = [];
  const note = (r: { id: number; created: boolean }) => {
    if (r.created) created.push(r.id);
    return r.id;
  };
  for (const decl of decls) {
    const app = decl.menu.app ?? 'adminSite';
    const cat = CATALOGUES[decl.menu.group] ?? { name: decl.menu.group, icon: 'Folder', url: `/main/${decl.menu.group}`, sort: 99 };
    const catalogueId = note(
      await ensureResource(db, { parentId: 0, name: cat.name, alias: decl.menu.group, icon: cat.icon, type: 'Catalogue', url: cat.url, dingAppKey: app, sort: cat.sort }),
    );
    const menuId = note(
      await ensureResource(db, { parentId: catalogueId, name: decl.label, alias: decl.name, icon: decl.icon, type: 'Menu', url: decl.menu.path, dingAppKey: app, sort: decl.menu.sort }),
    );
    // A Button per permission key: the five operations the declaration has calls for, then its actions.
    const ops = (['list', 'get', 'create', 'update', 'delete'] as const).filter((op) => op === 'list' || op === 'get' || decl.api[op]);
    const buttons = [
      ...ops.map((op) => ({ name: `${decl.label}${BUTTON_NAMES[op]}`, alias: decl.permissions[op] })),
      ...(decl.actions ?? []).map((a) => ({ name: `${decl.label}${a.label}`, alias: a.permission })),
    ];
    const seen = new Set<string>();
    let i = 0;
    for (const button of buttons) {
      if (seen.has(button.alias)) continue;
      seen.add(button.alias);
      note(await ensureResource(db, { parentId: menuId, ...button, icon: null, type: 'Button', url: null, dingAppKey: app, sort: ++i }));
    }
  }
  const admin = (await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst()) as { roleId: number } | undefined;
  if (admin && created.length) await grant(db, admin.roleId, created);
  return created;
}
