import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { ARTICLE_STATUS_OPTIONS } from '../../../resources/article';
import reportDecl from '../../../resources/report';
import type { ApiCall } from '../../../resources/types';
import { dataProvider } from '../../data';
import { declaredColumns } from '../../generic/declaredColumns';
import type { Column } from '../../generic/PagedTable';
import { usePagedCall, type Row } from '../../generic/pagedCall';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { PreviewButton as ArticlePreview } from '../content/ArticlePreview';

export const REPORT_COLUMNS = declaredColumns(reportDecl, reportDecl.list.columns);
const OPINION = 'lastOpinion';

/** A reporting app's list of submissions: one of report's declared list calls, paged, with the shared table. */
export function useReportList(call: ApiCall, search: Record<string, unknown>) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const { page, loading, reload } = usePagedCall(call, search, pageNum, pageSize);
  const rows = page?.list.map((r) => ({ ...r, id: Number(r.articleId) }));
  return { rows, loading, reload, table: { rows, loading, total: page?.totalRow ?? 0, pageNum, pageSize, onPage: setPageNum, onPageSize: (n: number) => (setPageSize(n), setPageNum(1)) } };
}

/** The table's columns for a screen: the declared ones (the opinion only where asked), then the row's buttons. */
export function reportColumns(actions: (row: Row) => ReactNode, showOpinion = false): Column[] {
  return [...REPORT_COLUMNS.filter((c) => showOpinion || c.key !== OPINION), { key: 'actions', label: '操作', nowrap: true, render: actions }];
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
export function PreviewButton({ row, actions }: { row: Row; actions?: (close: () => void) => ReactNode }) {
  return <ArticlePreview articleId={row.id} title={String(row.title ?? '')} actions={actions ? (_a, close) => actions(close) : undefined} />;
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
