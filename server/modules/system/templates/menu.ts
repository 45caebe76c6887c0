import type { Db } from '../../../db/types.js';
import { ADMIN_ROLE_ALIAS, CATALOGUES, ensureResource, grant } from '../../../seed/menuSync.js';

export interface ScreenMenu {
  /** Menu alias (not a declared resource, so the menu opens the page whose path equals `url`). */
  alias: string;
  name: string;
  icon: string;
  url: string;
  sort: number;
  group: keyof typeof CATALOGUES;
  /** Buttons: permission keys with their Chinese names. */
  buttons: { alias: string; name: string }[];
}

/**
 * Makes sure a screen that is not a declared resource has its Menu entry (under its group's Catalogue)
 * and its Button entries (permission keys). Entries new at this start are granted to 系统管理员, as the
 * declaration menu sync does. Idempotent: existing entries keep their place, name and grants.
 */
export async function ensureScreenMenu(db: Db, menu: ScreenMenu): Promise<void> {
  const created: number[] = [];
  const note = (r: { id: number; created: boolean }) => {
    if (r.created) created.push(r.id);
    return r.id;
  };
  const cat = CATALOGUES[menu.group];
  const catalogueId = note(
    await ensureResource(db, { parentId: 0, name: cat.name, alias: menu.group, icon: cat.icon, type: 'Catalogue', url: cat.url, dingAppKey: 'adminSite', sort: cat.sort }),
  );
  const menuId = note(
    await ensureResource(db, { parentId: catalogueId, name: menu.name, alias: menu.alias, icon: menu.icon, type: 'Menu', url: menu.url, dingAppKey: 'adminSite', sort: menu.sort }),
  );
  for (const [i, b] of menu.buttons.entries()) {
    note(await ensureResource(db, { parentId: menuId, name: b.name, alias: b.alias, icon: null, type: 'Button', url: null, dingAppKey: 'adminSite', sort: i + 1 }));
  }
  const admin = (await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst()) as { roleId: number } | undefined;
  if (admin && created.length) await grant(db, admin.roleId, created);
}
