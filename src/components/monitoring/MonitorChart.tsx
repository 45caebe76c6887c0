import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { StatisticsChartProps } from '../charts/StatisticsChart';

const Chart = lazy(() => import('../charts/StatisticsChart'));

/** A line chart of the monitoring screens (recharts loads with it). */
export function MonitorChart(props: StatisticsChartProps) {
  return (
    <Suspense fallback={<Typography>正在加载图表…</Typography>}>
      <Chart {...props} />
    </Suspense>
  );
}

/** `2026-11-24 08:30:00` → `11-24 08:30` for an axis. */
export const shortTime = (t: string) => t.slice(5, 16);
