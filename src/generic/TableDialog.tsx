import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useCanAccess, useDataProvider, type RaRecord } from 'react-admin';
import type { PortalDataProviderExtras } from '../../providers/types';
import type { ResourceDecl, TableDialogDecl } from '../../resources/types';
import { answerText } from './ActionInputDialog';
import type { Row } from './pagedCall';
import { PagedTable, type Column } from './PagedTable';

/** The dialog's columns: the running number first when declared, a value's blank text, its lines kept. */
function columnsOf(table: TableDialogDecl): Column[] {
  const cols: Column[] = table.columns.map((c) => ({
    key: c.field,
    label: c.label,
    width: c.width,
    render: (r: Row) => {
      const v = r[c.field];
      const text = v === null || v === undefined || v === '' ? (c.blank ?? '') : String(v);
      return c.wrap ? <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span> : text;
    },
  }));
  return table.numbered ? [{ key: '__no', label: table.numbered, width: 60 }, ...cols] : cols;
}

/**
 * An action's `tableDialog` (resources/shape/actions.ts): the record read again through the get call, the
 * array `source` of its answer paged here (sizes of the list's pager), and the declared download of those
 * rows — another action's call with the record's id — for a holder of that action's key.
 */
export function TableDialog({ decl, table, record, onClose }: { decl: ResourceDecl; table: TableDialogDecl; record: RaRecord; onClose: () => void }) {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras & { getOne: (r: string, p: { id: unknown }) => Promise<{ data: RaRecord }> };
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const download = table.download ? decl.actions?.find((a) => a.name === table.download!.action) : undefined;
  const { canAccess: canDownload } = useCanAccess({ resource: decl.name, action: download?.permission ?? '' });
  useEffect(() => {
    let live = true;
    dataProvider.getOne(decl.name, { id: record.id }).then(
      ({ data }) => live && setRows((Array.isArray(data[table.source]) ? (data[table.source] as Row[]) : []).map((r, i) => ({ ...r, __no: i + 1 }))),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, decl.name, record.id, table.source]);
  const title = answerText(table.title, record);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={`table-dialog-${table.source}`}>
      <DialogTitle id={`table-dialog-${table.source}`}>{title}</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">加载失败</Alert>}
        {rows !== null && rows.length === 0 && <Alert severity="info">{table.empty ?? '暂无数据'}</Alert>}
        {!failed && rows?.length !== 0 && (
          <PagedTable
            columns={columnsOf(table)}
            rows={rows?.slice((page - 1) * size, page * size)}
            loading={rows === null}
            total={rows?.length ?? 0}
            pageNum={page}
            pageSize={size}
            onPage={setPage}
            onPageSize={(n) => {
              setSize(n);
              setPage(1);
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {download && canDownload && (
          <Button onClick={() => dataProvider.exportExcel(download.path, { id: record.id }, answerText(table.download!.fileName, record)).catch(() => undefined)}>
            {table.download!.label}
          </Button>
        )}
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
