import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import report from '../../../resources/report';
import { declaredColumns } from '../../../src/generic/declaredColumns';
import { PagedTable } from '../../../src/generic/PagedTable';
import type { Row } from '../../../src/generic/pagedCall';

const ROWS: Row[] = [
  { id: 7, title: '春耕备耕', status: 4, submitTime: '2026-03-01 09:00:00', deptName: '县农业局' },
  { id: 8, title: '校园安全', status: 2, submitTime: null, deptName: '县教育局' },
];

function Selecting({ onChange }: { onChange: (ids: number[]) => void }) {
  const [selected, setSelected] = useState<number[]>([]);
  const select = (ids: number[]) => (setSelected(ids), onChange(ids));
  const columns = declaredColumns(report, ['title', 'status', 'submitTime', 'noSuchField']);
  return <PagedTable columns={columns} rows={ROWS} loading={false} total={2} pageNum={1} pageSize={10} onPage={() => undefined} onPageSize={() => undefined} selection={{ selected, onSelect: select, label: (r) => `选择${String(r.title)}` }} />;
}

describe('PagedTable over declared columns, with a row selection', () => {
  it('labels the columns from the declaration, shows an enum as its chip and leaves out unknown names', () => {
    render(<Selecting onChange={() => undefined} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1)).toEqual(['标题', '状态', '提交时间']);
    const row = screen.getByRole('row', { name: /春耕备耕/ });
    expect(within(row).getByText('审核中')).toBeTruthy();
  });

  it('selects rows one by one and all of the page at once', () => {
    const seen: number[][] = [];
    render(<Selecting onChange={(ids) => seen.push(ids)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择校园安全' }));
    expect(seen.at(-1)).toEqual([8]);
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(seen.at(-1)).toEqual([7, 8]);
    expect((screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择春耕备耕' }));
    expect(seen.at(-1)).toEqual([8]);
  });
});
