import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { REPORT_GROUPS } from '../../resources/report';
import { dataProvider } from '../data';
import { ListLoading } from '../generic/GenericList';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import type { PageDecl } from '../pages';
import { REPORT_ROUTES } from '../routes/specRoutes';
import type { ReportCountDatum } from '../views/report/ReportChart';
import { DateRangeBox } from '../components/dates/DateInputs';

const ReportChart = lazy(() => import('../views/report/ReportChart'));

type Group = ReportCountDatum & { key: string | number; editing: number; offline: number };

/** 报送统计 (reporting app): submissions per department, month or state, in the caller's data scope. */
export function ReportStatistics() {
  const [groupBy, setGroupBy] = useState<string>('dept');
  // The date pair is applied on 查询 (the shared search form); the grouping tabs switch at once.
  const [dates, setDates] = useState({ startTime: '', endTime: '' });
  const [{ startTime, endTime }, setApplied] = useState(dates);
  const [rows, setRows] = useState<Group[] | null>(null);
  const onError = useErrorNotifier();
  useEffect(() => {
    let live = true;
    setRows(null);
    const body: Record<string, unknown> = { groupBy, pageSize: 200 };
    if (startTime) body.startTime = startTime;
    if (endTime) body.endTime = endTime;
    dataProvider.callExtra<{ list: Group[] }>('report', 'deptList', { body }).then(
      (d) => live && setRows(d.list),
      (e) => live && (onError(e), setRows([])),
    );
    return () => {
      live = false;
    };
  }, [groupBy, startTime, endTime, onError]);
  const first = REPORT_GROUPS.find((g) => g.value === groupBy)?.label.replace('按', '') ?? '';
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        报送统计
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Tabs value={groupBy} onChange={(_e, v: string) => setGroupBy(v)}>
          {REPORT_GROUPS.map((g) => (
            <Tab key={g.value} value={g.value} label={g.label} />
          ))}
        </Tabs>
      </Box>
      <PlainSearchForm onSearch={() => setApplied(dates)} onReset={() => (setDates({ startTime: '', endTime: '' }), setApplied({ startTime: '', endTime: '' }))}>
        <DateRangeBox label="日期" start={dates.startTime} end={dates.endTime} onChange={(startTime, endTime) => setDates({ ...dates, startTime: startTime ?? '', endTime: endTime ?? '' })} />
      </PlainSearchForm>
      <PortalToolbar />
      {rows === null ? (
        <ListLoading />
      ) : rows.length === 0 ? (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
          暂无报送数据
        </Typography>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 1, mb: 2 }}>
            <Suspense fallback={<ListLoading />}>
              <ReportChart data={rows} />
            </Suspense>
          </Paper>
          <Paper variant="outlined">
            <Table size="small" data-testid="report-counts">
              <TableHead>
                <TableRow>
                  <TableCell>{first}</TableCell>
                  <TableCell align="right">报送总数</TableCell>
                  <TableCell align="right">编辑中</TableCell>
                  <TableCell align="right">审核中</TableCell>
                  <TableCell align="right">待终审</TableCell>
                  <TableCell align="right">已退回</TableCell>
                  <TableCell align="right">已发布</TableCell>
                  <TableCell align="right">已下线</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={String(r.key)}>
                    <TableCell>{r.name}</TableCell>
                    <TableCell align="right">{r.total}</TableCell>
                    <TableCell align="right">{r.editing}</TableCell>
                    <TableCell align="right">{r.review}</TableCell>
                    <TableCell align="right">{r.accepted}</TableCell>
                    <TableCell align="right">{r.rejected}</TableCell>
                    <TableCell align="right">{r.published}</TableCell>
                    <TableCell align="right">{r.offline}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </Box>
  );
}

const page: PageDecl = { path: REPORT_ROUTES.statistics, component: ReportStatistics, app: 'reportSite' };
export default page;
