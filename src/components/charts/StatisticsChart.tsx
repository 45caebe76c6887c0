import Box from '@mui/material/Box';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  name: string;
  /** Colour of the series; the palette's next colour by default. */
  color?: string;
}

export interface StatisticsChartProps {
  kind: 'bar' | 'line' | 'pie';
  data: readonly Record<string, unknown>[];
  /** The category (x axis, or the pie's slice name). */
  x: string;
  series: readonly ChartSeries[];
  height?: number;
  /** `data-testid` of the chart box; `statistics-chart-<kind>` by default. */
  testId?: string;
}

const COLORS = ['#1976d2', '#2e7d32', '#ef6c00', '#c62828', '#6a1b9a', '#00838f', '#5d4037', '#455a64'];

/** Bar, line or pie chart of the statistics screens (recharts loads with this file only). */
export default function StatisticsChart({ kind, data, x, series, height = 320, testId }: StatisticsChartProps) {
  const rows = data as Record<string, unknown>[];
  return (
    <Box data-testid={testId ?? `statistics-chart-${kind}`} sx={{ width: '100%', height }}>
      <ResponsiveContainer>
        {kind === 'pie' ? (
          <PieChart>
            <Tooltip />
            <Legend />
            <Pie data={rows} dataKey={series[0]?.key ?? 'count'} nameKey={x} outerRadius="75%" label>
              {rows.map((_, i) => (
                <Cell key={i} fill={COLORS[i % COLORS.length]} />
              ))}
            </Pie>
          </PieChart>
        ) : kind === 'line' ? (
          <LineChart data={rows} margin={{ top: 10, right: 20, left: 0, bottom: 10 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey={x} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend verticalAlign="top" />
            {series.map((s, i) => (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color ?? COLORS[i % COLORS.length]} dot={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart data={rows} margin={{ top: 10, right: 20, left: 0, bottom: 40 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey={x} interval={0} angle={-20} textAnchor="end" height={60} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend verticalAlign="top" />
            {series.map((s, i) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color ?? COLORS[i % COLORS.length]} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </Box>
  );
}
