import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { ARTICLE_STATUS_OPTIONS } from '../../../resources/article';
import type { ApiCall } from '../../../resources/types';
import { dataProvider } from '../../data';
import { ListLoading } from '../../generic/GenericList';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { PagingBar } from '../../components/list/PagingBar';
import { StatusChip } from '../article';
import { PreviewButton as ArticlePreview } from '../content/ArticlePreview';

/** One submission as /api/report/* lists it (an article without its body). */
export interface ReportRow {
  articleId: number;
  title: string;
  columnTitle?: string;
  status: number;
  statusName?: string;
  deptName?: string | null;
  creatorName?: string | null;
  submitTime?: string | null;
  publishTime?: string | null;
  updateTime?: string | null;
  lastOpinion?: string | null;
}

interface Page<T> {
  list: T[];
  totalRow: number;
}

/** A paged list call declared by resources/report.ts (its list or an `api.extra` list): rows, total, paging state and a reload. */
export function usePagedList<T>(call: ApiCall, filter: Record<string, unknown>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [data, setData] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const onError = useErrorNotifier();
  const key = JSON.stringify(filter);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const body = Object.fromEntries(Object.entries(JSON.parse(key) as Record<string, unknown>).filter(([, v]) => v !== '' && v !== undefined && v !== null));
    // Filters change on 查询 only (the shared search form), so the call goes at once.
    const timer = setTimeout(() => {
      dataProvider.call<Page<T>>(call, { body: { ...body, pageNum: page, pageSize } }).then(
        (d) => live && setData(d),
        (e) => live && (onError(e), setData({ list: [], totalRow: 0 })),
      ).finally(() => live && setLoading(false));
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [call, key, page, pageSize, tick, onError]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { rows: data?.list ?? [], total: data?.totalRow ?? 0, loading, page, setPage, pageSize, setPageSize, reload };
}

export const STATUS_CHOICES = ARTICLE_STATUS_OPTIONS.map((o) => ({ value: o.value as number, label: o.label }));

export function StatusSelect({ value, onChange, choices = STATUS_CHOICES }: { value: string; onChange: (v: string) => void; choices?: { value: number; label: string }[] }) {
  return (
    <TextField select size="small" label="状态" value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 140 }}>
      <MenuItem value="">全部</MenuItem>
      {choices.map((c) => (
        <MenuItem key={c.value} value={String(c.value)}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** 提示信息 / 确定 / 取消, with an optional opinion field (required for returning). */
export function ConfirmButton(props: {
  label: string;
  message: string;
  onConfirm: (opinion: string) => Promise<void>;
  opinion?: 'none' | 'optional' | 'required';
  color?: 'primary' | 'error' | 'warning' | 'success';
  disabled?: boolean;
}) {
  const { label, message, onConfirm, opinion = 'none', color = 'primary', disabled } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const missing = opinion === 'required' && !text.trim();
  const run = async () => {
    if (missing) return;
    setBusy(true);
    try {
      await onConfirm(text.trim());
      setOpen(false);
      setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color={color} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>提示信息</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: opinion === 'none' ? 0 : 2 }}>{message}</DialogContentText>
          {opinion !== 'none' && (
            <TextField
              label={opinion === 'required' ? '审核意见（必填）' : '审核意见'}
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              error={missing}
              helperText={missing ? '请填写退回原因' : ' '}
              slotProps={{ htmlInput: { maxLength: 500, name: 'opinion' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>取消</Button>
          <Button variant="contained" onClick={() => void run()} disabled={busy || missing}>
            确定
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * 预览: the article's metadata, body and 审核记录 (src/views/content/ArticlePreview.tsx); `actions` adds buttons
 * (the reviewer's 通过 / 退回) given a close callback.
 */
export function PreviewButton({ row, actions }: { row: ReportRow; actions?: (close: () => void) => ReactNode }) {
  return <ArticlePreview articleId={row.articleId} title={row.title} actions={actions ? (_a, close) => actions(close) : undefined} />;
}

/** 通过 / 退回 (report's declared `audit` call) for some submissions, shown with report:audit only. */
export function AuditButtons({ ids, onDone, disabled }: { ids: number[]; onDone: () => void; disabled?: boolean }) {
  const { canAccess } = useCanAccess({ action: 'report:audit', resource: 'report' });
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  if (!canAccess) return null;
  const audit = (status: 1 | 2) => async (opinion: string) => {
    try {
      await dataProvider.callExtra('report', 'audit', { body: { ids, status, opinion: opinion || undefined } });
      success(status === 1 ? '审核通过' : '已退回');
      onDone();
    } catch (e) {
      onError(e);
      throw e;
    }
  };
  const what = ids.length > 1 ? `选中的${ids.length}条报送` : '该报送';
  return (
    <>
      <ConfirmButton label="通过" color="success" disabled={disabled || !ids.length} message={`确定审核通过${what}吗？`} opinion="optional" onConfirm={audit(1)} />
      <ConfirmButton label="退回" color="warning" disabled={disabled || !ids.length} message={`确定退回${what}吗？`} opinion="required" onConfirm={audit(2)} />
    </>
  );
}

/** The paged table of submissions: title, column, state, department, author, dates, opinion, row actions. */
export function ReportTable(props: {
  list: ReturnType<typeof usePagedList<ReportRow>>;
  actions?: (row: ReportRow) => ReactNode;
  empty: string;
  selectable?: boolean;
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  showOpinion?: boolean;
}) {
  const { list, actions, empty, selectable, selected = [], onSelect, showOpinion } = props;
  const toggle = (id: number) => onSelect?.(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <Paper variant="outlined">
      {list.loading ? (
        <ListLoading />
      ) : list.rows.length === 0 ? (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Table size="small" data-testid="report-table">
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={list.rows.length > 0 && list.rows.every((r) => selected.includes(r.articleId))}
                    onChange={(e) => onSelect?.(e.target.checked ? list.rows.map((r) => r.articleId) : [])}
                    slotProps={{ input: { 'aria-label': '全选' } }}
                  />
                </TableCell>
              )}
              <TableCell>标题</TableCell>
              <TableCell>栏目</TableCell>
              <TableCell>状态</TableCell>
              <TableCell>部门</TableCell>
              <TableCell>报送人</TableCell>
              <TableCell>提交时间</TableCell>
              {showOpinion && <TableCell>审核意见</TableCell>}
              {actions && <TableCell>操作</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.rows.map((r) => (
              <TableRow key={r.articleId} hover>
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox checked={selected.includes(r.articleId)} onChange={() => toggle(r.articleId)} slotProps={{ input: { 'aria-label': `选择${r.title}` } }} />
                  </TableCell>
                )}
                <TableCell>{r.title}</TableCell>
                <TableCell>{r.columnTitle}</TableCell>
                <TableCell>
                  <StatusChip status={r.status} />
                </TableCell>
                <TableCell>{r.deptName}</TableCell>
                <TableCell>{r.creatorName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.submitTime ?? '—'}</TableCell>
                {showOpinion && <TableCell>{r.lastOpinion ?? ''}</TableCell>}
                {actions && <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(r)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PagingBar
        total={list.total}
        pageNum={list.page}
        pageSize={list.pageSize}
        onChange={(n, size) => (size !== list.pageSize ? (list.setPageSize(size), list.setPage(1)) : list.setPage(n))}
      />
    </Paper>
  );
}
