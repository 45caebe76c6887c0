import type { ReactElement } from 'react';
import { DateRangeFilter } from '../dates/DateInputs';

/**
 * A time field's search: one 起–止 control of two zh-CN date pickers, labelled with the field's name; it
 * writes the two search keys (`start`, `end`) as 'YYYY-MM-DD', as before. One element in the array
 * (callers spread it among their other filters).
 */
export function dateRangeInputs(start: string, end: string, label: string): ReactElement[] {
  return [<DateRangeFilter key={start} source={start} endSource={end} label={label} />];
}
