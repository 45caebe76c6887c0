import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { hasEditForm } from '../../resources/declaredCalls';
import { Resource } from 'react-admin';
import { Route } from 'react-router';
import type { ResourceDecl } from '../../resources/types';
import { iconFor } from '../layout/icons';
import { AliasRedirect } from '../routes/AliasRedirect';
import { resourceRoute } from '../routes/resourceRoute';
import { GenericCreate, GenericEdit, GenericShow } from './GenericForm';
import { GenericList, ListLoading } from './GenericList';
import { SingletonForm } from './SingletonForm';
import { treeSource } from './treeParts';
import { mayOpenResource } from '../security/access';
import { RequireAccess } from '../security/AccessDenied';

function ResourceGuard({ decl, children }: { decl: ResourceDecl; children: ReactElement }) {
  return <RequireAccess allowed={mayOpenResource(decl)}>{children}</RequireAccess>;
}

export interface ResourceViews {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
}

/**
 * Custom views that replace generic ones: each file `src/views/<resource name>.tsx` default-exports the
 * views it replaces (e.g. a tree screen for departments). Anything not given is built from the declaration.
 */
const viewModules = import.meta.glob<{ default: ResourceViews }>('../views/*.tsx', { eager: true });
export const customViews: Readonly<Record<string, ResourceViews>> = Object.fromEntries(
  Object.entries(viewModules).map(([path, mod]) => [path.replace(/^.*\/(.+)\.tsx$/, '$1'), mod.default]),
);

// The tree view pulls in @mui/x-tree-view: loaded only when a tree screen opens.
const TreeList = lazy(() => import('./TreeList'));
function LazyTreeList({ decl }: { decl: ResourceDecl }) {
  return (
    <Suspense fallback={<ListLoading />}>
      {/* Keyed: two tree screens at the same place in the router must not share one screen's state. */}
      <TreeList key={decl.name} decl={decl} />
    </Suspense>
  );
}

type Views = { list: ReactElement; create?: ReactElement; edit?: ReactElement; show: ReactElement };

function viewsOf(decl: ResourceDecl): Views {
  const custom = customViews[decl.name] ?? {};
  // Checked on render (the menus are cached at login), so a bookmarked forbidden route never calls the server.
  const view = (Custom: ComponentType | undefined, Generic: ComponentType<{ decl: ResourceDecl }>) => (
    <ResourceGuard decl={decl}>{Custom ? <Custom /> : <Generic decl={decl} />}</ResourceGuard>
  );
  // A singleton (站点设置) is its one record's form, whichever view is asked.
  if (decl.singleton) {
    const form = view(custom.list, SingletonForm);
    return { list: form, edit: form, show: form };
  }
  return {
    list: view(custom.list, treeSource(decl) ? LazyTreeList : GenericList),
    create: decl.api.create ? view(custom.create, GenericCreate) : undefined,
    edit: hasEditForm(decl) ? view(custom.edit, GenericEdit) : undefined,
    show: view(custom.show, GenericShow),
  };
}

function pick(views: Views, make: (view: ReactElement) => ReactElement): Views {
  return {
    list: make(views.list),
    create: views.create && make(views.create),
    edit: views.edit && make(views.edit),
    show: make(views.show),
  };
}

/**
 * One react-admin <Resource> per declaration, registered under its name (the data provider's, the
 * permissions' and the translations' key). Its own route `#/<name>` is an alias: when the declaration
 * lives at a spec route (resourceRoute), every view there redirects to the same view under that route.
 */
export function resourceElements(decls: readonly ResourceDecl[]): ReactElement[] {
  return decls.map((decl) => {
    const route = resourceRoute(decl);
    const views = viewsOf(decl);
    const shown = route === decl.name ? views : pick(views, () => <AliasRedirect alias={decl.name} route={route} />);
    return (
      <Resource
        key={decl.name}
        name={decl.name}
        options={{ label: decl.label }}
        icon={iconFor(decl.icon)}
        recordRepresentation={decl.titleField}
        {...shown}
      />
    );
  });
}

/**
 * The views of each declaration at its spec route (`main/article/essay/*`: list, `create`, `<id>`,
 * `<id>/show`), for <CustomRoutes>: the same <Resource> element, so the views get the resource's context.
 */
export function resourceRouteElements(decls: readonly ResourceDecl[]): ReactElement[] {
  return decls
    .filter((decl) => resourceRoute(decl) !== decl.name)
    .map((decl) => (
      <Route key={decl.name} path={`/${resourceRoute(decl)}/*`} element={<Resource name={decl.name} {...viewsOf(decl)} />} />
    ));
}
