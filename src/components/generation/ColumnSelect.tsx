import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ColumnOption } from './types';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The first entry, standing for every column, and its value. */
  allLabel: string;
  allValue: string;
  options: readonly ColumnOption[];
  /** The column tree has not arrived yet. */
  loading: boolean;
}

/** 栏目: a select over the column tree, indented by depth. */
export function ColumnSelect({ value, onChange, allLabel, allValue, options, loading }: Props) {
  return (
    <TextField select size="small" label="栏目" value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 240 }} disabled={loading}>
      <MenuItem value={allValue}>{allLabel}</MenuItem>
      {options.map((c) => (
        <MenuItem key={c.id} value={String(c.id)} sx={{ pl: 2 + c.depth * 2 }}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
