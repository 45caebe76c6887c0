import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetIdentity } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';
import suggest from '../../../resources/suggest';
import { crudCall } from '../../../resources/declaredCalls';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';

export interface SuggestRow {
  id: number;
  title?: string | null;
  content?: string | null;
  status?: number | null;
  isPublic?: number | null;
  replyDept?: string | null;
  replyContent?: string | null;
  [key: string]: unknown;
}

export const REPLY_MAX = 5000;
const DEPT_MAX = 100;

/**
 * 处理/回复 a suggestion: the replying department (default the officer's own), the reply text and whether
 * it is published on the portal. POST /suggest/add with the id (key suggest:reply); the server sets the
 * reply time, the officer and status 已处理. A second reply corrects the first.
 */
export function SuggestReplyDialog({ record, open, onClose, onDone }: { record: SuggestRow | null; open: boolean; onClose: () => void; onDone: (saved: SuggestRow) => void }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const success = useSuccessNotifier();
  const { identity } = useGetIdentity();
  const [replyDept, setReplyDept] = useState('');
  const [replyContent, setReplyContent] = useState('');
  const [isPublic, setIsPublic] = useState(0);
  const [errors, setErrors] = useState<{ replyDept?: string; replyContent?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !record) return;
    setReplyDept(record.replyDept ?? (typeof identity?.deptName === 'string' ? identity.deptName : ''));
    setReplyContent(record.replyContent ?? '');
    setIsPublic(Number(record.isPublic ?? 0) === 1 ? 1 : 0);
    setErrors({});
    // Only when the dialog opens (or another record is opened): typing must not be reset.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record?.id]);
  useEffect(() => {
    // The identity may arrive after the dialog opened with an empty department.
    if (open && record && !record.replyDept && !replyDept && typeof identity?.deptName === 'string') setReplyDept(identity.deptName);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [identity?.deptName]);

  if (!record) return null;
  const handled = Number(record.status) === 1;

  const submit = () => {
    const dept = replyDept.trim();
    const text = replyContent.trim();
    const found: typeof errors = {};
    if (!dept) found.replyDept = '请输入处理部门';
    else if (dept.length > DEPT_MAX) found.replyDept = `处理部门长度不能超过${DEPT_MAX}个字符`;
    if (!text) found.replyContent = '请输入答复内容';
    else if (text.length > REPLY_MAX) found.replyContent = `答复内容长度不能超过${REPLY_MAX}个字符`;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    dataProvider
      .call<SuggestRow>(crudCall(suggest, 'update'), { body: { id: record.id, replyDept: dept, replyContent: text, isPublic } })
      .then(
        (saved) => {
          success('答复成功');
          onDone(saved ?? { ...record, replyDept: dept, replyContent: text, isPublic, status: 1 });
        },
        () => undefined, // the providers showed the server's message
      )
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="suggest-reply-title">
      <DialogTitle id="suggest-reply-title">{handled ? '修改答复' : '处理建议'}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {record.title}
        </Typography>
        {record.content && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', mb: 2, maxHeight: 160, overflow: 'auto' }}>
            {record.content}
          </Typography>
        )}
        <Stack spacing={2}>
          <TextField
            label="处理部门"
            name="replyDept"
            required
            value={replyDept}
            onChange={(e) => setReplyDept(e.target.value)}
            error={!!errors.replyDept}
            helperText={errors.replyDept ?? ' '}
          />
          <TextField
            label="答复内容"
            name="replyContent"
            required
            multiline
            minRows={6}
            value={replyContent}
            onChange={(e) => setReplyContent(e.target.value)}
            error={!!errors.replyContent}
            helperText={errors.replyContent ?? `${replyContent.length}/${REPLY_MAX}`}
          />
          <TextField
            select
            label="是否公开"
            name="isPublic"
            value={isPublic}
            onChange={(e) => setIsPublic(Number(e.target.value))}
            helperText="公开后建议及答复将在门户网站展示（不含姓名、电话等个人信息）"
          >
            <MenuItem value={1}>公开</MenuItem>
            <MenuItem value={0}>不公开</MenuItem>
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          取消
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          提交答复
        </Button>
      </DialogActions>
    </Dialog>
  );
}
