import type { ReactElement } from 'react';
import { Navigate, Route } from 'react-router';
import type { AppKey } from '../../providers/types';
import type { ResourceDecl } from '../../resources/types';
import { resourceRouteElements } from '../generic/resourceViews';
import { pageRoute, pagesFor } from '../pages';
import { PageGuard } from '../security/PageGuard';
import { OpenRoute } from './AliasRedirect';
import { resourceRoute } from './resourceRoute';
import { SPEC_ROUTES } from './specRoutes';

/**
 * The custom routes of one app (inside the layout): the spec's routes that open another screen, the
 * pages (src/pages/*) at their spec paths (behind the user's menus: PageGuard), and every declared
 * resource at its spec route. A page whose path a resource already holds (站点设置: the siteSetting views
 * are that page's form) is not mounted twice.
 */
export function appRouteElements(appKey: AppKey, declared: readonly ResourceDecl[]): ReactElement[] {
  const taken = new Set(declared.map((decl) => resourceRoute(decl).toLowerCase()));
  const pages = pagesFor(appKey).filter((page) => !taken.has(pageRoute(page).toLowerCase()));
  const opening = SPEC_ROUTES[appKey].filter((r) => r.opens !== undefined && !taken.has(r.path.slice(1).toLowerCase()));
  return [
    <Route key="home" path="/home" element={<Navigate to="/" replace />} />,
    ...opening.map((r) => <Route key={r.path} path={r.path} element={<OpenRoute to={r.opens as string} />} />),
    ...pages.map((page) => <Route key={page.path} path={`/${pageRoute(page)}`} element={<PageGuard page={page} />} />),
    ...resourceRouteElements(declared),
  ];
}
