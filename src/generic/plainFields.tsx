import { useCallChoices } from './CallChoicesInput';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FieldDecl } from '../../resources/types';
import type { Row } from './plainTypes';
import { DateValueBox } from '../components/dates/DateInputs';

/** One controlled input for a declared field (text, textarea, number, enum, date, datetime). */
export function FieldInput({ field, value, onChange, disabled, required, type }: {
  field: FieldDecl;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  required?: boolean;
  type?: string;
}) {
  const common = {
    label: field.label,
    name: field.name,
    size: 'small' as const,
    fullWidth: true,
    disabled,
    required: required ?? field.required,
  };
  if (field.type === 'enum') {
    return (
      <TextField select {...common} value={value === null || value === undefined ? '' : String(value)} onChange={(e) => {
        const opt = field.options?.find((o) => String(o.value) === e.target.value);
        onChange(opt ? opt.value : null);
      }}>
        {!field.required && <MenuItem value="">（空）</MenuItem>}
        {field.options?.map((o) => (
          <MenuItem key={String(o.value)} value={String(o.value)}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.choicesFrom) return <PlainCallChoices field={field} value={value} onChange={onChange} common={common} />;
  if (field.type === 'number') {
    return <TextField {...common} type="number" value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} />;
  }
  if (field.type === 'date' || field.type === 'datetime') {
    // The zh-CN picker (src/components/dates) on the same 'YYYY-MM-DD[ HH:mm:ss]' string; emptied → null, as before.
    if (disabled) return <TextField {...common} value={value ?? ''} />;
    return <DateValueBox kind={field.type} label={field.label} name={field.name} required={common.required} size="small" width="100%" value={value ?? ''} onChange={(wire) => onChange(wire || null)} />;
  }
  return (
    <TextField
      {...common}
      type={type}
      multiline={field.type === 'textarea'}
      minRows={field.type === 'textarea' ? 3 : undefined}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: field.maxLength } }}
    />
  );
}

/** Fields whose value differs from the loaded record (the update forms send only these plus the id). */
export function changedOf(form: Row, loaded: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(form)) {
    const before = loaded[k] ?? null;
    const now = v === '' ? null : (v ?? null);
    if (String(before) !== String(now)) out[k] = v === '' ? null : v;
  }
  return out;
}

/** Required fields left empty: the Chinese prompt of the first one, or null. */
export function missingRequired(fields: readonly FieldDecl[], form: Row, names: readonly string[]): string | null {
  for (const name of names) {
    const f = fields.find((x) => x.name === name);
    if (!f?.required) continue;
    const v = form[name];
    if (v === undefined || v === null || String(v).trim() === '') return `${f.type === 'enum' || f.type === 'reference' ? '请选择' : '请输入'}${f.label}`;
  }
  return null;
}

/** A `choicesFrom` field in a plain form (the tree view's): a select once the call answers, a text box before. */
function PlainCallChoices({ field, value, onChange, common }: { field: FieldDecl; value: unknown; onChange: (v: unknown) => void; common: Record<string, unknown> }) {
  const choices = useCallChoices(field.choicesFrom!);
  const current = value === null || value === undefined ? '' : String(value);
  if (!choices) return <TextField {...common} value={current} onChange={(e) => onChange(e.target.value || null)} />;
  // A stored value no longer offered (a template file removed) stays choosable, so opening the form loses nothing.
  const all = current && !choices.some((c) => c.id === current) ? [{ id: current, name: current }, ...choices] : choices;
  return (
    <TextField select {...common} value={current} onChange={(e) => onChange(e.target.value || null)}>
      {!field.required && <MenuItem value="">（空）</MenuItem>}
      {all.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
