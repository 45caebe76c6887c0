import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useGetList, useInput, useRecordContext, type InputProps } from 'react-admin';
import type { FieldDecl, ResourceDecl } from '../../resources/types';
import { resources } from '../resources';

/** Most records a reference select lists; a larger table wants a search box (a later issue). */
export const REFERENCE_OPTIONS_MAX = 500;

type Rec = { id: number | string; [k: string]: unknown };

/** Records ordered as a tree under their parents, each with its depth (cycles and orphans go last, flat). */
export function treeOrder(records: readonly Rec[], parentField: string): { record: Rec; depth: number }[] {
  const children = new Map<string, Rec[]>();
  const ids = new Set(records.map((r) => String(r.id)));
  for (const r of records) {
    const parent = r[parentField];
    const key = parent === null || parent === undefined || parent === 0 || !ids.has(String(parent)) ? 'root' : String(parent);
    children.set(key, [...(children.get(key) ?? []), r]);
  }
  const out: { record: Rec; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (key: string, depth: number) => {
    for (const r of children.get(key) ?? []) {
      if (seen.has(String(r.id))) continue;
      seen.add(String(r.id));
      out.push({ record: r, depth });
      walk(String(r.id), depth + 1);
    }
  };
  walk('root', 0);
  for (const r of records) if (!seen.has(String(r.id))) out.push({ record: r, depth: 0 });
  return out;
}

/**
 * A select of the records of `field.reference` through the data provider, titled by that declaration's
 * titleField. A reference to its own resource is a tree parent: records indented under their parents,
 * the edited record and its descendants left out (a record cannot sit under itself).
 */
export function ReferenceSelectInput({ fieldDecl: field, decl, ...props }: InputProps & { fieldDecl: FieldDecl; decl: ResourceDecl }) {
  const { field: input, fieldState } = useInput(props);
  const editing = useRecordContext<Rec>();
  const target = resources.find((r) => r.name === field.reference);
  const title = target?.titleField ?? 'name';
  const { data = [], isPending } = useGetList<Rec>(field.reference ?? '', { pagination: { page: 1, perPage: REFERENCE_OPTIONS_MAX }, sort: { field: target?.idField ?? 'id', order: 'ASC' } }, { enabled: !!target });
  const isTree = field.reference === decl.name;
  const options = useMemo(() => {
    if (!isTree) return data.map((record) => ({ record, depth: 0 }));
    const ordered = treeOrder(data, field.name);
    if (!editing) return ordered;
    // Leave out the edited record and everything under it.
    const banned = new Set([String(editing.id)]);
    return ordered.filter(({ record }) => {
      const parent = record[field.name];
      if (banned.has(String(record.id)) || (parent !== null && parent !== undefined && banned.has(String(parent)))) {
        banned.add(String(record.id));
        return false;
      }
      return true;
    });
  }, [data, isTree, editing, field.name]);
  return (
    <TextField
      select
      size="small"
      label={field.label}
      value={input.value ?? ''}
      onChange={(e) => input.onChange(e.target.value === '' ? null : Number(e.target.value))}
      onBlur={input.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? field.help ?? (isPending ? '正在加载…' : undefined)}
      sx={{ minWidth: 240, mb: 2 }}
      data-testid={`reference-${field.name}`}
    >
      <MenuItem value="">{isTree ? '无（顶级）' : '请选择'}</MenuItem>
      {options.map(({ record, depth }) => (
        <MenuItem key={String(record.id)} value={Number(record.id)} sx={{ pl: 2 + depth * 2 }}>
          {String(record[title] ?? record.id)}
        </MenuItem>
      ))}
    </TextField>
  );
}
