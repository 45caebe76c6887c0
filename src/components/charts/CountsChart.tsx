import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface CountItem {
  label: string;
  count: number;
  /** Share in percent, shown in the legend when given. */
  percent?: number;
}

const COLORS = ['#1976d2', '#ef6c00', '#2e7d32', '#8e24aa', '#c62828', '#00838f', '#6d4c41', '#546e7a', '#f9a825', '#3949ab'];

/**
 * Counts as a pie (shares of one whole: a single choice) or bars (each count on its own: a multiple
 * choice), one sector or bar per item; the legend names each item with its count, unit and share
 * (满意：1票（50%）). `testId` prefixes the chart's and legend's test ids (`<testId>-chart`, `-legend`).
 * recharts is only loaded with this file.
 */
export default function CountsChart({ kind, items, unit = '', testId }: { kind: 'pie' | 'bar'; items: readonly CountItem[]; unit?: string; testId: string }) {
  const data = items.map((o) => ({ name: `${o.label}：${o.count}${unit}${o.percent === undefined ? '' : `（${o.percent}%）`}`, label: o.label, count: o.count }));
  if (data.length === 0) return null;
  const total = data.reduce((s, d) => s + d.count, 0);
  return (
    <Box data-testid={`${testId}-chart`} data-chart-kind={kind}>
    <Box sx={{ width: '100%', height: 300 }}>
      {kind === 'pie' && total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          暂无数据
        </Typography>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'pie' ? (
            <PieChart>
              <Pie data={data} dataKey="count" nameKey="name" cx="50%" cy="45%" outerRadius={100} isAnimationActive={false} label={({ payload }) => `${(payload as { count: number }).count}`}>
                {data.map((d, i) => (
                  <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
                ))}
              </Pie>
              <Tooltip />
            </PieChart>
          ) : (
            <BarChart data={data} margin={{ top: 16, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" interval={0} />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Bar dataKey="count" name={unit || '数量'} isAnimationActive={false} label={{ position: 'top' }} minPointSize={2}>
                {data.map((d, i) => (
                  <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
                ))}
              </Bar>
            </BarChart>
          )}
        </ResponsiveContainer>
      )}
    </Box>
      <Box component="ul" data-testid={`${testId}-legend`} sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0, justifyContent: 'center' }}>
        {data.map((d, i) => (
          <Box component="li" key={d.name} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="span" sx={{ width: 12, height: 12, bgcolor: COLORS[i % COLORS.length], display: 'inline-block' }} />
            <Typography variant="body2">{d.name}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
