import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PagingBar } from '../list/PagingBar';
import type { Figure } from './api';
import { formatFigure, formatGrowth } from '../../../resources/economic/format';

export interface PageState {
  list: Figure[];
  totalRow: number;
}

/** The searched figures, paged by the server; 修改 / 删除 per row when the role holds the keys. */
export function FigureTable({
  page,
  pageNum,
  pageSize,
  onPage,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  page: PageState | null;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number, pageSize: number) => void;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (f: Figure) => void;
  onDelete: (f: Figure) => void;
}) {
  if (!page) return <Typography>正在加载…</Typography>;
  if (page.list.length === 0) return <Typography color="text.secondary">暂无数据</Typography>;
  return (
    <>
      <Table size="small" data-testid="economic-table">
        <TableHead>
          <TableRow>
            <TableCell>指标</TableCell>
            <TableCell>统计期</TableCell>
            <TableCell align="right">数值</TableCell>
            <TableCell align="right">同比增长</TableCell>
            <TableCell>备注</TableCell>
            <TableCell>更新时间</TableCell>
            {(canEdit || canDelete) && <TableCell>操作</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {page.list.map((f) => (
            <TableRow key={f.id} hover>
              <TableCell>{f.indicatorName}</TableCell>
              <TableCell>{f.periodLabel}</TableCell>
              <TableCell align="right">{formatFigure(f.value, f.unit)}</TableCell>
              <TableCell align="right" sx={{ color: f.growthRate !== null && f.growthRate < 0 ? 'error.main' : undefined }}>
                {formatGrowth(f.growthRate)}
              </TableCell>
              <TableCell sx={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{f.remark}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.updateTime}</TableCell>
              {(canEdit || canDelete) && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {canEdit && (
                    <Button size="small" onClick={() => onEdit(f)}>
                      修改
                    </Button>
                  )}
                  {canDelete && (
                    <Button size="small" color="error" onClick={() => onDelete(f)}>
                      删除
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PagingBar total={page.totalRow} pageNum={pageNum} pageSize={pageSize} onChange={onPage} />
    </>
  );
}
