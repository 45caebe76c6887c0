import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Confirm, useCanAccess } from 'react-admin';
import { actionCall, extraCall } from '../../resources/declaredCalls';
import { MAIL_PERMISSIONS as P } from '../../resources/mail';
import type { ResourceDecl } from '../../resources/types';
import { DateRangeBox } from '../components/dates/DateInputs';
import { PlainSearchForm } from '../components/list/SearchForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { dataProvider } from '../data';
import { compact, usePagedCall, type Row } from '../generic/pagedCall';
import { PagedTable, type Column } from '../generic/PagedTable';
import { useSuccessNotifier } from '../notices/useErrorNotifier';

/**
 * 领导信箱's 来信统计 and 实时统计 (resources/mail.ts listPanels): the running counts per department
 * since their last reset (mail_count, 清零), and the counts of a date range computed now; each with its
 * Excel export. Shown to holders of mailCount:list.
 */

function useKey(action: string): boolean {
  const { canAccess } = useCanAccess({ resource: 'mail', action });
  return canAccess === true;
}

const COUNT_COLUMNS: Column[] = [
  { key: 'deptName', label: '部门' },
  { key: 'receivedCount', label: '收到转办' },
  { key: 'repliedCount', label: '已答复' },
  { key: 'returnedCount', label: '已退回' },
  { key: 'overdueCount', label: '超期' },
  { key: 'satisfiedCount', label: '满意' },
  { key: 'unsatisfiedCount', label: '不满意' },
  { key: 'replyRate', label: '答复率' },
];

/** 来信统计: running counts per department since their last reset. */
function Counts({ decl }: { decl: ResourceDecl }) {
  const success = useSuccessNotifier();
  const canReset = useKey(P.countReset);
  const canExport = useKey(P.countExport);
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [deptName, setDeptName] = useState('');
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const { page, loading, reload } = usePagedCall(actionCall(decl, 'countList'), search, pageNum, pageSize);
  const [resetting, setResetting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const columns: Column[] = [
    ...COUNT_COLUMNS,
    { key: 'resetTime', label: '统计起始' },
    ...(canReset ? [{ key: 'actions', label: '操作', render: (r: Row) => <Button size="small" color="warning" onClick={() => setResetting(r)}>清零</Button> }] : []),
  ];
  const reset = async () => {
    if (!resetting) return;
    setBusy(true);
    try {
      await dataProvider.call(actionCall(decl, 'countReset'), { query: { id: resetting.id } });
      success('清零成功');
      reload();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
      setResetting(null);
    }
  };
  return (
    <Box sx={{ px: 2 }}>
      <PlainSearchForm onSearch={() => { setPageNum(1); setSearch(compact({ deptName })); }} onReset={() => { setDeptName(''); setSearch({}); setPageNum(1); }}>
        <TextField size="small" label="部门名称" value={deptName} onChange={(e) => setDeptName(e.target.value)} />
      </PlainSearchForm>
      <PortalToolbar>
        {canExport && <Button size="small" variant="outlined" color="warning" startIcon={<DownloadIcon />} onClick={() => dataProvider.exportExcel(actionCall(decl, 'countExport').path, search, '信件统计.xlsx').catch(() => undefined)}>导出Excel</Button>}
      </PortalToolbar>
      <PagedTable testId="mail-count-table" columns={columns} rows={page?.list} loading={loading} total={page?.totalRow ?? 0} pageNum={pageNum} pageSize={pageSize} onPage={setPageNum} onPageSize={(n) => { setPageSize(n); setPageNum(1); }} />
      <Confirm isOpen={resetting !== null} loading={busy} title="提示信息" content={`确定将「${String(resetting?.deptName ?? '')}」的统计清零吗？`} confirm="确定" cancel="取消" onConfirm={reset} onClose={() => setResetting(null)} />
    </Box>
  );
}

/** 实时统计: counted now from the letters transferred in a date range. */
function RealTime({ decl }: { decl: ResourceDecl }) {
  const canExport = useKey(P.countExport);
  const [form, setForm] = useState({ startTime: '', endTime: '' });
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const { page, loading } = usePagedCall(extraCall(decl, 'countRealTime'), search, 1, 200);
  return (
    <Box sx={{ px: 2 }}>
      <PlainSearchForm onSearch={() => setSearch(compact(form))} onReset={() => { setForm({ startTime: '', endTime: '' }); setSearch({}); }}>
        <DateRangeBox label="日期" start={form.startTime} end={form.endTime} onChange={(startTime, endTime) => setForm({ startTime: startTime ?? '', endTime: endTime ?? '' })} />
      </PlainSearchForm>
      <PortalToolbar>
        {canExport && <Button size="small" variant="outlined" color="warning" startIcon={<DownloadIcon />} onClick={() => dataProvider.downloadExtra(decl.name, 'countRealExcel', { body: search }, '信件实时统计.xlsx').catch(() => undefined)}>导出Excel</Button>}
      </PortalToolbar>
      <PagedTable paged={false} testId="mail-realtime-table" columns={[...COUNT_COLUMNS.slice(0, 2), { key: 'handlingCount', label: '办理中' }, ...COUNT_COLUMNS.slice(2)]} rows={page?.list.map((r, i) => ({ ...r, id: Number(r.deptId ?? i) }))} loading={loading} total={page?.totalRow ?? 0} pageNum={1} pageSize={200} onPage={() => undefined} onPageSize={() => undefined} />
    </Box>
  );
}

/** The two count tables under the letters, in tabs of their own. */
export default function MailCounts({ decl }: { decl: ResourceDecl }) {
  const canCount = useKey(P.countList);
  const [tab, setTab] = useState<'count' | 'real'>('count');
  if (!canCount) return null;
  return (
    <Box data-testid="mail-counts" sx={{ mt: 2 }}>
      <Tabs value={tab} onChange={(_e, v: 'count' | 'real') => setTab(v)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="count" label="来信统计" />
        <Tab value="real" label="实时统计" />
      </Tabs>
      {tab === 'count' ? <Counts decl={decl} /> : <RealTime decl={decl} />}
    </Box>
  );
}
