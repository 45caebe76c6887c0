import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SystemInfo } from '../../../resources/monitoring/systemInfo';
import { useMonitorCall } from './useMonitorCall';


const gb = (mb: number) => `${(mb / 1024).toFixed(1)} GB`;
const duration = (sec: number) => `${Math.floor(sec / 86400)}天${Math.floor((sec % 86400) / 3600)}小时`;

/** The server's figures now (website's declared `osInfo` call). */
export function ServerNow() {
  const info = useMonitorCall<SystemInfo>({ resource: 'website', extra: 'osInfo' });
  if (info.error) return <Alert severity="error">{info.error}</Alert>;
  const d = info.data;
  if (!d) return <Typography>正在读取服务器状态…</Typography>;
  const figures: [string, string, string?][] = [
    ['CPU', `${d.cpuPercent}%`, `${d.cpuCount}核 负载${d.load1}`],
    ['内存', `${d.memPercent}%`, `${gb(d.memUsedMb)} / ${gb(d.memTotalMb)}`],
    ['数据盘', `${d.diskPercent}%`, `可用 ${gb(d.diskFreeMb)} / ${gb(d.diskTotalMb)}`],
    ['系统运行', duration(d.uptimeSec), `服务已运行 ${duration(d.processUptimeSec)}`],
    ['Node.js', d.nodeVersion, d.platform],
    ['数据库', `${d.dbType} ${d.dbVersion}`, `大小 ${d.dbSizeMb} MB`],
    ['待生成文章', String(d.pendingGeneration), d.lastGeneration ? `上次生成首页 ${d.lastGeneration}` : '尚未生成静态页面'],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5, mb: 2 }} data-testid="server-now">
      {figures.map(([label, value, sub]) => (
        <Paper key={label} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" sx={{ wordBreak: 'break-all' }}>
            {value}
          </Typography>
          {sub && (
            <Typography variant="caption" color="text.secondary">
              {sub}
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
