import StatisticsChart from './StatisticsChart';

export interface ThemeCountDatum {
  name: string;
  total: number;
  replied: number;
  handled: number;
}

const SERIES = [
  { key: 'total', name: '主题总数', color: '#1976d2' },
  { key: 'replied', name: '已回复', color: '#2e7d32' },
  { key: 'handled', name: '已办结', color: '#ef6c00' },
];

/** Themes, replied and handled per department / plate / channel (forum statistics). recharts loads with this file only. */
export default function ThemeCountChart({ data }: { data: readonly ThemeCountDatum[] }) {
  return <StatisticsChart kind="bar" data={data as unknown as Record<string, unknown>[]} x="name" series={SERIES} testId="theme-count-chart" />;
}
