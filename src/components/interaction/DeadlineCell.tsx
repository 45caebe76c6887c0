import Typography from '@mui/material/Typography';
import { deadlineState } from './workingDays';

/**
 * The 超期 column of a disclosure application: red «已超期» when pending past the deadline, else the
 * working days left (orange within `remindBeforeDays`), «已办结» once closed.
 */
export function DeadlineCell({ row, remindBeforeDays = 3, today }: { row: Record<string, unknown>; remindBeforeDays?: number; today?: string }) {
  const s = deadlineState(row, remindBeforeDays, today);
  if (s.kind === 'closed') {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        已办结
      </Typography>
    );
  }
  if (s.kind === 'overdue') {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'error.main', fontWeight: 600 }} data-overdue="1">
        已超期
      </Typography>
    );
  }
  return (
    <Typography variant="body2" component="span" sx={{ color: s.soon ? 'warning.main' : 'text.primary' }}>
      {s.days === 0 ? '今日到期' : `剩余${s.days}个工作日`}
    </Typography>
  );
}
