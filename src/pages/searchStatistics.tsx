import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { dataProvider } from '../data';
import type { PageDecl } from '../pages';

const StatisticsChart = lazy(() => import('../components/charts/StatisticsChart'));

interface KeywordRow { keyword: string; searches: number; zeroResults: number; clicks: number; rewrittenTo: string | null }
interface Stats { days: number; daily: { day: string; searches: number; zeroResults: number; clicks: number }[]; top: KeywordRow[]; zero: KeywordRow[] }

const SERIES = [
  { key: 'searches', name: '搜索次数', color: '#1976d2' },
  { key: 'zeroResults', name: '无结果次数', color: '#c62828' },
  { key: 'clicks', name: '结果点击', color: '#2e7d32' },
];

function KeywordTable({ title, rows, empty }: { title: string; rows: KeywordRow[]; empty: string }) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 320 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>{title}</Typography>
        {rows.length === 0 ? <Typography color="text.secondary">{empty}</Typography> : (
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow><TableCell>搜索词</TableCell><TableCell align="right">搜索次数</TableCell><TableCell align="right">无结果</TableCell><TableCell align="right">点击</TableCell><TableCell>实际搜索</TableCell></TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.keyword} hover>
                  <TableCell>{r.keyword}</TableCell>
                  <TableCell align="right">{r.searches}</TableCell>
                  <TableCell align="right">{r.zeroResults}</TableCell>
                  <TableCell align="right">{r.clicks}</TableCell>
                  <TableCell>{r.rewrittenTo ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** 搜索统计: searches, zero-result searches and clicks per day (chart), top and zero-result queries (issue 25). */
function SearchStatistics() {
  const [days, setDays] = useState(30);
  const [stats, setStats] = useState<Stats | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    dataProvider.callExtra<Stats>('searchTerm', 'statistics', { query: { days } }).then(setStats, () => setFailed(true));
  }, [days]);
  return (
    <Card>
      <Title title="搜索统计" />
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
          <TextField select size="small" label="统计范围" value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 160 }}>
            {[7, 30, 90, 365].map((d) => <MenuItem key={d} value={d}>{`近${d}天`}</MenuItem>)}
          </TextField>
          <Typography color="text.secondary">无结果的搜索词可补充内容，或在“搜索同义词”“搜索词库”中添加同义词和纠错。</Typography>
        </Stack>
        {failed && <Alert severity="error">统计数据加载失败，请稍后重试</Alert>}
        {stats && (
          <>
            <Suspense fallback={<div style={{ height: 320 }} />}>
              <StatisticsChart kind="line" data={stats.daily} x="day" series={SERIES} testId="search-statistics-chart" />
            </Suspense>
            <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mt: 2 }}>
              <KeywordTable title="热门搜索词" rows={stats.top} empty="暂无搜索记录" />
              <KeywordTable title="无结果搜索词" rows={stats.zero} empty="暂无无结果的搜索" />
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default { path: '/main/system/searchStatistics', component: SearchStatistics } satisfies PageDecl;
