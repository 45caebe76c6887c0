import { invalidValue } from '../http/errors.js';

/** Dates are stored and answered as local 'YYYY-MM-DD HH:mm:ss' text on both databases. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Parses the stored text back as local time; NaN-safe callers check the result. */
export function parseDateTime(text: string): Date {
  return new Date(text.replace(' ', 'T'));
}

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const DATETIME_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** Accepts a date or datetime and answers the stored form, or null when it is not one. */
export function normaliseDateTime(text: string): string | null {
  if (DATE_RE.test(text)) return `${text} 00:00:00`;
  if (!DATETIME_RE.test(text)) return null;
  const t = text.replace('T', ' ');
  const full = t.length === 16 ? `${t}:00` : t;
  return Number.isNaN(parseDateTime(full).getTime()) ? null : full;
}

/** Month `YYYY-MM` → [first second, last second] as stored text. */
export function monthRange(month: string): [string, string] {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw invalidValue('月份格式应为YYYY-MM');
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(y, m, 0).getDate();
  return [`${month}-01 00:00:00`, `${month}-${String(last).padStart(2, '0')} 23:59:59`];
}

export function hoursBetween(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const a = new Date(from.replace(' ', 'T')).getTime();
  const b = new Date(to.replace(' ', 'T')).getTime();
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  return Math.max(0, (b - a) / 3_600_000);
}

/** `YYYY-MM-DD HH:mm:00` of the day `offsetDays` from today (negative: past) at that local hour (demo data's times). */
export function dayAt(offsetDays: number, hour: number, minute = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  d.setHours(hour, minute, 0, 0);
  return formatDateTime(d);
}
