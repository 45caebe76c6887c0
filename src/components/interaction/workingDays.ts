import { deadlineState as stateOf, type DeadlineState } from '../../../resources/shape/workingDays';

export { workingDaysLeft, ymd } from '../../../resources/shape/workingDays';
export type { DeadlineState };

/** A disclosure application's deadline state (pending: 待受理, 已受理); resources/shape/workingDays.ts. */
export const deadlineState = (row: Record<string, unknown>, remindBeforeDays = 3, today?: string): DeadlineState => stateOf(row, [0, 1], remindBeforeDays, today);
