import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';

export interface DeptNodeOption {
  id: number;
  name: string;
  depth: number;
  /** 县政府 / 县教育局: shown under the name so equal names in two places are told apart. */
  path: string;
}

type Node = { value?: number; id?: number; label?: string; name?: string; children?: Node[] };

/** The department tree flattened depth-first (the order of the tree), with depth and path. */
export function flattenDeptTree(nodes: readonly Node[], depth = 0, parents: string[] = []): DeptNodeOption[] {
  const out: DeptNodeOption[] = [];
  for (const n of nodes) {
    const name = String(n.label ?? n.name ?? '');
    out.push({ id: Number(n.value ?? n.id), name, depth, path: [...parents, name].join(' / ') });
    out.push(...flattenDeptTree(n.children ?? [], depth + 1, [...parents, name]));
  }
  return out;
}

/**
 * Loads the department tree for a picker. A transfer may go to any department, not only to those in the
 * caller's data scope, so this reads the department `data` call (every enabled department; any logged-in
 * staff member) rather than its `tree` call (department:list, and only the caller's scope).
 */
export function useDeptTree(enabled = true): { options: DeptNodeOption[]; loading: boolean } {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [options, setOptions] = useState<DeptNodeOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoading(true);
    dataProvider
      .callExtra<Node[]>('department', 'data', { silent: true })
      .then((tree) => live && setOptions(flattenDeptTree(Array.isArray(tree) ? tree : [])))
      .catch(() => live && setOptions([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [dataProvider, enabled]);
  return { options, loading };
}

/** A searchable department picker that shows the tree by indentation. */
export function DeptPicker({ value, onChange, label = '办理部门', enabled = true }: { value: number | null; onChange: (id: number | null) => void; label?: string; enabled?: boolean }) {
  const { options, loading } = useDeptTree(enabled);
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={loading}
      loadingText="正在加载…"
      noOptionsText="没有匹配的部门"
      onChange={(_, v) => onChange(v ? v.id : null)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={`${key}-${o.id}`} {...rest} sx={{ pl: `${16 + o.depth * 20}px !important` }} title={o.path}>
            {o.name}
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} required helperText={selected ? selected.path : '可输入部门名称搜索'} />}
    />
  );
}
