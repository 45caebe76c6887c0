import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext } from 'react-admin';
import type { ShowChipDecl } from '../../resources/shape/form';
import type { ResourceDecl } from '../../resources/types';

/** A chip's text: `{field}` from the record, a missing or null value as the chip's `blank`. */
export function chipText(chip: ShowChipDecl, record: Record<string, unknown>): string {
  return chip.text.replace(/\{(\w+)\}/g, (_m, k: string) => (record[k] === undefined || record[k] === null ? (chip.blank ?? '') : String(record[k])));
}

/** The declared `showChips` of the record in context (部门's parent, users and children). */
export function ShowChips({ decl }: { decl: ResourceDecl }) {
  const record = useRecordContext();
  if (!record || !decl.showChips?.length) return null;
  return (
    <Stack direction="row" spacing={1}>
      {decl.showChips.map((chip) => (
        <Chip key={chip.text} size="small" label={chipText(chip, record)} />
      ))}
    </Stack>
  );
}
