import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Confirm, Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import mailDecl, { MAIL_BOX_OPTIONS, MAIL_PERMISSIONS as P, MAIL_STAGE_OPTIONS, MAIL_STATUS, MAIL_TYPE_OPTIONS } from '../../../resources/mail';
import type { ApiCall } from '../../../resources/types';
import { dataProvider } from '../../data';
import { actionCall, crudCall, extraCall } from '../../../resources/declaredCalls';
import { DateRangeBox } from '../../components/dates/DateInputs';
import { PlainSearchForm } from '../../components/list/SearchForm';
import { PortalToolbar } from '../../components/list/Toolbar';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { compact, optionLabel, PagedTable, useDepartments, useKey, usePagedCall, type Column, type Row } from './shared';
import { useUrlFilter } from '../../dashboard/urlFilter';

export const editorPath = (id: number) => `/main/interact/LeaderMailbox/mailBoxEditor?id=${id}`;

function Select(props: { label: string; value: string; onChange: (v: string) => void; options: readonly { value: number | string; label: string }[]; width?: number }) {
  return (
    <TextField select size="small" label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)} sx={{ minWidth: props.width ?? 120 }}>
      <MenuItem value="">全部</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.value} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const EMPTY = { title: '', status: '', stage: '', type: '', boxType: '', transferDeptId: '', startTime: '', endTime: '' };

/** 信件列表 (the list call) or 本部门信件 (listByDept): filters, export, open a letter. */
function Letters({ call, byDept }: { call: ApiCall; byDept?: boolean }) {
  const navigate = useNavigate();
  const depts = useDepartments();
  const canExport = useKey(P.export);
  // A workbench link opens the list filtered (?stage=2&overdue=1); overdue stays until 重置.
  const fromUrl = useUrlFilter(['stage', 'overdue'] as const);
  const [form, setForm] = useState({ ...EMPTY, stage: fromUrl.stage ?? '' });
  const [only] = useState(() => compact({ overdue: fromUrl.overdue }));
  const [extra, setExtra] = useState(only);
  const [search, setSearch] = useState<Record<string, unknown>>(() => compact({ stage: fromUrl.stage, ...only }));
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const { page, loading } = usePagedCall(call, search, pageNum, pageSize);
  const set = (k: keyof typeof EMPTY) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const columns: Column[] = [
    { key: 'title', label: '信件标题', render: (r) => <Button size="small" sx={{ textTransform: 'none', textAlign: 'left' }} onClick={() => navigate(editorPath(r.id))}>{String(r.title)}</Button> },
    { key: 'type', label: '类型', render: (r) => optionLabel(MAIL_TYPE_OPTIONS, r.type) },
    { key: 'boxType', label: '信箱', render: (r) => optionLabel(MAIL_BOX_OPTIONS, r.boxType) },
    { key: 'name', label: '写信人' },
    { key: 'status', label: '状态', render: (r) => optionLabel(MAIL_STATUS, r.status) },
    { key: 'stage', label: '办理阶段', render: (r) => optionLabel(MAIL_STAGE_OPTIONS, r.stage) },
    { key: 'transferDeptName', label: '转办部门' },
    { key: 'receivedAt', label: '收信时间' },
    { key: 'actions', label: '操作', render: (r) => <Button size="small" onClick={() => navigate(editorPath(r.id))}>查看</Button> },
  ];

  return (
    <Box sx={{ px: 2 }}>
      <PlainSearchForm onSearch={() => { setPageNum(1); setSearch({ ...compact(form), ...extra }); }} onReset={() => { setForm(EMPTY); setExtra({}); setSearch({}); setPageNum(1); }}>
        <TextField size="small" label="信件标题" value={form.title} onChange={(e) => set('title')(e.target.value)} />
        <Select label="状态" value={form.status} onChange={set('status')} options={MAIL_STATUS} />
        <Select label="办理阶段" value={form.stage} onChange={set('stage')} options={MAIL_STAGE_OPTIONS} />
        <Select label="类型" value={form.type} onChange={set('type')} options={MAIL_TYPE_OPTIONS} />
        <Select label="信箱" value={form.boxType} onChange={set('boxType')} options={MAIL_BOX_OPTIONS} width={140} />
        {!byDept && <Select label="转办部门" value={form.transferDeptId} onChange={set('transferDeptId')} options={depts.map((d) => ({ value: d.id, label: d.label }))} width={160} />}
        <DateRangeBox label="日期" start={form.startTime} end={form.endTime} onChange={(startTime, endTime) => setForm((f) => ({ ...f, startTime: startTime ?? '', endTime: endTime ?? '' }))} />
      </PlainSearchForm>
      <PortalToolbar>
        {canExport && !byDept && (
          <Button size="small" variant="outlined" color="warning" startIcon={<DownloadIcon />} onClick={() => dataProvider.exportExcel(actionCall(mailDecl, 'export').path, search, '领导信箱信件.xlsx').catch(() => undefined)}>
            导出Excel
          </Button>
        )}
      </PortalToolbar>
      <PagedTable testId={byDept ? 'mail-dept-table' : 'mail-table'} columns={columns} rows={page?.list} loading={loading} total={page?.totalRow ?? 0} pageNum={pageNum} pageSize={pageSize} onPage={setPageNum} onPageSize={(n) => { setPageSize(n); setPageNum(1); }} />
    </Box>
  );
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
function Counts() {
  const success = useSuccessNotifier();
  const canReset = useKey(P.countReset);
  const canExport = useKey(P.countExport);
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [deptName, setDeptName] = useState('');
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const { page, loading, reload } = usePagedCall(actionCall(mailDecl, 'countList'), search, pageNum, pageSize);
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
      await dataProvider.call(actionCall(mailDecl, 'countReset'), { query: { id: resetting.id } });
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
        {canExport && <Button size="small" variant="outlined" color="warning" startIcon={<DownloadIcon />} onClick={() => dataProvider.exportExcel(actionCall(mailDecl, 'countExport').path, search, '信件统计.xlsx').catch(() => undefined)}>导出Excel</Button>}
      </PortalToolbar>
      <PagedTable testId="mail-count-table" columns={columns} rows={page?.list} loading={loading} total={page?.totalRow ?? 0} pageNum={pageNum} pageSize={pageSize} onPage={setPageNum} onPageSize={(n) => { setPageSize(n); setPageNum(1); }} />
      <Confirm isOpen={resetting !== null} loading={busy} title="提示信息" content={`确定将「${String(resetting?.deptName ?? '')}」的统计清零吗？`} confirm="确定" cancel="取消" onConfirm={reset} onClose={() => setResetting(null)} />
    </Box>
  );
}

/** 实时统计: counted now from the letters transferred in a date range. */
function RealTime() {
  const canExport = useKey(P.countExport);
  const [form, setForm] = useState({ startTime: '', endTime: '' });
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const { page, loading } = usePagedCall(extraCall(mailDecl, 'countRealTime'), search, 1, 200);
  return (
    <Box sx={{ px: 2 }}>
      <PlainSearchForm onSearch={() => setSearch(compact(form))} onReset={() => { setForm({ startTime: '', endTime: '' }); setSearch({}); }}>
        <DateRangeBox label="日期" start={form.startTime} end={form.endTime} onChange={(startTime, endTime) => setForm({ startTime: startTime ?? '', endTime: endTime ?? '' })} />
      </PlainSearchForm>
      <PortalToolbar>
        {canExport && <Button size="small" variant="outlined" color="warning" startIcon={<DownloadIcon />} onClick={() => dataProvider.downloadExtra('mail', 'countRealExcel', { body: search }, '信件实时统计.xlsx').catch(() => undefined)}>导出Excel</Button>}
      </PortalToolbar>
      <PagedTable paged={false} testId="mail-realtime-table" columns={[...COUNT_COLUMNS.slice(0, 2), { key: 'handlingCount', label: '办理中' }, ...COUNT_COLUMNS.slice(2)]} rows={page?.list.map((r, i) => ({ ...r, id: Number(r.deptId ?? i) }))} loading={loading} total={page?.totalRow ?? 0} pageNum={1} pageSize={200} onPage={() => undefined} onPageSize={() => undefined} />
    </Box>
  );
}

/** 领导信箱: letters, my department's letters, counts and real-time counts, each shown by permission. */
export function MailLists() {
  const canList = useKey(P.list);
  const canDept = useKey(P.deptList);
  const canCount = useKey(P.countList);
  const tabs = [
    ...(canList ? [{ key: 'all', label: '信件列表' }] : []),
    ...(canDept ? [{ key: 'dept', label: '本部门信件' }] : []),
    ...(canCount ? [{ key: 'count', label: '来信统计' }, { key: 'real', label: '实时统计' }] : []),
  ];
  const [tab, setTab] = useState<string | null>(useUrlFilter(['tab'] as const).tab ?? null);
  const current = tab && tabs.some((t) => t.key === tab) ? tab : (tabs[0]?.key ?? 'all');
  return (
    <Card sx={{ mt: 1 }}>
      <Title title="领导信箱" />
      <Tabs value={tabs.some((t) => t.key === current) ? current : false} onChange={(_e, v: string) => setTab(v)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} />
        ))}
      </Tabs>
      {current === 'all' && canList && <Letters call={crudCall(mailDecl, 'list')} />}
      {current === 'dept' && canDept && <Letters call={extraCall(mailDecl, 'listByDept')} byDept />}
      {current === 'count' && canCount && <Counts />}
      {current === 'real' && canCount && <RealTime />}
    </Card>
  );
}
