import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PagingBar } from '../components/list/PagingBar';
import type { Row } from './pagedCall';

export interface Column {
  key: string;
  label: string;
  render?: (row: Row) => ReactNode;
  width?: number | string;
}

/**
 * The paged table of a panel's own call (usePagedCall), with the list's loading and empty states and
 * pager (sizes 10/20/30/50/100/200); `paged: false` for an answer that is the whole list.
 */
export function PagedTable(props: {
  columns: Column[];
  rows: Row[] | undefined;
  loading: boolean;
  total: number;
  pageNum: number;
  pageSize: number;
  onPage: (n: number) => void;
  onPageSize: (n: number) => void;
  testId?: string;
  rowTestId?: string;
  paged?: boolean;
  /** The empty table's text (default 暂无数据) and the table's accessible name. */
  empty?: string;
  ariaLabel?: string;
}) {
  const { columns, rows, loading, total } = props;
  return (
    <Box data-testid={props.testId}>
      <TableContainer>
        <Table size="small" aria-label={props.ariaLabel}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} sx={{ fontWeight: 600, width: c.width, whiteSpace: 'nowrap' }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !rows?.length ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center">
                  <CircularProgress size={20} sx={{ mr: 1, verticalAlign: 'middle' }} />
                  正在加载…
                </TableCell>
              </TableRow>
            ) : !rows?.length ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center">
                  <Typography color="text.secondary">{props.empty ?? '暂无数据'}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((r, i) => (
                <TableRow key={`${r.id ?? i}`} hover data-testid={props.rowTestId}>
                  {columns.map((c) => (
                    <TableCell key={c.key}>{c.render ? c.render(r) : String(r[c.key] ?? '')}</TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {props.paged !== false && (
        <PagingBar
          total={total}
          pageNum={props.pageNum}
          pageSize={props.pageSize}
          onChange={(n, size) => (size !== props.pageSize ? props.onPageSize(size) : props.onPage(n))}
        />
      )}
    </Box>
  );
}
