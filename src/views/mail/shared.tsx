import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import type { Page } from '../../../providers';
import type { ApiCall } from '../../../resources/types';
import { dataProvider } from '../../data';
import { PagingBar } from '../../components/list/PagingBar';

export type Row = Record<string, unknown> & { id: number };

export const PAGE_SIZES = [10, 20, 30, 50, 100, 200];

/** Search values without empty strings and empty arrays (spec: search forms drop them). */
export function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)));
}

/** A paged list call (declared: see resources/declaredCalls.ts): the page, loading flag, and a reload. */
export function usePagedCall(call: ApiCall, search: Record<string, unknown>, pageNum: number, pageSize: number) {
  const [page, setPage] = useState<Page<Row> | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(search);
  useEffect(() => {
    let live = true;
    setLoading(true);
    dataProvider
      .call<Page<Row>>(call, { body: { ...compact(JSON.parse(key) as Record<string, unknown>), pageNum, pageSize } })
      .then(
        (p) => live && setPage(p),
        () => live && setPage({ list: [], currPage: 1, totalRow: 0, totalPage: 0 }),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the declared path names the call
  }, [call.path, key, pageNum, pageSize, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { page, loading, reload };
}

export interface Column {
  key: string;
  label: string;
  render?: (row: Row) => ReactNode;
  width?: number | string;
}

/** The paged table of the spec: loading and empty states, sizes 10/20/30/50/100/200. */
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
  paged?: boolean;
}) {
  const { columns, rows, loading, total } = props;
  return (
    <Box data-testid={props.testId}>
      <TableContainer>
        <Table size="small">
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
                  <Typography color="text.secondary">暂无数据</Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((r, i) => (
                <TableRow key={`${r.id ?? i}`} hover data-testid="mail-row">
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

/** Whether the logged-in user holds a permission key (buttonList). */
export function useKey(action: string, resource = 'mail'): boolean {
  const { canAccess } = useCanAccess({ resource, action });
  return canAccess === true;
}

export type { DeptOption } from '../../components/departments/useDepartmentOptions';
export { useDepartmentOptions as useDepartments } from '../../components/departments/useDepartmentOptions';

export function optionLabel(options: readonly { value: number | string; label: string }[], v: unknown): string {
  return options.find((o) => String(o.value) === String(v))?.label ?? '';
}
