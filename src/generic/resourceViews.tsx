import type { ComponentType, ReactElement } from 'react';
import { Resource } from 'react-admin';
import type { ResourceDecl } from '../../resources/types';
import { iconFor } from '../layout/icons';
import { GenericCreate, GenericEdit, GenericShow } from './GenericForm';
import { GenericList } from './GenericList';
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

/** One react-admin <Resource> per declaration, generic views unless customViews says otherwise. */
export function resourceElements(decls: readonly ResourceDecl[]): ReactElement[] {
  return decls.map((decl) => {
    const custom = customViews[decl.name] ?? {};
    // Checked on render (the menus are cached at login), so a bookmarked forbidden route never calls the server.
    const view = (Custom: ComponentType | undefined, Generic: ComponentType<{ decl: ResourceDecl }>) => (
      <ResourceGuard decl={decl}>{Custom ? <Custom /> : <Generic decl={decl} />}</ResourceGuard>
    );
    return (
      <Resource
        key={decl.name}
        name={decl.name}
        options={{ label: decl.label }}
        icon={iconFor(decl.icon)}
        recordRepresentation={decl.titleField}
        list={view(custom.list, GenericList)}
        create={decl.api.create ? view(custom.create, GenericCreate) : undefined}
        edit={decl.api.update ? view(custom.edit, GenericEdit) : undefined}
        show={view(custom.show, GenericShow)}
      />
    );
  });
}
