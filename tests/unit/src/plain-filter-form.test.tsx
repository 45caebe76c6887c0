import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import report from '../../../resources/report';
import { PlainFilterForm, type PlainSearch } from '../../../src/generic/PlainFilterForm';

// The reporting app's search forms: the report declaration's like / enum filters, applied on 查询, cleared by 重置.
describe('PlainFilterForm', () => {
  it('shows the declared like and enum filters, narrows an enum for the screen, applies and resets', () => {
    const seen: PlainSearch[] = [];
    render(<PlainFilterForm decl={report} initial={{ status: '2' }} choices={{ status: [{ value: 2, label: '已退回' }, { value: 4, label: '审核中' }] }} onSearch={(s) => seen.push(s)} />);
    const form = screen.getByRole('search');
    // title (like) and status (eq); the date range is not a plain filter here.
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    expect(within(form).getByRole('combobox', { name: '状态' }).textContent).toContain('已退回');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '状态' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['全部', '已退回', '审核中']);
    fireEvent.click(screen.getByRole('option', { name: '审核中' }));
    fireEvent.change(within(form).getByRole('textbox', { name: '标题' }), { target: { value: '春耕' } });
    fireEvent.click(within(form).getByRole('button', { name: /查\s*询/ }));
    expect(seen.at(-1)).toEqual({ status: '4', title: '春耕' });
    fireEvent.click(within(form).getByRole('button', { name: /重\s*置/ }));
    expect(seen.at(-1)).toEqual({});
  });
});
