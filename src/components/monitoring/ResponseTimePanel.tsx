import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useCanAccess, useGetList } from 'react-admin';
import { dataProvider } from '../../data';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { MonitorChart, shortTime } from './MonitorChart';
import { useMonitorCall } from './useMonitorCall';

interface ChartData {
  points: { checkTime: string; responseMs: number; result: number }[];
  checks: number;
  uptimePercent: number | null;
  avgMs: number | null;
  maxMs: number | null;
}

/** Response time of one site over its latest checks (like an uptime monitor), with 立即检测. */
export function ResponseTimePanel() {
  const sites = useGetList<{ id: number; name: string }>('website', { pagination: { page: 1, perPage: 200 }, sort: { field: 'sort', order: 'ASC' } });
  const [siteId, setSiteId] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canCheck } = useCanAccess({ resource: 'website', action: 'update' });
  useEffect(() => {
    const first = sites.data?.[0];
    if (siteId === '' && first) setSiteId(first.id);
  }, [sites.data, siteId]);
  const chart = useMonitorCall<ChartData>(siteId === '' ? null : { resource: 'inspectionRecord', extra: 'chart' }, { websiteId: siteId });
  const checkNow = async () => {
    setBusy(true);
    try {
      await dataProvider.callExtra('website', 'checkNow', { query: { id: siteId } });
      success('检测完成');
      chart.reload();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  const d = chart.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="response-time-panel">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1">响应时间曲线</Typography>
        <TextField select size="small" label="网站" value={siteId} onChange={(e) => setSiteId(Number(e.target.value))} sx={{ minWidth: 240 }}>
          {(sites.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        {d && (
          <Typography variant="body2" color="text.secondary" data-testid="uptime-summary">
            最近{d.checks}次检测，可用率{d.uptimePercent ?? '—'}%，平均{d.avgMs ?? '—'}毫秒，最长{d.maxMs ?? '—'}毫秒
          </Typography>
        )}
        {canCheck && siteId !== '' && (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => void checkNow()}>
            {busy ? '检测中…' : '立即检测'}
          </Button>
        )}
      </Box>
      {chart.error && <Alert severity="error">{chart.error}</Alert>}
      {d && d.points.length === 0 && <Typography color="text.secondary">该网站暂无检测记录</Typography>}
      {d && d.points.length > 0 && (
        <MonitorChart
          kind="line"
          height={240}
          testId="response-time-chart"
          data={d.points.map((p) => ({ time: shortTime(p.checkTime), responseMs: p.responseMs, failed: p.result === 2 ? p.responseMs : null }))}
          x="time"
          series={[
            { key: 'responseMs', name: '响应时间（毫秒）', color: '#1976d2' },
            { key: 'failed', name: '异常', color: '#c62828' },
          ]}
        />
      )}
    </Paper>
  );
}
