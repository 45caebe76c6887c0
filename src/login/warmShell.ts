import { loadIdentity, loadMenus } from '../../providers';
import type { MenuNode, UserIdentity } from '../../providers/types';
import type { ApiCall } from '../../resources/types';
import { WORKBENCH_SUMMARY_CALL } from '../../resources/workbench/todos';
import dataDict from '../../resources/dataDict';
import { preloadIcons } from '../layout/icons';
import { http } from '../portal';
import { resources } from '../resources';

/**
 * Right after login, before the shell's first render (about a second of main-thread work): start what its
 * first screen will ask for, so the answers arrive while it renders (shell usable ≤ 1 s, docs/performance.md).
 * The workbench's summary (when the home opens) and the dictionary cache go out first, then the menu's icons.
 */
export function warmShell(route: string): void {
  const identity = loadIdentity() as (UserIdentity & { passwordExpired?: boolean }) | null;
  // A forced password change shows no screen, and none may call the server (src/security/PasswordExpiryGuard.tsx).
  if (identity && !identity.passwordExpired) {
    if (route === '#/' || route === '') http.prefetch({ ...WORKBENCH_SUMMARY_CALL });
    const allKv: ApiCall | undefined = dataDict.api.extra?.allKv;
    if (allKv) http.prefetch({ path: allKv.path, method: allKv.method });
  }
  void preloadIcons(menuIcons(loadMenus()));
}

/**
 * Behind the login form, once the app's chunks are in (the person is typing): the icons menus usually show
 * (every declaration's), so that after login their chunks (and the work of importing ~50 modules) are not on
 * the way to the shell.
 */
export function preloadDeclaredIcons(): void {
  void preloadIcons(resources.map((d) => d.icon));
}

/** Every icon the side menu shows: the node's own, else its resource's. */
export function menuIcons(nodes: readonly MenuNode[]): string[] {
  const icons: string[] = [];
  const visit = (list: readonly MenuNode[]) => {
    for (const node of list) {
      if (node.type === 'Button') continue;
      const icon = node.icon || resources.find((d) => d.name === node.alias)?.icon;
      if (icon) icons.push(icon);
      visit(node.children ?? []);
    }
  };
  visit(nodes);
  return icons;
}
