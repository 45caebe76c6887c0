import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCanAccess, useRefresh, useUnselectAll } from 'react-admin';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { contentApi } from './api';

/** A workflow step as the UI offers it: its declared call, the states it applies to, its key, whether it needs an opinion. */
export interface StepButton {
  name: string;
  /** How article's declaration has it: an `actions` entry or an `api.extra` call, both named `name`. */
  via: 'action' | 'extra';
  label: string;
  permission: string;
  from: readonly number[];
  opinion: 'required' | 'optional' | 'none';
  color?: 'primary' | 'error' | 'success' | 'warning';
  /** The toast after it worked: what happened to the article. */
  doneText: string;
}

/** The review steps of docs/content.md (the server enforces the same table). */
export const REVIEW_STEPS: readonly StepButton[] = [
  { name: 'accept', via: 'action', label: '初审通过', permission: 'article:accept', from: [4], opinion: 'optional', color: 'success', doneText: '已初审通过，等待终审' },
  { name: 'acceptReject', via: 'extra', label: '初审退回', permission: 'article:accept', from: [4], opinion: 'required', color: 'warning', doneText: '已退回给作者' },
  { name: 'approve', via: 'action', label: '终审发布', permission: 'article:approve', from: [6, 1], opinion: 'optional', color: 'success', doneText: '已发布' },
  { name: 'reject', via: 'action', label: '退回', permission: 'article:reject', from: [4, 6], opinion: 'required', color: 'error', doneText: '已退回给作者' },
];

export const OWNER_STEPS: readonly StepButton[] = [
  { name: 'withdraw', via: 'extra', label: '撤回', permission: 'article:update', from: [4], opinion: 'none', doneText: '已撤回，文章回到编辑中' },
  { name: 'takeDown', via: 'extra', label: '下线', permission: 'article:approve', from: [5], opinion: 'optional', color: 'warning', doneText: '已下线' },
];

export function StepButtonView({ step, ids, disabled, onDone }: { step: StepButton; ids: number[]; disabled?: boolean; onDone?: () => void }) {
  const { canAccess } = useCanAccess({ action: step.permission, resource: 'article' });
  const [open, setOpen] = useState(false);
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const refresh = useRefresh();
  if (!canAccess) return null;
  const run = async () => {
    if (step.opinion === 'required' && !opinion.trim()) return;
    setBusy(true);
    try {
      await contentApi.step(step, ids, opinion.trim() || undefined);
      success(step.doneText);
      setOpen(false);
      setOpinion('');
      onDone?.();
      refresh();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color={step.color ?? 'primary'} disabled={disabled || ids.length === 0} onClick={(e) => (e.stopPropagation(), setOpen(true))}>
        {step.label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="xs">
        <DialogTitle>提示信息</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{ids.length > 1 ? `确定对选中的${ids.length}篇文章执行“${step.label}”吗？` : `确定执行“${step.label}”吗？`}</DialogContentText>
          {step.opinion !== 'none' && (
            <TextField
              label={step.opinion === 'required' ? '审核意见（必填）' : '审核意见'}
              value={opinion}
              onChange={(e) => setOpinion(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              required={step.opinion === 'required'}
              error={step.opinion === 'required' && !opinion.trim()}
              helperText={step.opinion === 'required' && !opinion.trim() ? '请填写退回原因' : ' '}
              slotProps={{ htmlInput: { maxLength: 500, name: 'opinion' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>取消</Button>
          <Button variant="contained" onClick={() => void run()} disabled={busy || (step.opinion === 'required' && !opinion.trim())}>
            确定
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The steps that apply to one article in its state, each shown only with its permission key. */
export function RowSteps({ status, articleId, steps = REVIEW_STEPS }: { status: number; articleId: number; steps?: readonly StepButton[] }) {
  const applicable = steps.filter((s) => s.from.includes(status));
  if (!applicable.length) return null;
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {applicable.map((s) => (
        <StepButtonView key={s.name} step={s} ids={[articleId]} />
      ))}
    </Stack>
  );
}

/** Bulk buttons of the review queue (the server refuses the whole batch if one article is in the wrong state). */
export function BulkSteps({ selectedIds, steps = REVIEW_STEPS }: { selectedIds?: readonly (string | number)[]; steps?: readonly StepButton[] }) {
  const unselect = useUnselectAll('article');
  const ids = (selectedIds ?? []).map(Number);
  return (
    <Stack direction="row" spacing={0.5}>
      {steps.map((s) => (
        <StepButtonView key={s.name} step={{ ...s, label: `批量${s.label}` }} ids={ids} onDone={() => unselect()} />
      ))}
    </Stack>
  );
}

const step = (name: string) => REVIEW_STEPS.find((s) => s.name === name) as StepButton;

/**
 * 通过 / 退回 of the reviewer's 预览 for an article in `status`: 通过 is 初审通过 (4) or 终审发布 (6), 退回 is
 * 初审退回 or 退回 — whichever the caller's keys allow (the server checks them again). 退回 asks for an opinion.
 */
export function ReviewButtons({ status, articleId, onDone }: { status: number; articleId: number; onDone?: () => void }) {
  const accept = useCanAccess({ action: 'article:accept', resource: 'article' }).canAccess;
  const approve = useCanAccess({ action: 'article:approve', resource: 'article' }).canAccess;
  const reject = useCanAccess({ action: 'article:reject', resource: 'article' }).canAccess;
  const pass = status === 4 && accept ? step('accept') : status === 6 && approve ? step('approve') : null;
  const back = status === 4 && accept ? step('acceptReject') : [4, 6].includes(status) && reject ? step('reject') : null;
  return (
    <>
      {pass && <StepButtonView step={{ ...pass, label: '通过', color: 'success' }} ids={[articleId]} onDone={onDone} />}
      {back && <StepButtonView step={{ ...back, label: '退回', color: 'warning' }} ids={[articleId]} onDone={onDone} />}
    </>
  );
}
