import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartOption {
  id: number;
  content: string;
  count: number;
  percent: number;
}

const COLORS = ['#1976d2', '#ef6c00', '#2e7d32', '#8e24aa', '#c62828', '#00838f', '#6d4c41', '#546e7a', '#f9a825', '#3949ab'];

/**
 * The result of one choice question: a pie chart for single choice (shares add up to 100 %), a bar chart
 * for multiple choice (each option's share of the people who answered). Each option is one sector or
 * bar; the legend names each option with its count and percentage. recharts is only loaded with this file.
 */
export default function SurveyQuestionChart({ type, options }: { type: number; options: readonly ChartOption[] }) {
  const data = options.map((o) => ({ name: `${o.content}：${o.count}票（${o.percent}%）`, label: o.content, count: o.count, percent: o.percent }));
  if (data.length === 0) return null;
  const total = data.reduce((s, d) => s + d.count, 0);
  return (
    <Box data-testid="survey-chart" data-chart-kind={type === 0 ? 'pie' : 'bar'}>
    <Box sx={{ width: '100%', height: 300 }}>
      {type === 0 && total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          暂无答卷
        </Typography>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          {type === 0 ? (
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
              <Bar dataKey="count" name="票数" isAnimationActive={false} label={{ position: 'top' }} minPointSize={2}>
                {data.map((d, i) => (
                  <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
                ))}
              </Bar>
            </BarChart>
          )}
        </ResponsiveContainer>
      )}
    </Box>
      <Box component="ul" data-testid="survey-legend" sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0, justifyContent: 'center' }}>
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
