import Box from '@mui/material/Box';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { zhCN } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { fromWire, SHOWN_FORMAT, toWire, type DateKind } from './wire';

// Loaded lazily (./DateInputs.tsx): MUI X and dayjs are only fetched when a screen shows a date.
const localeText = zhCN.components.MuiLocalizationProvider.defaultProps.localeText;

export function ZhPickers({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="zh-cn" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

export interface DateValuePickerProps {
  kind: DateKind;
  label: string;
  /** The wire string ('' or null when empty). */
  value: unknown;
  onChange: (wire: string | null) => void;
  name?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onBlur?: () => void;
  size?: 'small' | 'medium';
  width?: number | string;
}

/** One zh-CN date (or date and time) picker on the wire's strings. */
export function DateValuePicker({ kind, label, value, onChange, name, required, error, helperText, onBlur, size, width }: DateValuePickerProps) {
  const Picker = kind === 'datetime' ? DateTimePicker : DatePicker;
  return (
    <Picker
      label={label}
      value={fromWire(value)}
      format={SHOWN_FORMAT[kind]}
      ampm={false}
      // A plain <input> (name, value, paste of a whole date) rather than the sectioned field.
      enableAccessibleFieldDOMStructure={false}
      onChange={(v) => {
        const wire = toWire(v, kind);
        if (wire !== undefined) onChange(wire);
      }}
      slotProps={{
        textField: { name, required, error, helperText, onBlur, size, sx: width ? { width } : undefined },
        field: { clearable: true },
      }}
    />
  );
}

export interface RangePickersProps {
  label: string;
  start: unknown;
  end: unknown;
  onChange: (start: string | null, end: string | null) => void;
  size?: 'small' | 'medium';
}

/** A date range as one control: 起 and 止 side by side in one outlined box with the range's name. */
export function RangePickers({ label, start, end, onChange, size = 'small' }: RangePickersProps) {
  const startDay = fromWire(start);
  const endDay = fromWire(end);
  const wireOf = (day: typeof startDay) => toWire(day, 'date') ?? null;
  // One end: bounded by the other; a change sends both ends (an unparsable half-typed date sends nothing).
  const half = (suffix: '起' | '止', value: typeof startDay, send: (wire: string | null) => void) => (
    <DatePicker
      label={`${label}${suffix}`}
      value={value}
      {...(suffix === '起' ? { maxDate: endDay ?? undefined } : { minDate: startDay ?? undefined })}
      format={SHOWN_FORMAT.date}
      enableAccessibleFieldDOMStructure={false}
      onChange={(v) => {
        const wire = toWire(v, 'date');
        if (wire !== undefined) send(wire);
      }}
      slotProps={{ textField: { size, sx: { width: 168 } }, field: { clearable: true } }}
    />
  );
  return (
    <Box role="group" aria-label={label} data-date-range={label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {half('起', startDay, (wire) => onChange(wire, wireOf(endDay)))}
      <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
        至
      </Box>
      {half('止', endDay, (wire) => onChange(wireOf(startDay), wire))}
    </Box>
  );
}

export function ZhDateValuePicker(props: DateValuePickerProps) {
  return (
    <ZhPickers>
      <DateValuePicker {...props} />
    </ZhPickers>
  );
}

export function ZhRangePickers(props: RangePickersProps) {
  return (
    <ZhPickers>
      <RangePickers {...props} />
    </ZhPickers>
  );
}
