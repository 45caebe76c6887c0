import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { EnumOption, FieldDecl, ResourceDecl } from '../../resources/types';
import { PlainSearchForm } from '../components/list/SearchForm';

export type PlainSearch = Readonly<Record<string, string>>;

/**
 * The search form of a screen that pages its own call of a declared resource (no react-admin list: the
 * reporting app's 我的报送 and 文章审核): the declaration's `like` and enum `eq` filters (or `names`), an
 * enum as a select with 全部, applied on 查询 and cleared by 重置. `choices` narrows an enum's options for
 * the screen (the review queue's two states); `initial` is the search a link opened it with (?status=2).
 */
export function PlainFilterForm({ decl, names, initial = {}, choices = {}, onSearch }: {
  decl: ResourceDecl;
  names?: readonly string[];
  initial?: PlainSearch;
  choices?: Readonly<Record<string, readonly EnumOption[]>>;
  onSearch: (search: PlainSearch) => void;
}) {
  const [draft, setDraft] = useState<PlainSearch>(initial);
  const shown = names ?? decl.list.filters.filter((f) => f.op === 'like' || f.op === 'eq').map((f) => f.field);
  const fields = shown.map((n) => (decl.fields as readonly FieldDecl[]).find((f) => f.name === n)).filter((f): f is FieldDecl => !!f);
  const set = (name: string) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value }));
  return (
    <PlainSearchForm onSearch={() => onSearch(draft)} onReset={() => (setDraft({}), onSearch({}))}>
      {fields.map((f) =>
        f.type === 'enum' ? (
          <TextField key={f.name} select size="small" label={f.label} value={draft[f.name] ?? ''} onChange={set(f.name)} sx={{ minWidth: 140 }}>
            <MenuItem value="">全部</MenuItem>
            {(choices[f.name] ?? f.options ?? []).map((o) => (
              <MenuItem key={String(o.value)} value={String(o.value)}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField key={f.name} size="small" label={f.label} value={draft[f.name] ?? ''} onChange={set(f.name)} />
        ),
      )}
    </PlainSearchForm>
  );
}
