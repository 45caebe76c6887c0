import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeadlineCell } from '../../../src/components/interaction/DeadlineCell';
import { deadlineState, workingDaysLeft } from '../../../src/components/interaction/workingDays';

// 2025-03-07 is a Friday.
describe('working days to a disclosure deadline', () => {
  it('skips Saturdays and Sundays, like the server’s deadline', () => {
    expect(workingDaysLeft('2025-03-10', '2025-03-07')).toBe(1); // Fri → Mon
    expect(workingDaysLeft('2025-03-14', '2025-03-07')).toBe(5);
    expect(workingDaysLeft('2025-03-07', '2025-03-07')).toBe(0);
    expect(workingDaysLeft('2025-03-01', '2025-03-07')).toBe(0);
  });

  it('closed, overdue or the days left (soon within the reminder days)', () => {
    expect(deadlineState({ status: 2, deadline: '2025-03-01', overdue: 0 }, 3, '2025-03-07')).toEqual({ kind: 'closed' });
    expect(deadlineState({ status: 1, deadline: '2025-03-01', overdue: 1 }, 3, '2025-03-07')).toEqual({ kind: 'overdue' });
    expect(deadlineState({ status: 0, deadline: '2025-03-12', overdue: 0 }, 3, '2025-03-07')).toEqual({ kind: 'left', days: 3, soon: true });
    expect(deadlineState({ status: 0, deadline: '2025-03-31', overdue: 0 }, 3, '2025-03-07')).toMatchObject({ kind: 'left', soon: false });
  });

  it('the 超期 cell: red 已超期, remaining days, 已办结', () => {
    const { rerender } = render(<DeadlineCell row={{ status: 1, deadline: '2025-03-01', overdue: 1 }} today="2025-03-07" />);
    expect(screen.getByText('已超期')).toHaveAttribute('data-overdue', '1');
    rerender(<DeadlineCell row={{ status: 0, deadline: '2025-03-14', overdue: 0 }} today="2025-03-07" />);
    expect(screen.getByText('剩余5个工作日')).toBeInTheDocument();
    rerender(<DeadlineCell row={{ status: 3, deadline: '2025-03-14', overdue: 0 }} today="2025-03-07" />);
    expect(screen.getByText('已办结')).toBeInTheDocument();
  });
});
