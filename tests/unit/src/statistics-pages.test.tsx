import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import HomeColumnPage from '../../../src/pages/homeColumn';
import { HomeReportData } from '../../../src/pages/homeReportData';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
// The statistics screens take their data provider from react-admin's context.
const dataProvider = createDataProvider(http, []);

beforeAll(() => {
  // jsdom has no ResizeObserver; recharts' ResponsiveContainer needs one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const DEPTS = [
  { deptId: 7, deptName: '县教育局', submitted: 12, auditing: 1, accepted: 9, published: 8, rejected: 2, publishRate: 66.67, rank: 1 },
  { deptId: 9, deptName: '青石镇', submitted: 5, auditing: 0, accepted: 3, published: 3, rejected: 2, publishRate: 60, rank: 2 },
  { deptId: 3, deptName: '县政府办公室', submitted: 0, auditing: 0, accepted: 0, published: 0, rejected: 0, publishRate: 0, rank: 3 },
];

function wrap(children: ReactNode, allow = true) {
  return (
    <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider((_r, action) => allow || action !== 'statistics:export')}>
      {children}
    </AdminWrapper>
  );
}

describe('数据分析 (信息报送考核)', () => {
  it('renders the department table and a chart from the calls, sends the date range, sorts by a column', async () => {
    const seen = on('/api/home/deptDataCountlist', DEPTS);
    on('/api/home/categoryDateCount', [
      { date: '2026-01', count: 4, hits: 10 },
      { date: '2026-02', count: 7, hits: 3 },
    ]);
    on('/api/home/columnCount', [{ columnId: 1, columnTitle: '政务要闻', published: 2, hits: 5, lastPublishTime: null }]);
    render(wrap(<HomeReportData />));
    expect(await screen.findByText('县教育局', { selector: 'td' })).toBeInTheDocument();
    expect(await screen.findByTestId('statistics-chart-bar')).toBeInTheDocument();
    expect(await screen.findByTestId('statistics-chart-line')).toBeInTheDocument();
    expect(screen.getByText('66.67%')).toBeInTheDocument();
    // The table call carried the default date range (this year so far).
    const withRange = seen.find((s) => (s.body as Record<string, unknown>)?.startTime);
    expect((withRange?.body as Record<string, string>).startTime).toMatch(/^\d{4}-01-01$/);
    expect(screen.getByRole('button', { name: '导出Excel' })).toBeInTheDocument();

    const table = screen.getAllByRole('table')[0] as HTMLElement;
    const names = () => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    expect(names()).toEqual(['县教育局', '青石镇', '县政府办公室']);
    fireEvent.click(within(table).getByText('退回数'));
    await waitFor(() => expect(names()[2]).toBe('县政府办公室'));
    fireEvent.click(within(table).getByText('退回数'));
    await waitFor(() => expect(names()[0]).toBe('县政府办公室'));
    fireEvent.click(within(table).getByText('报送数'));
    expect(names()).toEqual(['县教育局', '青石镇', '县政府办公室']);
    fireEvent.click(within(table).getByText('报送数'));
    expect(names()).toEqual(['县政府办公室', '青石镇', '县教育局']);
  });

  it('hides 导出Excel without statistics:export; shows 暂无数据 for an empty answer', async () => {
    on('/api/home/deptDataCountlist', []);
    on('/api/home/categoryDateCount', []);
    on('/api/home/columnCount', []);
    render(wrap(<HomeReportData />, false));
    expect((await screen.findAllByText('暂无数据')).length).toBe(2);
    expect(screen.queryByRole('button', { name: '导出Excel' })).toBeNull();
  });
});

describe('栏目统计', () => {
  it('renders the column rows and the bar chart; sorted by published, most first', async () => {
    on('/api/home/columnCount', [
      { columnId: 1, columnTitle: '政务要闻', published: 2, hits: 31, lastPublishTime: '2026-03-08 16:00:00' },
      { columnId: 2, columnTitle: '部门动态', published: 5, hits: 12, lastPublishTime: '2026-03-11 10:00:00' },
    ]);
    const Page = HomeColumnPage.component;
    render(wrap(<Page />));
    expect(await screen.findByText('2026-03-11 10:00:00')).toBeInTheDocument();
    expect(await screen.findByTestId('statistics-chart-bar')).toBeInTheDocument();
    const rows = screen.getByRole('table').querySelectorAll('tbody tr');
    expect(rows[0]?.textContent).toContain('部门动态');
    expect(HomeColumnPage.path).toBe('/main/home/column');
  });
});
