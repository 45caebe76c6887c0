import Typography from '@mui/material/Typography';
import { statisticsCalls } from '../../resources/calls/statistics';
import type { PageDecl } from '../pages';
import { ExportButton, SortableTable, StatsChart, StatsFilters, StatsPage, StatsState, useSearchState, useStats } from './homeColumn';

export interface DeptRow {
  deptId: number;
  deptName: string;
  submitted: number;
  auditing: number;
  accepted: number;
  published: number;
  rejected: number;
  publishRate: number;
  rank: number;
}

/** 数据分析: the 信息报送考核 table of the departments (ranked, exportable) and the publishing trend. */
export function HomeReportData() {
  const [search, setSearch] = useSearchState({ dateType: 'month' });
  const depts = useStats<DeptRow[]>(statisticsCalls.deptDataCountlist, search);
  const trend = useStats<{ date: string; count: number; hits: number }[]>(statisticsCalls.categoryDateCount, search);
  return (
    <StatsPage title="数据分析">
      <StatsFilters value={search} onChange={setSearch} dept column dateType>
        <ExportButton call={statisticsCalls.deptDataCountExcel} search={search} fileName="信息报送考核统计.xlsx" />
      </StatsFilters>
      <Typography variant="subtitle1">信息报送考核</Typography>
      <StatsState state={depts} empty={(d) => d.length === 0}>
        {(rows) => (
          <>
            <StatsChart
              kind="bar"
              data={rows.filter((r) => r.submitted > 0).slice(0, 30) as unknown as Record<string, unknown>[]}
              x="deptName"
              series={[
                { key: 'submitted', name: '报送数' },
                { key: 'accepted', name: '采用数' },
                { key: 'published', name: '发布数' },
                { key: 'rejected', name: '退回数' },
              ]}
            />
            <SortableTable
              rows={rows}
              rowKey={(r) => String(r.deptId)}
              initialSort={{ key: 'rank', order: 'asc' }}
              columns={[
                { key: 'rank', label: '排名', numeric: true },
                { key: 'deptName', label: '部门' },
                { key: 'submitted', label: '报送数', numeric: true },
                { key: 'auditing', label: '审核中', numeric: true },
                { key: 'accepted', label: '采用数', numeric: true },
                { key: 'published', label: '发布数', numeric: true },
                { key: 'rejected', label: '退回数', numeric: true },
                { key: 'publishRate', label: '发布率', numeric: true, format: (r) => `${r.publishRate.toFixed(2)}%` },
              ]}
            />
          </>
        )}
      </StatsState>
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        发布趋势
      </Typography>
      <StatsState state={trend} empty={(d) => d.length === 0}>
        {(rows) => <StatsChart kind="line" data={rows as unknown as Record<string, unknown>[]} x="date" series={[{ key: 'count', name: '发布文章数' }]} />}
      </StatsState>
    </StatsPage>
  );
}

export default { path: '/main/home/reportData', component: HomeReportData } satisfies PageDecl;
