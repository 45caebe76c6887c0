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
