/**
 * Working days left until a disclosure deadline, counted as the server sets deadlines
 * (server/modules/interaction/apply/service.ts addWorkingDays: Saturdays and Sundays skipped, public
 * holidays unknown; the day itself does not count). Dates are 'YYYY-MM-DD'.
 */
const pad = (n: number) => String(n).padStart(2, '0');
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Working days from `today` (exclusive) to `deadline` (inclusive); 0 when the deadline is today; negative never (overdue is separate). */
export function workingDaysLeft(deadline: string, today: string = ymd(new Date())): number {
  const end = new Date(`${deadline.slice(0, 10)}T12:00:00`);
  const d = new Date(`${today.slice(0, 10)}T12:00:00`);
  if (Number.isNaN(end.getTime()) || Number.isNaN(d.getTime()) || end <= d) return 0;
  let n = 0;
  while (d < end) {
    d.setDate(d.getDate() + 1);
    const wd = d.getDay();
    if (wd !== 0 && wd !== 6) n += 1;
  }
  return n;
}

export type DeadlineState =
  | { kind: 'closed' }
  | { kind: 'overdue' }
  | { kind: 'left'; days: number; soon: boolean };

/** What the 超期 column shows for an application: closed (not pending), overdue, or days left. */
export function deadlineState(row: Record<string, unknown>, remindBeforeDays = 3, today?: string): DeadlineState {
  const status = Number(row.status);
  if (status !== 0 && status !== 1) return { kind: 'closed' };
  if (Number(row.overdue) === 1) return { kind: 'overdue' };
  if (typeof row.deadline !== 'string' || !row.deadline) return { kind: 'closed' };
  const days = workingDaysLeft(row.deadline, today);
  return { kind: 'left', days, soon: days <= remindBeforeDays };
}
