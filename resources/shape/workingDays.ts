/**
 * Working days (Saturdays and Sundays skipped; public holidays and make-up working days are not known, see
 * docs/interaction-forms.md), shared by the server's statutory deadlines and the views that count down to
 * them. Dates are 'YYYY-MM-DD' (a longer date-time is cut to its day); the starting day never counts.
 */
const pad = (n: number) => String(n).padStart(2, '0');
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const today = () => ymd(new Date());
const noon = (day: string) => new Date(`${day.slice(0, 10)}T12:00:00`);
const working = (d: Date) => d.getDay() !== 0 && d.getDay() !== 6;

/** The date `days` working days after `from`. */
export function addWorkingDays(from: string, days: number): string {
  const d = noon(from);
  let left = days;
  while (left > 0) {
    d.setDate(d.getDate() + 1);
    if (working(d)) left -= 1;
  }
  return ymd(d);
}

/** Working days from `from` (exclusive) to `deadline` (inclusive); 0 when the deadline is that day or past. */
export function workingDaysLeft(deadline: string, from: string = today()): number {
  const end = noon(deadline);
  const d = noon(from);
  if (Number.isNaN(end.getTime()) || Number.isNaN(d.getTime()) || end <= d) return 0;
  let n = 0;
  while (d < end) {
    d.setDate(d.getDate() + 1);
    if (working(d)) n += 1;
  }
  return n;
}

/** Pending (one of `pending` statuses) and past its deadline. */
export function isOverdue(record: Readonly<Record<string, unknown>>, pending: readonly number[], on: string = today()): boolean {
  return pending.includes(Number(record.status)) && typeof record.deadline === 'string' && record.deadline !== '' && record.deadline.slice(0, 10) < on;
}

export type DeadlineState = { kind: 'closed' } | { kind: 'overdue' } | { kind: 'left'; days: number; soon: boolean };

/** Where a pending record stands against its deadline: closed (not pending), overdue, or the working days left. */
export function deadlineState(record: Readonly<Record<string, unknown>>, pending: readonly number[], remindBeforeDays = 3, on?: string): DeadlineState {
  if (!pending.includes(Number(record.status))) return { kind: 'closed' };
  if (Number(record.overdue) === 1) return { kind: 'overdue' };
  if (typeof record.deadline !== 'string' || !record.deadline) return { kind: 'closed' };
  const days = workingDaysLeft(record.deadline, on);
  return { kind: 'left', days, soon: days <= remindBeforeDays };
}
