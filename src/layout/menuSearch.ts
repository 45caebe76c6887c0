import type { MenuNode } from '../../providers/types';

/** A menu entry found by the search, with the names of the groups above it (内容管理 › …). */
export interface FoundEntry {
  node: MenuNode;
  groups: string[];
}

/** Every shown entry (not Buttons, not groups with children), depth first, with its groups' names. */
export function menuEntries(nodes: readonly MenuNode[], groups: string[] = []): FoundEntry[] {
  const found: FoundEntry[] = [];
  for (const node of nodes) {
    if (node.type === 'Button') continue;
    const children = (node.children ?? []).filter((c) => c.type !== 'Button');
    if (node.type === 'Menu' || children.length === 0) found.push({ node, groups });
    else found.push(...menuEntries(children, [...groups, node.name]));
  }
  return found;
}

/** Pinyin initials of a name (文章管理 → wzgl), when the lazily loaded converter is there. */
export type InitialsOf = (name: string) => string;

/**
 * The entries whose name holds the query, or (for a query of Latin letters) whose pinyin initials start
 * with or hold it: "wz" finds 文章管理. Case and surrounding spaces do not matter.
 */
export function matchEntries(entries: readonly FoundEntry[], query: string, initialsOf?: InitialsOf): FoundEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const latin = /^[a-z]+$/.test(q);
  return entries.filter(({ node }) => {
    if (node.name.toLowerCase().includes(q)) return true;
    return latin && !!initialsOf && initialsOf(node.name).includes(q);
  });
}

/** Loads pinyin-pro only when someone searches (it is not needed before). */
export async function loadInitials(): Promise<InitialsOf> {
  const { pinyin } = await import('pinyin-pro');
  return (name) => pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase();
}
