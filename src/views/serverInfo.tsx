import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import decl from '../../resources/serverInfo';
import { MonitorChart, shortTime } from '../components/monitoring/MonitorChart';
import { ServerNow } from '../components/monitoring/ServerNow';
import { useMonitorCall } from '../components/monitoring/useMonitorCall';
import { GenericList } from '../generic/GenericList';
import type { ResourceViews } from '../generic/resourceViews';

interface Sample {
  sampleTime: string;
  cpuPercent: number;
  memPercent: number;
  diskPercent: number;
}

/** 服务器状态: figures now, the last 48 samples as a chart, and the sample list. */
function ServerStatus() {
  const samples = useMonitorCall<{ list: Sample[] }>(decl.api.list, { pageSize: 48, sortField: 'sampleTime', sortOrder: 'DESC' });
  const points = [...(samples.data?.list ?? [])].reverse().map((s) => ({ time: shortTime(s.sampleTime), cpu: s.cpuPercent, mem: s.memPercent, disk: s.diskPercent }));
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, mt: 2, mb: 2 }}>
        <Typography variant="subtitle1" gutterBottom>
          当前状态
        </Typography>
        <ServerNow />
        {points.length > 0 && (
          <MonitorChart
            kind="line"
            height={240}
            testId="server-chart"
            data={points}
            x="time"
            series={[
              { key: 'cpu', name: 'CPU（%）' },
              { key: 'mem', name: '内存（%）' },
              { key: 'disk', name: '数据盘（%）' },
            ]}
          />
        )}
      </Paper>
      <GenericList decl={decl} />
    </Box>
  );
}

const views: ResourceViews = { list: ServerStatus };
export default views;
