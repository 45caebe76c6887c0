import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { useMonitorCall } from './useMonitorCall';

interface LinkRow {
  id: number;
  pageUrl: string;
  linkUrl: string;
  statusCode: number | null;
  error: string | null;
  external: number;
  broken: number;
}

/** The broken and off-site links a link-check record found, with the page each is on. */
export function BrokenLinks() {
  const record = useRecordContext<{ id: number; kind: string }>();
  const links = useMonitorCall<{ list: LinkRow[]; totalRow: number }>(record?.kind === 'links' ? { resource: 'inspectionRecord', extra: 'brokenLinks' } : null, { recordId: record?.id, pageSize: 200 });
  if (record?.kind !== 'links') return null;
  const rows = links.data?.list ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography variant="subtitle1" gutterBottom>
        错误链接与外部链接（{links.data?.totalRow ?? 0}条）
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>链接</TableCell>
            <TableCell>所在页面</TableCell>
            <TableCell>结果</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((l) => (
            <TableRow key={l.id}>
              <TableCell sx={{ wordBreak: 'break-all' }}>{l.linkUrl}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{l.pageUrl}</TableCell>
              <TableCell>{l.broken ? `错误（${l.statusCode ?? l.error ?? '无法访问'}）` : '外部链接'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
