import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import feedbackDecl from '../../resources/dearchFeedback';
import { dataProvider } from '../data';
import type { PageDecl } from '../pages';
import { loadAllQa } from './keywordList';

interface Stats {
  qa: { id: number; quest: string; hitCount: number }[];
  total: number;
  satisfied: number;
  unsatisfied: number;
  pending: number;
}

/** 咨询统计: most asked questions (hits) and visitors' satisfaction with the answers. */
function InquiryStatistics() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const count = (body: Record<string, unknown>) => dataProvider.call<{ totalRow: number }>(feedbackDecl.api.list, { body: { ...body, pageSize: 10 } }).then((p) => p.totalRow);
    Promise.all([loadAllQa(), count({}), count({ satisfied: 1 }), count({ satisfied: 2 }), count({ auditState: 0 })]).then(
      ([qa, total, satisfied, unsatisfied, pending]) => setStats({ qa: [...qa].sort((a, b) => b.hitCount - a.hitCount).slice(0, 20), total, satisfied, unsatisfied, pending }),
      () => setFailed(true),
    );
  }, []);
  if (failed) return <Alert severity="error" sx={{ mt: 2 }}>统计加载失败</Alert>;
  if (!stats) return <Typography sx={{ p: 3 }}>正在加载…</Typography>;
  const rate = stats.satisfied + stats.unsatisfied ? `${Math.round((stats.satisfied / (stats.satisfied + stats.unsatisfied)) * 1000) / 10}%` : '-';
  const cards = [
    ['反馈总数', stats.total],
    ['满意', stats.satisfied],
    ['不满意', stats.unsatisfied],
    ['满意率', rate],
    ['待处理反馈', stats.pending],
  ] as const;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="咨询统计" />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          咨询统计
        </Typography>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          {cards.map(([name, value]) => (
            <Grid key={name} size={{ xs: 6, md: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {name}
              </Typography>
              <Typography variant="h5">{value}</Typography>
            </Grid>
          ))}
        </Grid>
        <Typography variant="subtitle1">热门问题（按命中次数）</Typography>
        {stats.qa.length === 0 ? (
          <Typography color="text.secondary">暂无数据</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>问题</TableCell>
                <TableCell align="right">命中次数</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {stats.qa.map((q) => (
                <TableRow key={q.id}>
                  <TableCell>{q.quest}</TableCell>
                  <TableCell align="right">{q.hitCount}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export default { path: '/main/interact/theInquiryStatistics', component: InquiryStatistics } satisfies PageDecl;
