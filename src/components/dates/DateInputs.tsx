import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import type { DateValuePickerProps, RangePickersProps } from './Pickers';
import type { DateKind } from './wire';

// MUI X pickers and dayjs load with the first screen that shows a date, not with the shell.
const LazyValuePicker = lazy(() => import('./Pickers').then((m) => ({ default: m.ZhDateValuePicker })));
const LazyRangePickers = lazy(() => import('./Pickers').then((m) => ({ default: m.ZhRangePickers })));

/** Same size and label while the picker's chunk loads, so nothing moves when it arrives. */
function Waiting({ label, size, name }: { label: string; size?: 'small' | 'medium'; name?: string }) {
  return <TextField label={label} size={size} name={name} disabled slotProps={{ inputLabel: { shrink: true } }} />;
}

/** A plain (non-form) date or datetime picker on the wire's strings: statistics screens' own filters. */
export function DateValueBox(props: DateValuePickerProps) {
  return (
    <Suspense fallback={<Waiting label={props.label} size={props.size} name={props.name} />}>
      <LazyValuePicker {...props} />
    </Suspense>
  );
}

/** A plain 起–止 range as one control (statistics screens keep their own filter state). */
export function DateRangeBox(props: RangePickersProps) {
  return (
    <Suspense fallback={<Waiting label={`${props.label}起`} size={props.size ?? 'small'} />}>
      <LazyRangePickers {...props} />
    </Suspense>
  );
}

export interface PickerInputProps {
  source: string;
  label: string;
  kind: DateKind;
  validate?: Validator | Validator[];
  helperText?: string | false;
  defaultValue?: unknown;
}

/** react-admin input: a zh-CN date or datetime picker; the form's value is the wire string ('YYYY-MM-DD[ HH:mm:ss]'). */
export function PickerInput({ source, label, kind, validate, helperText, defaultValue }: PickerInputProps) {
  const { field, fieldState, isRequired } = useInput({ source, validate, defaultValue, parse: (v: unknown) => (v === '' ? null : v) });
  const error = !!fieldState.error && (fieldState.isTouched || fieldState.isDirty);
  return (
    <DateValueBox
      kind={kind}
      label={label}
      value={field.value}
      onChange={(v) => field.onChange(v)}
      onBlur={field.onBlur}
      name={field.name}
      required={isRequired}
      error={error}
      helperText={error || helperText ? <InputHelperText error={fieldState.error?.message} helperText={helperText} /> : undefined}
      size="small"
    />
  );
}

export interface DateRangeFilterProps {
  /** The start's search key (react-admin filters take one `source`); `endSource` is the other. */
  source: string;
  endSource: string;
  label: string;
  alwaysOn?: boolean;
}

/** A list filter: 起–止 as one control writing two search keys (startTime / endTime), as the two inputs did. */
export function DateRangeFilter({ source, endSource, label }: DateRangeFilterProps) {
  const start = useInput({ source, parse: (v: unknown) => v ?? '' });
  const end = useInput({ source: endSource, parse: (v: unknown) => v ?? '' });
  return (
    <DateRangeBox
      label={label}
      start={start.field.value}
      end={end.field.value}
      onChange={(s, e) => {
        if ((s ?? '') !== (start.field.value ?? '')) start.field.onChange(s ?? '');
        if ((e ?? '') !== (end.field.value ?? '')) end.field.onChange(e ?? '');
      }}
    />
  );
}
