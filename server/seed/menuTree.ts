import type { Db } from '../db/types.js';
import { ADMIN_ROLE_ALIAS, ensureResource, grant } from './menuSync.js';

/** A screen's Menu entry and the Buttons (permission keys, `[alias, name]`) its screen uses. */
export interface MenuEntry {
  readonly alias: string;
  readonly name: string;
  readonly url: string;
  readonly icon: string;
  readonly sort: number;
  readonly buttons?: readonly (readonly [string, string])[];
}

/** A Catalogue of an app and the screens under it. */
export interface MenuTree {
  readonly app: string;
  readonly catalogue: { readonly alias: string; readonly name: string; readonly url: string; readonly icon: string; readonly sort: number };
  readonly menus: readonly MenuEntry[];
}

/**
 * Every start: makes sure the catalogue, its Menu entries and their Buttons exist (the menu entity's own
 * placement rules: server/entities/menu.ts), for screens that are not one declaration (the reporting app,
 * the home's review queue). One Button per key in the app (aliases are unique per app): the first screen
 * that names a key holds it. Entries created now are granted to 系统管理员. Answers the ids by alias.
 */
export async function ensureMenuTree(db: Db, tree: MenuTree): Promise<Map<string, number>> {
  const entry = (parentId: number, e: Omit<MenuEntry, 'buttons'>, type: 'Catalogue' | 'Menu') =>
    ensureResource(db, { parentId, name: e.name, alias: e.alias, icon: e.icon, type, url: e.url, dingAppKey: tree.app, sort: e.sort });
  const cat = await entry(0, tree.catalogue, 'Catalogue');
  const ids = new Map<string, number>([[tree.catalogue.alias, cat.id]]);
  const created: number[] = cat.created ? [cat.id] : [];
  for (const m of tree.menus) {
    const menu = await entry(cat.id, m, 'Menu');
    ids.set(m.alias, menu.id);
    if (menu.created) created.push(menu.id);
    for (const [i, [alias, name]] of (m.buttons ?? []).entries()) {
      const b = await ensureResource(db, { parentId: menu.id, name, alias, icon: null, type: 'Button', url: null, dingAppKey: tree.app, sort: i + 1 });
      if (!ids.has(alias)) ids.set(alias, b.id);
      if (b.created) created.push(b.id);
    }
  }
  const admin = created.length ? await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst() : undefined;
  if (admin) await grant(db, admin.roleId, created);
  return ids;
}
