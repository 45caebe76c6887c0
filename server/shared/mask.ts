import type { Row } from '../db/types.js';

/**
 * Personal data masked where it is not needed (个人信息保护法; issue 10): lists, Excel exports and Word
 * files show 138****1234 and 3101**********1234. Shared by every module that sends phones or ID numbers.
 */

/** The permission key that lets a detail view show them in full (the view is logged). */
export const SENSITIVE_VIEW_KEY = 'sensitive:view';

/** Keeps the first `head` and last `tail` characters, one * for each one hidden. */
function keepEnds(value: string, head: number, tail: number): string {
  if (value.length <= head + tail) return value.length > 2 ? value[0] + '*'.repeat(value.length - 2) + value[value.length - 1] : value;
  return value.slice(0, head) + '*'.repeat(value.length - head - tail) + value.slice(value.length - tail);
}

/** 13812341234 → 138****1234 (any other number: its first 3 and last 4 characters stay). */
export function maskPhone(value: unknown): unknown {
  if (typeof value !== 'string' || !value.trim()) return value;
  return keepEnds(value.trim(), 3, 4);
}

/** 310101199001011234 → 3101**********1234 (first 4 and last 4 stay). */
export function maskIdNumber(value: unknown): unknown {
  if (typeof value !== 'string' || !value.trim()) return value;
  return keepEnds(value.trim(), 4, 4);
}

/** Whether a value sent back by a form is a masked one (it must never overwrite the stored number). */
export function isMasked(value: unknown): boolean {
  return typeof value === 'string' && value.includes('*');
}

/** A copy of `row` with the named phone and ID-number fields masked. */
export function maskRow<T extends Row>(row: T, fields: { phones?: readonly string[]; ids?: readonly string[] }): T {
  const out: Row = { ...row };
  for (const f of fields.phones ?? []) if (f in out) out[f] = maskPhone(out[f]);
  for (const f of fields.ids ?? []) if (f in out) out[f] = maskIdNumber(out[f]);
  return out as T;
}

/**
 * The field names that hold a citizen's or a user's phone or ID number in any module's rows (letters,
 * suggestions, themes, people, survey respondents, users, applications). Business contact numbers the
 * portal publishes on purpose (contactPhone of projects and products) are not personal data here.
 */
export const PERSONAL_FIELDS = { phones: ['phone', 'mobile', 'telephone', 'tel'], ids: ['idNumber', 'idCard', 'cardNumber'] } as const;

/** A list row with every personal field of PERSONAL_FIELDS masked. */
export function maskPersonal<T extends Row>(row: T): T {
  return maskRow(row, PERSONAL_FIELDS);
}

/** A page of rows ({ list, … }) with every row's personal fields masked; the paging figures stay. */
export function maskPage<P extends { list: readonly Row[] }>(page: P): P {
  return { ...page, list: page.list.map((r) => maskPersonal(r)) };
}
