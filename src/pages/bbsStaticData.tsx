import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { CanAccess, Title } from 'react-admin';
import theme from '../../resources/theme';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import type { PageDecl } from '../pages';
import { dataProvider } from '../data';
import { actionCall } from '../../resources/declaredCalls';
import { DateRangeBox } from '../components/dates/DateInputs';

const ThemeCountChart = lazy(() => import('../components/charts/ThemeCountChart'));

interface CountRow {
  key: number | string;
  name: string;
  total: number;
  passed: number;
  replied: number;
  handled: number;
  replyCount: number;
  avgReplyHours: number | null;
}

interface Search {
  groupBy: 'dept' | 'plate' | 'channel';
  channel: string;
  startTime: string;
  endTime: string;
}
const INITIAL: Search = { groupBy: 'dept', channel: '', startTime: '', endTime: '' };

/** 论坛统计（实时）: themes per department, plate or channel in a date range, with a chart and an export. */
function BbsStaticData() {
  const onError = useErrorNotifier();
  // The form is edited freely and applied on 查询 (the shared search form, issue 10).
  const [form, setForm] = useState<Search>(INITIAL);
  const [search, setSearch] = useState<Search>(INITIAL);
  const { groupBy, channel, startTime, endTime } = search;
  const [rows, setRows] = useState<CountRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setRows(null);
    setFailed(false);
    dataProvider.call<CountRow[]>(actionCall(theme, 'count'), { body: { groupBy, channel: channel || undefined, startTime: startTime || undefined, endTime: endTime || undefined } }).then(setRows, () => setFailed(true));
  }, [groupBy, channel, startTime, endTime]);
  useEffect(load, [load]);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="论坛统计" />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          论坛统计（实时）
        </Typography>
        <PlainSearchForm onSearch={() => setSearch(form)} onReset={() => (setForm(INITIAL), setSearch(INITIAL))}>
          <TextField select size="small" label="统计维度" value={form.groupBy} onChange={(e) => setForm({ ...form, groupBy: e.target.value as Search['groupBy'] })} sx={{ minWidth: 140 }}>
            <MenuItem value="dept">按部门</MenuItem>
            <MenuItem value="plate">按版块</MenuItem>
            <MenuItem value="channel">按渠道</MenuItem>
          </TextField>
          <TextField select size="small" label="渠道" value={form.channel} onChange={(e) => setForm({ ...form, channel: e.target.value })} sx={{ minWidth: 140 }}>
            <MenuItem value="">全部</MenuItem>
            <MenuItem value="bbs">论坛</MenuItem>
            <MenuItem value="ll">领导留言</MenuItem>
            <MenuItem value="xax">县长信箱</MenuItem>
          </TextField>
          <DateRangeBox label="日期" start={form.startTime} end={form.endTime} onChange={(startTime, endTime) => setForm({ ...form, startTime: startTime ?? '', endTime: endTime ?? '' })} />
        </PlainSearchForm>
        <PortalToolbar>
          <CanAccess action="theme:export" resource="theme">
            <Button size="small" variant="outlined" color="warning" onClick={() => dataProvider.downloadExtra('theme', 'countExcel', { body: search }, '主题统计.xlsx').catch(onError)}>
              导出Excel
            </Button>
          </CanAccess>
        </PortalToolbar>
        {failed && <Alert severity="error">统计加载失败</Alert>}
        {!failed && rows === null && <Typography>正在加载…</Typography>}
        {rows && rows.length === 0 && <Typography color="text.secondary">暂无数据</Typography>}
        {rows && rows.length > 0 && (
          <>
            <Suspense fallback={<Typography>正在加载图表…</Typography>}>
              <ThemeCountChart data={rows} />
            </Suspense>
            <CountTable rows={rows} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function CountTable({ rows, first = '名称' }: { rows: readonly (Omit<CountRow, 'key'> & { name: string })[]; first?: string }) {
  return (
    <Table size="small" sx={{ mt: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell>{first}</TableCell>
          <TableCell align="right">主题总数</TableCell>
          <TableCell align="right">审核通过</TableCell>
          <TableCell align="right">已回复</TableCell>
          <TableCell align="right">已办结</TableCell>
          <TableCell align="right">回复数</TableCell>
          <TableCell align="right">平均回复用时（小时）</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={`${r.name}-${i}`}>
            <TableCell>{r.name}</TableCell>
            <TableCell align="right">{r.total}</TableCell>
            <TableCell align="right">{r.passed}</TableCell>
            <TableCell align="right">{r.replied}</TableCell>
            <TableCell align="right">{r.handled}</TableCell>
            <TableCell align="right">{r.replyCount}</TableCell>
            <TableCell align="right">{r.avgReplyHours ?? '-'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default { path: '/main/bbs/staticData', component: BbsStaticData } satisfies PageDecl;
