import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, SaveButton } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeBox, PickerInput } from '../../../src/components/dates/DateInputs';
import { fromWire, toWire } from '../../../src/components/dates/wire';
import { AdminWrapper } from './helpers';

describe('date pickers (MUI X, zh-CN)', () => {
  it('keep the wire formats: YYYY-MM-DD and YYYY-MM-DD HH:mm:ss', () => {
    expect(toWire(fromWire('2026-03-05'), 'date')).toBe('2026-03-05');
    expect(toWire(fromWire('2026-03-05 08:30:00'), 'datetime')).toBe('2026-03-05 08:30:00');
    expect(toWire(fromWire('2026-03-05T08:30'), 'datetime')).toBe('2026-03-05 08:30:00');
    expect(fromWire('')).toBeNull();
    expect(fromWire('not a date')).toBeNull();
    expect(toWire(null, 'date')).toBeNull();
    // Half typed: the form keeps its value.
    expect(toWire(fromWire('2026-03-05')!.month(NaN), 'date')).toBeUndefined();
  });

  it('a datetime input shows the record’s value and saves what was typed as the API’s string', async () => {
    const onSubmit = vi.fn();
    render(
      <AdminWrapper>
        <Form record={{ id: 1, publishTime: '2026-03-01 08:30:00' }} onSubmit={onSubmit}>
          <PickerInput source="publishTime" label="发布时间" kind="datetime" />
          <SaveButton alwaysEnable />
        </Form>
      </AdminWrapper>,
    );
    // The picker's chunk loads lazily: a disabled box of the same label stands in until then.
    await waitFor(() => expect(screen.getByRole('textbox', { name: '发布时间' })).toBeEnabled());
    const input = screen.getByRole('textbox', { name: '发布时间' });
    expect(input).toHaveValue('2026-03-01 08:30');
    fireEvent.change(input, { target: { value: '2026-04-02 10:15' } });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ publishTime: '2026-04-02 10:15:00' });
  });

  it('a range is one labelled control of 起 and 止 that answers both ends as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    render(<DateRangeBox label="日期" start="2026-01-01" end="" onChange={onChange} />);
    const group = await screen.findByRole('group', { name: '日期' });
    const start = await screen.findByRole('textbox', { name: '日期起' });
    const end = screen.getByRole('textbox', { name: '日期止' });
    expect(group).toContainElement(start);
    expect(group).toContainElement(end);
    expect(start).toHaveValue('2026-01-01');
    fireEvent.change(end, { target: { value: '2026-02-28' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-01-01', '2026-02-28'));
  });
});
