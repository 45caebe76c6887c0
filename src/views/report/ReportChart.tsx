import StatisticsChart from '../../components/charts/StatisticsChart';

export interface ReportCountDatum {
  name: string;
  total: number;
  review: number;
  accepted: number;
  rejected: number;
  published: number;
}

const SERIES = [
  { key: 'total', name: '报送总数', color: '#1976d2' },
  { key: 'published', name: '已发布', color: '#2e7d32' },
  { key: 'review', name: '审核中', color: '#0288d1' },
  { key: 'accepted', name: '待终审', color: '#7b1fa2' },
  { key: 'rejected', name: '已退回', color: '#ef6c00' },
];

/** Submissions per department / month / state (报送统计). recharts loads with this file only (lazy). */
export default function ReportChart({ data }: { data: readonly ReportCountDatum[] }) {
  return (
    <StatisticsChart kind="bar" data={data as unknown as Record<string, unknown>[]} x="name" series={SERIES} height={340} testId="report-chart" />
  );
}
