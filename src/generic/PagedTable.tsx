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
import Checkbox from '@mui/material/Checkbox';
import { PagingBar } from '../components/list/PagingBar';
import type { Row } from './pagedCall';

export interface Column {
  key: string;
  label: string;
  render?: (row: Row) => ReactNode;
  width?: number | string;
  /** Keep the cell on one line (date-times, row buttons). */
  nowrap?: boolean;
  /** A header cell of its own instead of the label (a selection's 全选 box; a checkbox-wide column). */
  header?: ReactNode;
}

/** Rows chosen by a checkbox each (and 全选 for the page), for the screen's toolbar buttons. */
export interface RowSelection {
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** The checkbox's accessible name for a row (`选择<title>`). */
  label: (row: Row) => string;
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
  selection?: RowSelection;
  /** The empty table's text (default 暂无数据) and the table's accessible name. */
  empty?: string;
  ariaLabel?: string;
}) {
  const { rows, loading, total, selection } = props;
  const columns = selection ? [selectColumn(selection, rows ?? []), ...props.columns] : props.columns;
  return (
    <Box data-testid={props.testId}>
      <TableContainer>
        <Table size="small" aria-label={props.ariaLabel}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} sx={{ fontWeight: 600, width: c.width, whiteSpace: 'nowrap' }} padding={c.header ? 'checkbox' : undefined}>
                  {c.header ?? c.label}
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
                    <TableCell key={c.key} sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined} padding={c.header ? 'checkbox' : undefined}>
                      {c.render ? c.render(r) : String(r[c.key] ?? '')}
                    </TableCell>
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

/** The checkbox column of a selection: one per row, 全选 in the header for the rows shown. */
function selectColumn({ selected, onSelect, label }: RowSelection, rows: readonly Row[]): Column {
  const all = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const toggle = (id: number) => onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return {
    key: '__select',
    label: '全选',
    header: <Checkbox checked={all} onChange={(e) => onSelect(e.target.checked ? rows.map((r) => r.id) : [])} slotProps={{ input: { 'aria-label': '全选' } }} />,
    render: (r) => <Checkbox checked={selected.includes(r.id)} onChange={() => toggle(r.id)} slotProps={{ input: { 'aria-label': label(r) } }} />,
  };
}
