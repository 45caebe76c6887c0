import type { Db } from '../db/types.js';
import { grantedResources } from './userContext.js';

export interface MenuNode {
  id: number;
  parentId: number;
  name: string;
  alias: string;
  icon: string | null;
  type: string;
  url: string | null;
  sort: number;
  children: MenuNode[];
}

/**
 * The caller's menu tree and button keys for one app. A granted menu whose catalogue was not granted
 * still shows, under its catalogue: the tree gets the missing ancestors.
 */
export async function menuForUser(db: Db, roleIds: number[], appKey: string) {
  const granted = await grantedResources(db, roleIds, { app: appKey });
  const buttonList = [...new Set(granted.filter((r) => r.type === 'Button').map((r) => r.alias))].sort();
  const all = (await db.selectFrom('resources').selectAll().where('dingAppKey', '=', appKey).execute()) as MenuNode[];
  const byId = new Map(all.map((r) => [Number(r.id), r]));
  const keep = new Set<number>();
  for (const r of granted) {
    if (r.type === 'Button') continue;
    let cur: MenuNode | undefined = byId.get(Number(r.id));
    while (cur && !keep.has(Number(cur.id))) {
      if (cur.type === 'Button') break;
      keep.add(Number(cur.id));
      cur = byId.get(Number(cur.parentId));
    }
  }
  const nodes = new Map<number, MenuNode>();
  for (const id of keep) {
    const r = byId.get(id) as MenuNode;
    nodes.set(id, {
      id: Number(r.id),
      parentId: Number(r.parentId),
      name: r.name,
      alias: r.alias,
      icon: r.icon ?? null,
      type: r.type,
      url: r.url ?? null,
      sort: Number(r.sort),
      children: [],
    });
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
