import Typography from '@mui/material/Typography';
import { statisticsCalls } from '../../resources/calls/statistics';
import type { PageDecl } from '../pages';
import { SortableTable, StatsChart, StatsFilters, StatsPage, StatsState, useSearchState, useStats } from './homeColumn';

interface ColumnStates {
  columnId: number;
  columnTitle: string;
  total: number;
  draft: number;
  auditing: number;
  finalReview: number;
  returned: number;
  published: number;
  offline: number;
}

/** 文章统计: articles created in the range per column and state, the state pie and the publishing curve. */
function HomeThisArticleStatistics() {
  const [search, setSearch] = useSearchState({ dateType: 'day' });
  const counts = useStats<{ columns: ColumnStates[]; states: { status: number; name: string; count: number }[] }>(statisticsCalls.categoryCountlist, search);
  const trend = useStats<{ date: string; count: number }[]>(statisticsCalls.categoryDateCount, search);
  return (
    <StatsPage title="文章统计">
      <StatsFilters value={search} onChange={setSearch} dept column dateType />
      <Typography variant="subtitle1">每日/每月发布文章数</Typography>
      <StatsState state={trend} empty={(d) => d.length === 0}>
        {(rows) => <StatsChart kind="line" data={rows as unknown as Record<string, unknown>[]} x="date" series={[{ key: 'count', name: '发布文章数' }]} />}
      </StatsState>
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        各栏目文章状态
      </Typography>
      <StatsState state={counts} empty={(d) => d.columns.length === 0}>
        {(d) => (
          <>
            {d.states.length > 0 && <StatsChart kind="pie" height={260} data={d.states as unknown as Record<string, unknown>[]} x="name" series={[{ key: 'count', name: '文章数' }]} />}
            <SortableTable
              rows={d.columns}
              rowKey={(r) => String(r.columnId)}
              initialSort={{ key: 'total', order: 'desc' }}
              columns={[
                { key: 'columnTitle', label: '栏目' },
                { key: 'total', label: '文章总数', numeric: true },
                { key: 'draft', label: '编辑中', numeric: true },
                { key: 'auditing', label: '审核中', numeric: true },
                { key: 'finalReview', label: '待终审', numeric: true },
                { key: 'returned', label: '已退回', numeric: true },
                { key: 'published', label: '已发布', numeric: true },
                { key: 'offline', label: '已下线', numeric: true },
              ]}
            />
          </>
        )}
      </StatsState>
    </StatsPage>
  );
}

export default { path: '/main/home/thisArticleStatistics', component: HomeThisArticleStatistics } satisfies PageDecl;
