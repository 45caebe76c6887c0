import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useInput } from 'react-admin';
import type { FieldDecl } from '../../resources/types';
import { useRecordChoices } from './RecordChoices';

const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * A `reference` field with `many` (an action's input): the referenced resource's records as checkboxes,
 * by their titleField; the value is the array of the checked ids (用户's 角色 dialog).
 */
export function RecordChecksInput({ field }: { field: FieldDecl }) {
  const { field: input } = useInput({ source: field.name });
  const { options, isPending, failed } = useRecordChoices(field.reference ?? '');
  const chosen = idsOf(input.value);
  const toggle = (id: string, on: boolean) => input.onChange((on ? [...chosen, id] : chosen.filter((c) => c !== id)).map(Number));
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">{field.label}</FormLabel>
      <FormGroup>
        {options.map((o) => (
          <FormControlLabel key={o.id} label={o.name} control={<Checkbox checked={chosen.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />} />
        ))}
      </FormGroup>
      {(isPending || failed) && <FormHelperText>{isPending ? '正在加载…' : `无法加载${field.label}列表`}</FormHelperText>}
    </FormControl>
  );
}
