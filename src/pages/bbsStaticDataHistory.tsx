import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { CanAccess, Confirm, Title } from 'react-admin';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import type { PageDecl } from '../pages';
import { dataProvider } from '../data';
import { CountTable } from './bbsStaticData';

const ThemeCountChart = lazy(() => import('../components/charts/ThemeCountChart'));

interface HistoryRow {
  id: number;
  month: string;
  channel: string;
  deptId: number;
  deptName: string;
  total: number;
  passed: number;
  replied: number;
  handled: number;
  replyCount: number;
  avgReplyHours: number | null;
  remark: string | null;
}

const CHANNEL_NAMES: Record<string, string> = { bbs: '论坛', ll: '领导留言', xax: '县长信箱' };
const lastMonth = () => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** 论坛统计（历史）: the stored monthly snapshot (addMonthHistoryThemeCount), chart, export. */
function BbsStaticDataHistory() {
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  // The month field is applied on 查询 (the shared search form, issue 10).
  const [draft, setDraft] = useState(lastMonth());
  const [month, setMonth] = useState(draft);
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const load = useCallback(() => {
    setRows(null);
    setFailed(false);
    dataProvider.callExtra<HistoryRow[]>('theme', 'monthHistory', { body: { month } }).then(setRows, () => setFailed(true));
  }, [month]);
  useEffect(load, [load]);
  const snapshot = async () => {
    setConfirm(false);
    try {
      await dataProvider.callExtra('theme', 'addMonthHistory', { body: { month } });
      success('统计成功');
      load();
    } catch {
      /* shown by the http client */
    }
  };
  const byDept = new Map<string, { name: string; total: number; passed: number; replied: number; handled: number; replyCount: number; avgReplyHours: number | null }>();
  for (const r of rows ?? []) {
    const g = byDept.get(r.deptName) ?? { name: r.deptName, total: 0, passed: 0, replied: 0, handled: 0, replyCount: 0, avgReplyHours: null };
    g.total += r.total;
    g.passed += r.passed;
    g.replied += r.replied;
    g.handled += r.handled;
    g.replyCount += r.replyCount;
    byDept.set(r.deptName, g);
  }
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="论坛历史统计" />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          论坛统计（历史）
        </Typography>
        <PlainSearchForm onSearch={() => setMonth(draft)} onReset={() => (setDraft(lastMonth()), setMonth(lastMonth()))}>
          <TextField size="small" type="month" label="月份" value={draft} onChange={(e) => setDraft(e.target.value)} InputLabelProps={{ shrink: true }} />
        </PlainSearchForm>
        <PortalToolbar>
          <CanAccess action="theme:countEdit" resource="theme">
            <Button size="small" variant="contained" onClick={() => setConfirm(true)}>
              生成本月统计
            </Button>
          </CanAccess>
          <CanAccess action="theme:export" resource="theme">
            <Button size="small" variant="outlined" color="warning" onClick={() => dataProvider.downloadExtra('theme', 'monthHistoryExcel', { body: { month } }, `主题月度统计_${month}.xlsx`).catch(onError)}>
              导出Excel
            </Button>
          </CanAccess>
        </PortalToolbar>
        <Confirm
          isOpen={confirm}
          title="提示信息"
          content={`将重新统计 ${month} 的主题数据并覆盖已保存的统计（含人工修订），确定继续吗？`}
          confirm="确定"
          cancel="取消"
          onConfirm={snapshot}
          onClose={() => setConfirm(false)}
        />
        {failed && <Alert severity="error">统计加载失败</Alert>}
        {!failed && rows === null && <Typography>正在加载…</Typography>}
        {rows && rows.length === 0 && <Typography color="text.secondary">暂无数据，该月尚未生成统计</Typography>}
        {rows && rows.length > 0 && (
          <>
            <Suspense fallback={<Typography>正在加载图表…</Typography>}>
              <ThemeCountChart data={[...byDept.values()]} />
            </Suspense>
            <CountTable first="渠道 / 部门" rows={rows.map((r) => ({ ...r, name: `${CHANNEL_NAMES[r.channel] ?? r.channel} / ${r.deptName}${r.remark ? `（${r.remark}）` : ''}` }))} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default { path: '/main/bbs/staticDataHistory', component: BbsStaticDataHistory } satisfies PageDecl;
