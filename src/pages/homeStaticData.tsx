import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { statisticsCalls } from '../../resources/calls/statistics';
import type { PageDecl } from '../pages';
import { StatsChart, StatsFilters, StatsPage, StatsState, useSearchState, useStats } from './homeColumn';

interface Figure {
  key: string;
  label: string;
  count: number | null;
}
interface StateCount {
  status: number;
  name: string;
  count: number;
}

/** 数据统计: the portal's totals in the range (articles, columns, letters, replies, surveys, suggestions, applications). */
function HomeStaticData() {
  const [search, setSearch] = useSearchState();
  const figures = useStats<Figure[]>(statisticsCalls.dataCount, search);
  const states = useStats<{ states: StateCount[] }>(statisticsCalls.categoryCountlist, search);
  return (
    <StatsPage title="数据统计">
      <StatsFilters value={search} onChange={setSearch} />
      <StatsState state={figures} empty={(d) => d.length === 0}>
        {(rows) => (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 2 }}>
            {rows.map((f) => (
              <Paper key={f.key} variant="outlined" sx={{ p: 2 }} data-testid={`figure-${f.key}`}>
                <Typography color="text.secondary" variant="body2">
                  {f.label}
                </Typography>
                <Typography variant="h5">{f.count ?? '—'}</Typography>
              </Paper>
            ))}
          </Box>
        )}
      </StatsState>
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        文章状态分布
      </Typography>
      <StatsState state={states} empty={(d) => d.states.length === 0}>
        {(d) => <StatsChart kind="pie" data={d.states as unknown as Record<string, unknown>[]} x="name" series={[{ key: 'count', name: '文章数' }]} />}
      </StatsState>
    </StatsPage>
  );
}

export default { path: '/main/home/staticData', component: HomeStaticData } satisfies PageDecl;
