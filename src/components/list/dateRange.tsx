import type { ReactElement } from 'react';
import { DateInput } from 'react-admin';

/** A time field's search: a 起 / 止 pair of date pickers, labelled with the field's name. */
export function dateRangeInputs(start: string, end: string, label: string): ReactElement[] {
  return [<DateInput key={start} source={start} label={`${label}起`} />, <DateInput key={end} source={end} label={`${label}止`} />];
}
