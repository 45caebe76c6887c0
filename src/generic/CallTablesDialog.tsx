import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Confirm, useCanAccess } from 'react-admin';
import { actionCall, findAction, findNamedCall } from '../../resources/declaredCalls';
import type { CallTableDecl, CallTablesDecl } from '../../resources/shape/callTables';
import type { ResourceDecl } from '../../resources/types';
import { DateRangeBox } from '../components/dates/DateInputs';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { dataProvider } from '../data';
import { useSuccessNotifier } from '../notices/useErrorNotifier';
import { compact, usePagedCall, type Row } from './pagedCall';
import { PagedTable, type Column } from './PagedTable';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function call(decl: ResourceDecl, name: string) {
  const found = findNamedCall(decl, name);
  if (!found) throw new Error(`${decl.name} declares no call ${name}`);
  return found;
}

/** The search form of a table: its declared fields, sent on 查询, cleared on 重置. */
function TableSearch({ table, onSearch }: { table: CallTableDecl; onSearch: (values: Record<string, unknown>) => void }) {
  const [form, setForm] = useState<Record<string, string>>({});
  const set = (values: Record<string, string | null | undefined>) => setForm((f) => ({ ...f, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])) }));
  if (!table.search?.length) return null;
  return (
    <PlainSearchForm onSearch={() => onSearch(compact(form))} onReset={() => { setForm({}); onSearch({}); }}>
      {table.search.map((s) =>
        s.type === 'dateRange' ? (
          <DateRangeBox key={s.name} label={s.label} start={form.startTime ?? ''} end={form.endTime ?? ''} onChange={(startTime, endTime) => set({ startTime, endTime })} />
        ) : (
          <TextField key={s.name} size="small" label={s.label} value={form[s.name] ?? ''} onChange={(e) => set({ [s.name]: e.target.value })} />
        ),
      )}
    </PlainSearchForm>
  );
}

/** One tab: the search, 导出Excel, the table with its row button and confirmation. */
function CallTable({ decl, table }: { decl: ResourceDecl; table: CallTableDecl }) {
  const success = useSuccessNotifier();
  const rowAction = table.rowAction;
  const { canAccess: canRow } = useCanAccess({ resource: decl.name, action: (rowAction && findAction(decl, rowAction.action)?.permission) ?? '' });
  const { canAccess: canExport } = useCanAccess({ resource: decl.name, action: table.export?.permission ?? '' });
  const paged = table.paged !== false;
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(paged ? 10 : 200);
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const { page, loading, reload } = usePagedCall(call(decl, table.call), search, pageNum, pageSize);
  const [confirming, setConfirming] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const columns: Column[] = [
    ...table.columns,
    ...(rowAction && canRow ? [{ key: 'actions', label: '操作', render: (r: Row) => <Button size="small" color="warning" onClick={() => setConfirming(r)}>{rowAction.label}</Button> }] : []),
  ];
  const runRow = async () => {
    if (!confirming || !rowAction) return;
    setBusy(true);
    try {
      await dataProvider.call(actionCall(decl, rowAction.action), { query: { id: confirming.id } });
      success(rowAction.success);
      reload();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  const ex = table.export;
  return (
    <Box sx={{ px: 2 }}>
      <TableSearch table={table} onSearch={(values) => { setPageNum(1); setSearch(values); }} />
      <PortalToolbar>
        {ex && canExport && (
          <Button size="small" variant="outlined" color="warning" startIcon={<DownloadIcon />} onClick={() => dataProvider.exportExcel(call(decl, ex.call).path, search, ex.fileName).catch(() => undefined)}>
            导出Excel
          </Button>
        )}
      </PortalToolbar>
      <PagedTable paged={paged} testId={table.testId} columns={columns} rows={page?.list.map((r, i) => ({ ...r, id: Number(r.id ?? i) }))} loading={loading} total={page?.totalRow ?? 0}
        pageNum={pageNum} pageSize={pageSize} onPage={setPageNum} onPageSize={(n) => { setPageSize(n); setPageNum(1); }} />
      {rowAction && (
        <Confirm isOpen={confirming !== null} loading={busy} title="提示信息" content={rowAction.confirm.replace(/\{(\w+)\}/g, (_m, k: string) => text(confirming?.[k]))}
          confirm="确定" cancel="取消" onConfirm={runRow} onClose={() => setConfirming(null)} />
      )}
    </Box>
  );
}

/**
 * The dialog of an action with `tables` (resources/shape/callTables.ts): one tab per declared table, each
 * with its own search form, apart from the list's one.
 */
export function CallTablesDialog({ decl, tables, onClose }: { decl: ResourceDecl; tables: CallTablesDecl; onClose: () => void }) {
  const [tab, setTab] = useState(0);
  const shown = tables.tabs[tab];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="call-tables-title">
      <DialogTitle id="call-tables-title">{tables.title}</DialogTitle>
      <DialogContent data-testid="call-tables" sx={{ px: 0 }}>
        {tables.tabs.length > 1 && (
          <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
            {tables.tabs.map((t, i) => <Tab key={t.label} value={i} label={t.label} />)}
          </Tabs>
        )}
        {shown && <CallTable key={tab} decl={decl} table={shown} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
