import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { EssayFlagsInput } from '../../../src/views/content/EssayFlagsInput';
import { AdminWrapper } from './helpers';

function renderFlags(flags: unknown, onSubmit: (v: Record<string, unknown>) => void) {
  return render(
    <AdminWrapper>
      <Form record={{ id: 1, flags }} onSubmit={onSubmit}>
        <EssayFlagsInput />
        <button type="submit">提交</button>
      </Form>
    </AdminWrapper>,
  );
}

describe('<EssayFlagsInput>', () => {
  it('shows the five flags of the spec as checkboxes, checked from the record', async () => {
    renderFlags([2, 4], vi.fn());
    for (const label of ['图片', '推荐', '幻灯', '头条', '跳转']) expect(await screen.findByRole('checkbox', { name: label })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '推荐' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '头条' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '图片' })).not.toBeChecked();
  });

  it('answers the checked flags as a sorted list of numbers', async () => {
    const onSubmit = vi.fn();
    renderFlags([4], onSubmit);
    fireEvent.click(await screen.findByRole('checkbox', { name: '推荐' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '跳转' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '头条' }));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0]?.[0] as { flags: number[] }).flags).toEqual([2, 5]);
  });

  it('treats a missing value as no flags', async () => {
    const onSubmit = vi.fn();
    renderFlags(undefined, onSubmit);
    expect(await screen.findByRole('checkbox', { name: '幻灯' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: '幻灯' }));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0]?.[0] as { flags: number[] }).flags).toEqual([3]);
  });
});
