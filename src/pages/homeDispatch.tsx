import Typography from '@mui/material/Typography';
import { statisticsCalls } from '../../resources/calls/statistics';
import type { PageDecl } from '../pages';
import { SortableTable, StatsChart, StatsFilters, StatsPage, StatsState, useSearchState, useStats } from './homeColumn';

interface DeptCount {
  deptId: number;
  deptName: string;
  count: number;
  hits: number;
}
interface DeptColumn {
  deptId: number;
  deptName: string;
  columnId: number;
  columnTitle: string;
  count: number;
  lastPublishTime: string | null;
}

/** 发稿统计: articles published per department in the range (chart), and per department and column (table). */
function HomeDispatch() {
  const [search, setSearch] = useSearchState();
  const perDept = useStats<DeptCount[]>(statisticsCalls.deptCount, search);
  const perColumn = useStats<DeptColumn[]>(statisticsCalls.deptByColumnCount, search);
  return (
    <StatsPage title="发稿统计">
      <StatsFilters value={search} onChange={setSearch} dept column />
      <StatsState state={perDept} empty={(d) => d.length === 0}>
        {(rows) => (
          <>
            <StatsChart kind="bar" data={rows.slice(0, 30) as unknown as Record<string, unknown>[]} x="deptName" series={[{ key: 'count', name: '发布文章数' }]} />
            <SortableTable
              rows={rows}
              rowKey={(r) => String(r.deptId)}
              initialSort={{ key: 'count', order: 'desc' }}
              columns={[
                { key: 'deptName', label: '部门' },
                { key: 'count', label: '发布文章数', numeric: true },
                { key: 'hits', label: '点击量', numeric: true },
              ]}
            />
          </>
        )}
      </StatsState>
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        部门栏目发稿明细
      </Typography>
      <StatsState state={perColumn} empty={(d) => d.length === 0}>
        {(rows) => (
          <SortableTable
            rows={rows}
            rowKey={(r) => `${r.deptId}-${r.columnId}`}
            columns={[
              { key: 'deptName', label: '部门' },
              { key: 'columnTitle', label: '栏目' },
              { key: 'count', label: '发布文章数', numeric: true },
              { key: 'lastPublishTime', label: '最后发布时间' },
            ]}
          />
        )}
      </StatsState>
    </StatsPage>
  );
}

export default { path: '/main/home/dispatch', component: HomeDispatch } satisfies PageDecl;
