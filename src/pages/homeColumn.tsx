import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CanAccess, Title, useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../providers';
import { statisticsCalls } from '../../resources/calls/statistics';
import type { ApiCall } from '../../resources/types';
import type { StatisticsChartProps } from '../components/charts/StatisticsChart';
import { PagingBar } from '../components/list/PagingBar';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import type { PageDecl } from '../pages';
import { DateRangeBox } from '../components/dates/DateInputs';

/* Shared pieces of the five home statistics screens (docs/statistics.md); this file is also 栏目统计. */

const Chart = lazy(() => import('../components/charts/StatisticsChart'));

/** dataSearchDto as the screens send it (empty values dropped). */
export interface StatsSearch {
  startTime?: string;
  endTime?: string;
  deptId?: number | '';
  columnId?: number | '';
  dateType?: 'day' | 'month';
}

export function cleanSearch(s: StatsSearch): Record<string, unknown> {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== '' && v !== undefined && v !== null));
}

/** Runs one declared statistics call (none: nothing); `null` while loading, re-run when the search changes. */
export function useStats<T>(call: ApiCall | null, search: StatsSearch): { data: T | null; failed: boolean } {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [state, setState] = useState<{ data: T | null; failed: boolean }>({ data: null, failed: false });
  const key = JSON.stringify(cleanSearch(search));
  useEffect(() => {
    if (!call) return undefined;
    let live = true;
    setState({ data: null, failed: false });
    dataProvider.call<T>(call, { body: JSON.parse(key) as unknown }).then(
      (data) => live && setState({ data, failed: false }),
      () => live && setState({ data: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, call, key]);
  return state;
}

function firstOfMonth(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01`;
}
function todayText(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The default range: this year so far. */
export function useSearchState(initial: StatsSearch = {}) {
  return useState<StatsSearch>({ startTime: `${firstOfMonth().slice(0, 4)}-01-01`, endTime: todayText(), ...initial });
}

/** Date range plus the optional department / column / grouping filters; options come from the statistics calls themselves. */
export function StatsFilters({
  value,
  onChange,
  dept = false,
  column = false,
  dateType = false,
  children,
}: {
  value: StatsSearch;
  onChange: (s: StatsSearch) => void;
  dept?: boolean;
  column?: boolean;
  dateType?: boolean;
  children?: ReactNode;
}) {
  const depts = useStats<{ deptId: number; deptName: string }[]>(dept ? statisticsCalls.deptDataCountlist : null, {});
  const cols = useStats<{ columnId: number; columnTitle: string }[]>(column ? statisticsCalls.columnCount : null, {});
  const deptOptions = useMemo(() => [...(depts.data ?? [])].sort((a, b) => a.deptId - b.deptId), [depts.data]);
  // Edited here, applied on 查询 (not as you type), cleared by 重置: the shared search form (issue 10).
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const v = draft;
  const set = setDraft;
  return (
    <>
    <PlainSearchForm onSearch={() => onChange(draft)} onReset={() => onChange({ startTime: '', endTime: '', deptId: '', columnId: '', dateType: value.dateType })}>
      <DateRangeBox label="日期" start={v.startTime} end={v.endTime} onChange={(startTime, endTime) => set({ ...v, startTime: startTime ?? '', endTime: endTime ?? '' })} />
      {dept && (
        <TextField select size="small" label="部门" value={v.deptId ?? ''} onChange={(e) => set({ ...v, deptId: e.target.value === '' ? '' : Number(e.target.value) })} sx={{ minWidth: 160 }}>
          <MenuItem value="">全部部门</MenuItem>
          {deptOptions.map((d) => (
            <MenuItem key={d.deptId} value={d.deptId}>
              {d.deptName}
            </MenuItem>
          ))}
        </TextField>
      )}
      {column && (
        <TextField select size="small" label="栏目" value={v.columnId ?? ''} onChange={(e) => set({ ...v, columnId: e.target.value === '' ? '' : Number(e.target.value) })} sx={{ minWidth: 160 }}>
          <MenuItem value="">全部栏目</MenuItem>
          {(cols.data ?? []).map((c) => (
            <MenuItem key={c.columnId} value={c.columnId}>
              {c.columnTitle}
            </MenuItem>
          ))}
        </TextField>
      )}
      {dateType && (
        <TextField select size="small" label="统计方式" value={v.dateType ?? 'day'} onChange={(e) => set({ ...v, dateType: e.target.value as 'day' | 'month' })} sx={{ minWidth: 120 }}>
          <MenuItem value="day">按日</MenuItem>
          <MenuItem value="month">按月</MenuItem>
        </TextField>
      )}
    </PlainSearchForm>
    <PortalToolbar>{children}</PortalToolbar>
    </>
  );
}

/** The 导出Excel button (statistics:export), downloading the declared call through the data provider. */
export function ExportButton({ call, search, fileName }: { call: ApiCall; search: StatsSearch; fileName: string }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const onError = useErrorNotifier();
  const [busy, setBusy] = useState(false);
  return (
    <CanAccess action="statistics:export" resource="statistics">
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          dataProvider
            .exportExcel(call.path, cleanSearch(search), fileName)
            .catch(onError)
            .finally(() => setBusy(false));
        }}
      >
        导出Excel
      </Button>
    </CanAccess>
  );
}

/** A lazily loaded chart with its own loading text. */
export function StatsChart(props: StatisticsChartProps) {
  return (
    <Suspense fallback={<Typography>正在加载图表…</Typography>}>
      <Chart {...props} />
    </Suspense>
  );
}

/** Loading / failed / empty states around a loaded result. */
export function StatsState<T>({ state, empty, children }: { state: { data: T | null; failed: boolean }; empty: (d: T) => boolean; children: (d: T) => ReactNode }) {
  if (state.failed) return <Alert severity="error">统计加载失败</Alert>;
  if (state.data === null) return <Typography>正在加载…</Typography>;
  if (empty(state.data)) return <Typography color="text.secondary">暂无数据</Typography>;
  return <>{children(state.data)}</>;
}

export interface StatsColumn<R> {
  key: keyof R & string;
  label: string;
  numeric?: boolean;
  format?: (row: R) => ReactNode;
}

/** A table sortable by every column, paged 10/20/30/50/100/200. */
export function SortableTable<R extends object>({ rows, columns, initialSort, rowKey }: { rows: readonly R[]; columns: readonly StatsColumn<R>[]; initialSort?: { key: keyof R & string; order: 'asc' | 'desc' }; rowKey: (r: R, i: number) => string }) {
  const [sort, setSort] = useState<{ key: string; order: 'asc' | 'desc' } | null>(initialSort ?? null);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const k = sort.key as keyof R;
    const dir = sort.order === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = a[k] as unknown;
      const y = b[k] as unknown;
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'zh')) * dir;
    });
  }, [rows, sort]);
  const shown = sorted.slice(page * size, page * size + size);
  // The pager is outside the table's scroll box, in the card that starts at the top of the page, so it can
  // stay in view at the bottom of the window (sticky) under a long chart and table (issue 23).
  return (
    <>
      <Box sx={{ mt: 2, overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sortDirection={sort?.key === c.key ? sort.order : false}>
                  <TableSortLabel
                    active={sort?.key === c.key}
                    direction={sort?.key === c.key ? sort.order : 'asc'}
                    onClick={() => setSort((s) => ({ key: c.key, order: s?.key === c.key && s.order === 'desc' ? 'asc' : 'desc' }))}
                  >
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r, i) => (
              <TableRow key={rowKey(r, i)}>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                    {c.format ? c.format(r) : ((r[c.key] as ReactNode) ?? '-')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <PagingBar total={rows.length} pageNum={Math.min(page, Math.max(0, Math.ceil(rows.length / size) - 1)) + 1} pageSize={size} onChange={(p, n) => (setPage(p - 1), setSize(n))} />
    </>
  );
}

/** The page frame: title and card. */
export function StatsPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

interface ColumnRow {
  columnId: number;
  columnTitle: string;
  published: number;
  hits: number;
  lastPublishTime: string | null;
}

/** 栏目统计: per column, articles published in the range, their hits, the last publish time. */
export function HomeColumn() {
  const [search, setSearch] = useSearchState();
  const state = useStats<ColumnRow[]>(statisticsCalls.columnCount, search);
  return (
    <StatsPage title="栏目统计">
      <StatsFilters value={search} onChange={setSearch} column />
      <StatsState state={state} empty={(d) => d.length === 0}>
        {(rows) => (
          <>
            <StatsChart kind="bar" data={rows.filter((r) => r.published > 0 || rows.length <= 20) as unknown as Record<string, unknown>[]} x="columnTitle" series={[{ key: 'published', name: '发布文章数' }]} />
            <SortableTable
              rows={rows}
              rowKey={(r) => String(r.columnId)}
              initialSort={{ key: 'published', order: 'desc' }}
              columns={[
                { key: 'columnTitle', label: '栏目' },
                { key: 'published', label: '发布文章数', numeric: true },
                { key: 'hits', label: '点击量', numeric: true },
                { key: 'lastPublishTime', label: '最后发布时间' },
              ]}
            />
          </>
        )}
      </StatsState>
    </StatsPage>
  );
}

export default { path: '/main/home/column', component: HomeColumn } satisfies PageDecl;
