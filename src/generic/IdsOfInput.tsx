import TextField from '@mui/material/TextField';
import { useEffect, useRef } from 'react';
import { useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FieldDecl } from '../../resources/types';
import { RecordChoices, useRecordChoices } from './RecordChoices';

const toIds = (v: unknown) =>
  String(v ?? '')
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A field with `idsOf` (resources/types.ts): a multiple choice of the records of the resource that the
 * field `idsOf.by` names, stored as the comma list of ids the server expects. When the options cannot be
 * loaded (no permission to list them) the ids are typed.
 */
export function IdsOfInput({ field: decl }: { field: FieldDecl }) {
  const spec = decl.idsOf!;
  const kind = useWatch({ name: spec.by }) as unknown;
  const kinds = Object.keys(spec.resources);
  const target = spec.resources[String(kind ?? '')] ?? spec.resources[kinds[0] ?? '']!;
  const { field, fieldState } = useInput({
    source: decl.name,
    validate: (v: unknown) => (decl.required && toIds(v).length === 0 ? `请选择${decl.label}` : undefined),
  });
  const { options, isPending, failed: error } = useRecordChoices(target.resource);
  const selected = toIds(field.value);

  // Another kind makes the chosen ids meaningless: clear them (not on the first render).
  const previous = useRef(kind);
  useEffect(() => {
    if (previous.current !== kind) field.onChange('');
    previous.current = kind;
  }, [kind, field]);

  const helper = fieldState.error?.message ?? (error ? `无法加载${target.label}列表，请输入ID，多个用英文逗号分隔` : `选择${target.label}`);
  if (error) {
    return <TextField label={decl.label} value={String(field.value ?? '')} onChange={(e) => field.onChange(e.target.value)} error={!!fieldState.error} helperText={helper} fullWidth margin="dense" />;
  }
  return (
    <RecordChoices
      options={options}
      isPending={isPending}
      selected={selected}
      onChange={(ids) => field.onChange(ids.join(','))}
      label={decl.label}
      error={!!fieldState.error}
      helperText={helper}
    />
  );
}
