import TablePagination from '@mui/material/TablePagination';
import { Pagination } from 'react-admin';
import { PAGE_SIZES, pageRangeLabel } from './paging';

/** Paging of a list that is not a react-admin <List> (pageNum from 1). data-testid="list-pagination". */
export function PagingBar({ total, pageNum, pageSize, onChange }: { total: number; pageNum: number; pageSize: number; onChange: (pageNum: number, pageSize: number) => void }) {
  return (
    <TablePagination
      component="div"
      data-testid="list-pagination"
      count={total}
      page={Math.max(0, pageNum - 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_e, p) => onChange(p + 1, pageSize)}
      onRowsPerPageChange={(e) => onChange(1, Number(e.target.value))}
      labelRowsPerPage="每页条数"
      labelDisplayedRows={pageRangeLabel}
      slotProps={{ select: { inputProps: { 'aria-label': '每页条数' } } }}
    />
  );
}

/** The same paging inside a react-admin <List> (its wording comes from ra.navigation.page_range_info). */
export function PortalPagination() {
  return <Pagination rowsPerPageOptions={PAGE_SIZES} data-testid="list-pagination" />;
}
