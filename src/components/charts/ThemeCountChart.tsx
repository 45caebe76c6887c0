import Box from '@mui/material/Box';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ThemeCountDatum {
  name: string;
  total: number;
  replied: number;
  handled: number;
}

/** Themes, replied and handled per department / plate / channel (forum statistics). recharts loads with this file only. */
export default function ThemeCountChart({ data }: { data: readonly ThemeCountDatum[] }) {
  return (
    <Box data-testid="theme-count-chart" sx={{ width: '100%', height: 320 }}>
      <ResponsiveContainer>
        <BarChart data={data as ThemeCountDatum[]} margin={{ top: 10, right: 20, left: 0, bottom: 40 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" interval={0} angle={-20} textAnchor="end" height={60} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend verticalAlign="top" />
          <Bar dataKey="total" name="主题总数" fill="#1976d2" />
          <Bar dataKey="replied" name="已回复" fill="#2e7d32" />
          <Bar dataKey="handled" name="已办结" fill="#ef6c00" />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
