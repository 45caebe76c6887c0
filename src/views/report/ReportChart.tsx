import Box from '@mui/material/Box';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ReportCountDatum {
  name: string;
  total: number;
  review: number;
  accepted: number;
  rejected: number;
  published: number;
}

/** Submissions per department / month / state (报送统计). recharts loads with this file only (lazy). */
export default function ReportChart({ data }: { data: readonly ReportCountDatum[] }) {
  return (
    <Box data-testid="report-chart" sx={{ width: '100%', height: 340 }}>
      <ResponsiveContainer>
        <BarChart data={data as ReportCountDatum[]} margin={{ top: 10, right: 20, left: 0, bottom: 40 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" interval={0} angle={-20} textAnchor="end" height={60} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend verticalAlign="top" />
          <Bar dataKey="total" name="报送总数" fill="#1976d2" />
          <Bar dataKey="published" name="已发布" fill="#2e7d32" />
          <Bar dataKey="review" name="审核中" fill="#0288d1" />
          <Bar dataKey="accepted" name="待终审" fill="#7b1fa2" />
          <Bar dataKey="rejected" name="已退回" fill="#ef6c00" />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
