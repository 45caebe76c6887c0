import { loadButtons, loadMenus, type MenuNode } from '../../providers';
import type { ResourceDecl } from '../../resources/types';

function walk(nodes: readonly MenuNode[], visit: (n: MenuNode) => boolean): boolean {
  return nodes.some((n) => visit(n) || walk(n.children ?? [], visit));
}

const trimUrl = (u: string | null | undefined) => (u ?? '').replace(/\/+$/, '');

/**
 * Whether the logged-in user may open a resource's screens, from what was cached at login: a menu entry
 * naming it (alias) or its list permission key. Checked before any call, since the server answers a
 * forbidden call with 403 and revokes the token (spec part 1 §8).
 */
export function mayOpenResource(decl: ResourceDecl): boolean {
  if (loadButtons().includes(decl.permissions.list)) return true;
  return walk(loadMenus(), (n) => n.type !== 'Button' && (n.alias === decl.name || (!!decl.menu.path && trimUrl(n.url) === trimUrl(decl.menu.path))));
}

/** A menu entry (not a catalogue) whose screen `want` belongs to: its sub-screen (信件详情 under 领导信箱). */
const under = (n: MenuNode, want: string) => n.type === 'Menu' && !!trimUrl(n.url) && want.startsWith(trimUrl(n.url) + '/');

/**
 * Whether a page (by its spec path) may open: one of the user's menu entries has its url, or — for the
 * sub-screens no menu names (模板编辑, 字典明细, 信件详情…) — the user holds an entry of the same menu
 * folder or the menu entry the page lies under.
 */
export function mayOpenPage(path: string): boolean {
  const want = trimUrl(path);
  const folder = want.slice(0, want.lastIndexOf('/') + 1);
  return walk(
    loadMenus(),
    (n) => n.type !== 'Button' && (trimUrl(n.url) === want || (folder.length > 1 && trimUrl(n.url).startsWith(folder)) || under(n, want)),
  );
}
