import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useGetList, useInput, type RaRecord } from 'react-admin';
import type { LinkDecl } from '../../resources/relations/links';
import type { ResourceDecl } from '../../resources/types';
import { getResource } from '../resources';

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []);

/**
 * A declared many-to-many link in the generic form (用户's 角色): a multiple choice of the linked entity's
 * records by their titleField, sent as the array of ids the server replaces the links with
 * (server/crud/links.ts). When they cannot be listed (no permission) the chosen ids still show.
 */
export function LinksInput({ link }: { link: LinkDecl }) {
  const titleField = getResource(link.entity)?.titleField ?? 'name';
  const { field } = useInput({ source: link.name });
  const { data, isPending, error } = useGetList<RaRecord>(link.entity, { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'ASC' } }, { retry: false });
  const options = useMemo(() => (data ?? []).map((r) => ({ id: Number(r.id), name: String(r[titleField] ?? r.id) })), [data, titleField]);
  const selected = idsOf(field.value);
  return (
    <Autocomplete
      multiple
      loading={isPending}
      loadingText="正在加载…"
      noOptionsText="暂无数据"
      options={options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={selected.map((id) => options.find((o) => o.id === id) ?? { id, name: `ID ${id}` })}
      onChange={(_e, value) => field.onChange(value.map((v) => v.id))}
      renderInput={(params) => <TextField {...params} label={link.label} helperText={error ? `无法加载${link.label}列表` : `选择${link.label}`} margin="dense" />}
      sx={{ width: '100%', maxWidth: 640 }}
    />
  );
}

/** The links a declaration's `form` names (as it names fields), in that order. */
export function formLinks(decl: ResourceDecl): LinkDecl[] {
  return (decl.form ?? []).map((name) => decl.links?.find((l) => l.name === name)).filter((l) => l !== undefined);
}
