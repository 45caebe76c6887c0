import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { actionCall } from '../../../resources/declaredCalls';
import mailDecl, { MAIL_STAGE as S } from '../../../resources/mail';
import type { ApiCall } from '../../../resources/types';
import { useDepartments, type Row } from './shared';

export type StepKind = 'examine' | 'transfer' | 'reply' | 'return';

const TITLES: Record<StepKind, string> = { examine: '审核信件', transfer: '转办信件', reply: '答复信件', return: '退回信件' };
const TEXT_LABELS: Record<StepKind, string> = { examine: '审核意见', transfer: '转办意见', reply: '答复内容', return: '退回说明' };

interface Inputs {
  audit: string;
  text: string;
  deptId: string;
}

/** Each step's call, or the refusal shown in the dialog when an input is missing. */
function stepCall(kind: StepKind, mail: Row, { audit, text, deptId }: Inputs): { call: ApiCall; body: Record<string, unknown>; message: string } | string {
  if (kind === 'examine') {
    if (audit === '2' && !text.trim()) return '请输入不予受理的理由';
    return { call: actionCall(mailDecl, 'examine'), body: { ids: [mail.id], auditStatus: Number(audit), examineRemark: text }, message: '审核完成' };
  }
  if (kind === 'transfer') {
    if (!deptId) return '请选择转办部门';
    return { call: actionCall(mailDecl, 'transfer'), body: { ids: [mail.id], deptId: Number(deptId), remarks: text }, message: '转办成功' };
  }
  if (!text.trim()) return kind === 'reply' ? '请输入答复内容' : '请输入退回说明';
  if (kind === 'reply') return { call: actionCall(mailDecl, 'reply'), body: { mailId: mail.id, content: text }, message: '答复成功' };
  return { call: actionCall(mailDecl, 'return'), body: { ids: [mail.id], remarks: text }, message: '退回成功' };
}

/** What the dialog starts with: the department already chosen, and the answer itself when 修改答复. */
function initialInputs(kind: StepKind | null, mail: Row): Inputs {
  const stage = Number(mail.stage);
  return {
    audit: '1',
    text: kind === 'reply' && stage === S.REPLIED ? String(mail.replyContent ?? '') : '',
    deptId: mail.transferDeptId && stage !== S.RETURNED ? String(mail.transferDeptId) : '',
  };
}

interface Props {
  kind: StepKind | null;
  mail: Row;
  busy: boolean;
  onClose: () => void;
  /** Runs the step's call; true when it succeeded. */
  onRun: (call: ApiCall, body: Record<string, unknown>, message: string) => Promise<boolean>;
}

/** 审核 / 转办 / 答复 / 退回: the step's inputs, checked before the call. */
export function MailStepDialog({ kind, mail, busy, onClose, onRun }: Props) {
  const depts = useDepartments();
  const [inputs, setInputs] = useState<Inputs>(() => initialInputs(kind, mail));
  const [error, setError] = useState('');
  useEffect(() => {
    if (!kind) return;
    setInputs(initialInputs(kind, mail));
    setError('');
  }, [kind, mail]);
  const set = (patch: Partial<Inputs>) => setInputs((old) => ({ ...old, ...patch }));
  const shown = kind ?? 'examine';

  const submit = async () => {
    const step = stepCall(shown, mail, inputs);
    if (typeof step === 'string') return setError(step);
    await onRun(step.call, step.body, step.message);
  };

  return (
    <Dialog open={kind !== null} onClose={() => !busy && onClose()} fullWidth maxWidth="sm">
      <DialogTitle>{TITLES[shown]}</DialogTitle>
      <DialogContent>
        {kind === 'examine' && (
          <RadioGroup row value={inputs.audit} onChange={(e) => set({ audit: e.target.value })}>
            <FormControlLabel value="1" control={<Radio />} label="受理" />
            <FormControlLabel value="2" control={<Radio />} label="不予受理" />
          </RadioGroup>
        )}
        {kind === 'transfer' && (
          <TextField select fullWidth margin="dense" label="转办部门" value={inputs.deptId} onChange={(e) => set({ deptId: e.target.value })} slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}>
            {depts.length === 0 && (
              <MenuItem disabled value="">
                暂无数据
              </MenuItem>
            )}
            {depts.map((d) => (
              <MenuItem key={d.id} value={String(d.id)}>
                {d.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          fullWidth
          multiline
          minRows={kind === 'reply' ? 6 : 3}
          margin="dense"
          label={TEXT_LABELS[shown]}
          value={inputs.text}
          onChange={(e) => set({ text: e.target.value })}
          slotProps={{ htmlInput: { maxLength: kind === 'reply' ? 5000 : 500, name: 'dialogText' } }}
        />
        {error && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          取消
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
