import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { monitoringCalls } from '../../resources/calls/monitoring';
import { useMonitorCall } from '../components/monitoring/useMonitorCall';
import type { PageDecl } from '../pages';

interface Indicator {
  key: string;
  name: string;
  veto: boolean;
  basis: string;
  value: string;
  threshold: string;
  red: boolean;
  /** The records behind the figure. */
  link: string;
  items: { label: string; detail: string; link: string }[];
}

const RED = '#c62828';
const GREEN = '#2e7d32';

function IndicatorCard({ i }: { i: Indicator }) {
  return (
    <Paper variant="outlined" data-testid={`indicator-${i.key}`} data-state={i.red ? 'red' : 'green'} sx={{ p: 2, borderLeft: `6px solid ${i.red ? RED : GREEN}` }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {i.name}
        </Typography>
        <Chip size="small" label={i.veto ? '单项否决' : '扣分项'} variant="outlined" />
        <Chip size="small" label={i.red ? '不达标' : '达标'} sx={{ bgcolor: i.red ? RED : GREEN, color: '#fff', ml: 'auto' }} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {i.basis}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        实测：<b>{i.value}</b>，阈值：{i.threshold}{' '}
        <Link component={RouterLink} to={i.link} data-testid={`records-${i.key}`}>
          查看记录
        </Link>
      </Typography>
      {i.items.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 160, overflow: 'auto' }}>
          {i.items.slice(0, 50).map((item, n) => (
            <li key={`${item.label}-${n}`}>
              <Typography variant="body2" component="span" sx={{ wordBreak: 'break-all' }}>
                {item.label}：{item.detail}{' '}
                <Link component={RouterLink} to={item.link}>
                  去处理
                </Link>
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * 单项否决监测 (国办秘函〔2019〕19号): each single-veto indicator and the reviewer's deduction points,
 * measured now from our records, red or green, with the items behind a red one and where to fix them.
 */
function VetoDashboard() {
  const board = useMonitorCall<{ time: string; red: number; vetoRed: number; indicators: Indicator[] }>(monitoringCalls.dashboard);
  const d = board.data;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="单项否决监测" />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography variant="h6" component="h1">
            单项否决监测
          </Typography>
          {d && (
            <Typography variant="body2" color="text.secondary">
              依据《政府网站与政务新媒体检查指标》（国办秘函〔2019〕19号），{d.time}测算
            </Typography>
          )}
          <Button size="small" variant="outlined" sx={{ ml: 'auto' }} onClick={board.reload}>
            刷新
          </Button>
        </Box>
        {board.error && <Alert severity="error">{board.error}</Alert>}
        {!d && !board.error && <Typography>正在测算…</Typography>}
        {d && (
          <>
            <Alert severity={d.vetoRed ? 'error' : d.red ? 'warning' : 'success'} sx={{ mb: 2 }} data-testid="veto-summary">
              {d.vetoRed ? `${d.vetoRed}项单项否决指标不达标，检查时将被直接判定为不合格，请立即整改。` : d.red ? `单项否决指标全部达标，另有${d.red}项扣分项需要整改。` : '全部指标达标。'}
            </Alert>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
              {d.indicators.map((i) => (
                <IndicatorCard key={i.key} i={i} />
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default { path: '/main/siteMonitoring/vetoDashboard', component: VetoDashboard } satisfies PageDecl;
