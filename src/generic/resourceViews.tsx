import type { ComponentType, ReactElement } from 'react';
import { Resource } from 'react-admin';
import type { ResourceDecl } from '../../resources/types';
import { iconFor } from '../layout/icons';
import { GenericCreate, GenericEdit, GenericShow } from './GenericForm';
import { GenericList } from './GenericList';

export interface ResourceViews {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
}

/**
 * Custom views that replace a generic one, by resource name (e.g. a rich-text article editor later).
 * Anything not listed here is built from the declaration.
 */
export const customViews: Readonly<Record<string, ResourceViews>> = {};

/** One react-admin <Resource> per declaration, generic views unless customViews says otherwise. */
export function resourceElements(decls: readonly ResourceDecl[]): ReactElement[] {
  return decls.map((decl) => {
    const custom = customViews[decl.name] ?? {};
    const view = (Custom: ComponentType | undefined, Generic: ComponentType<{ decl: ResourceDecl }>) =>
      Custom ? <Custom /> : <Generic decl={decl} />;
    return (
      <Resource
        key={decl.name}
        name={decl.name}
        options={{ label: decl.label }}
        icon={iconFor(decl.icon)}
        recordRepresentation={decl.titleField}
        list={view(custom.list, GenericList)}
        create={view(custom.create, GenericCreate)}
        edit={view(custom.edit, GenericEdit)}
        show={view(custom.show, GenericShow)}
      />
    );
  });
}
