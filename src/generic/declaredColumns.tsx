import type { FieldDecl, ResourceDecl } from '../../resources/types';
import { EnumChip } from './fields';
import type { Column } from './PagedTable';

/**
 * PagedTable columns for declared fields of a resource (a screen that pages another call of the same
 * records: the reporting app's 我的报送 over /api/report/my): each field's label, an enum as the list's
 * chip, date-times on one line; a name that is no field is left out.
 */
export function declaredColumns(decl: ResourceDecl, names: readonly string[]): Column[] {
  const fields = decl.fields as readonly FieldDecl[];
  return names.flatMap((name): Column[] => {
    const field = fields.find((f) => f.name === name);
    if (!field) return [];
    if (field.type === 'enum') return [{ key: name, label: field.label, render: (row) => <EnumChip field={field} value={row[name]} /> }];
    if (field.type === 'datetime') return [{ key: name, label: field.label, nowrap: true }];
    return [{ key: name, label: field.label }];
  });
}
