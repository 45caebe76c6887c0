import type { Db, MenuRow } from '../db/types.js';
import { grantedResources } from './userContext.js';

/** A menu entry as the menu tree answers it (the app key is the tree's, not repeated per node). */
export type MenuNode = Omit<MenuRow, 'dingAppKey'> & { children: MenuNode[] };

/**
 * The caller's menu tree and button keys for one app. A granted menu whose catalogue was not granted
 * still shows, under its catalogue: the tree gets the missing ancestors.
 */
export async function menuForUser(db: Db, roleIds: number[], appKey: string) {
  const granted = await grantedResources(db, roleIds, { app: appKey });
  const buttonList = [...new Set(granted.filter((r) => r.type === 'Button').map((r) => r.alias))].sort();
  const all = await db.selectFrom('resources').selectAll().where('dingAppKey', '=', appKey).execute();
  const byId = new Map(all.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const r of granted) {
    if (r.type === 'Button') continue;
    let cur: MenuRow | undefined = byId.get(r.id);
    while (cur && !keep.has(cur.id)) {
      if (cur.type === 'Button') break;
      keep.add(cur.id);
      cur = byId.get(cur.parentId);
    }
  }
  const nodes = new Map<number, MenuNode>();
  for (const id of keep) {
    const r = byId.get(id);
    if (!r) continue;
    nodes.set(id, { id: r.id, parentId: r.parentId, name: r.name, alias: r.alias, icon: r.icon, type: r.type, url: r.url, sort: r.sort, children: [] });
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  const sortTree = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    list.forEach((n) => sortTree(n.children));
  };
  sortTree(roots);
  return { menusList: roots, buttonList };
}
