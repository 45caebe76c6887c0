import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';
import reportDecl from '../../../resources/report';
import type { ActionDecl, ApiCall } from '../../../resources/types';
import { ActionButton } from '../../generic/ActionButtons';
import { declaredColumns } from '../../generic/declaredColumns';
import type { Column } from '../../generic/PagedTable';
import { usePagedCall, type Row } from '../../generic/pagedCall';
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

/** 提示信息 / 确定 / 取消 before a call of the screen's own (删除 a submission). */
export function ConfirmButton({ label, message, onConfirm, color = 'primary' }: { label: string; message: string; onConfirm: () => Promise<void>; color?: 'primary' | 'error' }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button size="small" color={color} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Confirm isOpen={open} title="提示信息" content={message} confirm="确定" cancel="取消" onClose={close} onConfirm={() => (close(), void onConfirm().catch(() => undefined))} />
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

const PASS = reportDecl.actions?.find((a) => a.name === 'pass') as ActionDecl;
const REJECT = reportDecl.actions?.find((a) => a.name === 'reject') as ActionDecl;

/** 通过 / 退回 for some submissions: report's declared actions (the opinion dialog, report:audit), then `onDone`. */
export function AuditButtons({ ids, onDone, disabled }: { ids: number[]; onDone: () => void; disabled?: boolean }) {
  return (
    <>
      {[PASS, REJECT].map((action) => (
        <ActionButton key={action.name} decl={reportDecl} action={action} target={{ ids }} disabled={disabled || !ids.length} variant="text" onDone={onDone} />
      ))}
    </>
  );
}
