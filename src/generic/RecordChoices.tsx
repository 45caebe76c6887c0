import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { getResource } from '../resources';

export interface Choice {
  id: string;
  name: string;
}

/** Up to 200 records of `resource` as choices named by its titleField (for LinksInput and IdsOfInput). */
export function useRecordChoices(resource: string) {
  const titleField = getResource(resource)?.titleField ?? 'name';
  const { data, isPending, error } = useGetList<RaRecord>(resource, { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'ASC' } }, { retry: false });
  const options = useMemo<Choice[]>(() => (data ?? []).map((r) => ({ id: String(r.id), name: String(r[titleField] ?? r.name ?? r.id) })), [data, titleField]);
  return { options, isPending, failed: !!error };
}

/**
 * A multiple choice of records by id: the chosen ids that are not among the options (not listed, or no
 * permission to list them) still show, as `ID n`.
 */
export function RecordChoices({ options, isPending, selected, onChange, label, helperText, error }: { options: Choice[]; isPending: boolean; selected: string[]; onChange: (ids: string[]) => void; label: string; helperText: string; error?: boolean }) {
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
      onChange={(_e, value) => onChange(value.map((v) => v.id))}
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} margin="dense" />}
      sx={{ width: '100%', maxWidth: 640 }}
    />
  );
}
