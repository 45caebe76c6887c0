import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';
import advice from '../../../resources/advice';
import { crudCall } from '../../../resources/declaredCalls';
import { ListLoading } from '../../generic/GenericList';

const PAGE_SIZES = [10, 20, 30, 50, 100, 200];

interface Opinion {
  id: number;
  name: string | null;
  phone: string;
  content: string;
  queryCode: string;
  createTime: string;
}

/**
 * 查看意见: the opinions the public left on a topic (from /advice/detail, newest first), paged here;
 * with advice:export the topic's opinions as Excel (/advice/adviceExcel with the id).
 */
export function AdviceOpinionsDialog({ topic, onClose, canExport }: { topic: { id: number; title?: string | null } | null; onClose: () => void; canExport: boolean }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [opinions, setOpinions] = useState<Opinion[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  useEffect(() => {
    if (!topic) return;
    let live = true;
    setOpinions(null);
    setFailed(false);
    setPage(0);
    dataProvider.call<{ opinions?: Opinion[] }>(crudCall(advice, 'get'), { query: { id: topic.id }, required: ['id'] }).then(
      (d) => live && setOpinions(d?.opinions ?? []),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, topic]);
  if (!topic) return null;
  const rows = opinions?.slice(page * size, page * size + size) ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="advice-opinions-title">
      <DialogTitle id="advice-opinions-title">征集意见：{topic.title}</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">意见加载失败</Alert>}
        {!failed && opinions === null && <ListLoading />}
        {opinions !== null && opinions.length === 0 && <Alert severity="info">暂无意见</Alert>}
        {opinions !== null && opinions.length > 0 && (
          <>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 60 }}>序号</TableCell>
                  <TableCell>意见内容</TableCell>
                  <TableCell sx={{ width: 90 }}>姓名</TableCell>
                  <TableCell sx={{ width: 120 }}>联系电话</TableCell>
                  <TableCell sx={{ width: 170 }}>提交时间</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((o, i) => (
                  <TableRow key={o.id}>
                    <TableCell>{page * size + i + 1}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{o.content}</TableCell>
                    <TableCell>{o.name || '匿名'}</TableCell>
                    <TableCell>{o.phone}</TableCell>
                    <TableCell>{o.createTime}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={opinions.length}
              page={page}
              rowsPerPage={size}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_e, p) => setPage(p)}
              onRowsPerPageChange={(e) => {
                setSize(Number(e.target.value));
                setPage(0);
              }}
              labelRowsPerPage="每页条数"
              labelDisplayedRows={({ from, to, count }) => `第 ${from}-${to} 条，共 ${count} 条`}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {canExport && (
          <Button onClick={() => dataProvider.downloadExtra('advice', 'excel', { body: { id: topic.id } }, `意见征集_${String(topic.title ?? topic.id).slice(0, 40)}.xlsx`).catch(() => undefined)}>
            导出意见
          </Button>
        )}
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
