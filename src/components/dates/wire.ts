import dayjs, { type Dayjs } from 'dayjs';

export type DateKind = 'date' | 'datetime';

/** The API's formats, unchanged by the pickers: 2026-11-27 and 2026-11-27 09:30:00. */
export const WIRE_FORMAT: Readonly<Record<DateKind, string>> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss' };
/** What the person sees and types (no seconds in a datetime). */
export const SHOWN_FORMAT: Readonly<Record<DateKind, string>> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm' };

/** A wire string (or a Date, or a datetime-local 'YYYY-MM-DDTHH:mm') → the picker's value; '' and junk → null. */
export function fromWire(value: unknown): Dayjs | null {
  if (value instanceof Date) return dayjs(value);
  if (typeof value !== 'string' || !value.trim()) return null;
  const parsed = dayjs(value.trim().replace('T', ' '));
  return parsed.isValid() ? parsed : null;
}

/**
 * The picker's value → the wire string; null (emptied) → null. An invalid value (a date half typed) answers
 * undefined: the form keeps what it had until the date is complete.
 */
export function toWire(value: Dayjs | null, kind: DateKind): string | null | undefined {
  if (value === null) return null;
  if (!value.isValid()) return undefined;
  return value.format(WIRE_FORMAT[kind]);
}
