import type { ResourceDecl } from '../../resources/types';

/** Hash routes of the apps' own screens start with these (the spec's route families). */
const SPEC_PREFIX = /^\/(main|report)\//;

/**
 * Where a declared resource's screens live, without the leading slash: its menu place (the spec's route,
 * e.g. `main/article/essay`), so list, create (`…/create`), edit (`…/<id>`) and show (`…/<id>/show`)
 * sit under it. A declaration whose menu path is not such a route keeps the react-admin route of its name.
 */
export function resourceRoute(decl: ResourceDecl): string {
  const path = decl.menu.path.replace(/\/+$/, '');
  return SPEC_PREFIX.test(path) ? path.slice(1) : decl.name;
}

/** E.g. route `article/5/show` → `main/article/essay/5/show` (with leading slashes): the alias (resource name) prefix swapped for the route. */
export function aliasTarget(pathname: string, alias: string, route: string): string {
  const rest = pathname.slice(alias.length + 1);
  return `/${route}${rest.startsWith('/') || rest === '' ? rest : `/${rest}`}`;
}
