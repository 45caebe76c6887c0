import type { Db } from '../db/types.js';
import { ADMIN_ROLE_ALIAS, ensureResource, grant } from '../seed/menuSync.js';

/**
 * Menu entries of screens that are not one resource (statistics pages), under the 互动交流 catalogue,
 * granted to 系统管理员 when new; `permission` entries become Buttons under the menu.
 */
export async function ensurePageMenus(db: Db, pages: { alias: string; name: string; url: string; sort: number; icon: string }[]) {
  const catalogue = (await db.selectFrom('resources').select('id').where('dingAppKey', '=', 'adminSite').where('alias', '=', 'interact').executeTakeFirst()) as
    | { id: number }
    | undefined;
  if (!catalogue) return;
  const created: number[] = [];
  for (const p of pages) {
    const r = await ensureResource(db, { parentId: catalogue.id, name: p.name, alias: p.alias, icon: p.icon, type: 'Menu', url: p.url, dingAppKey: 'adminSite', sort: p.sort });
    if (r.created) created.push(r.id);
  }
  const admin = (await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst()) as { roleId: number } | undefined;
  if (admin && created.length) await grant(db, admin.roleId, created);
}
