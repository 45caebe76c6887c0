import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { htmlToText, textToHtml } from './richText';

const RESULT_MAX = 20000;

/**
 * 结果反馈 of an advice topic whose collection ended (2 已结束 → 3 已反馈; again from 3 corrects it):
 * the result text, one paragraph per line, POST /advice/resultReply { id, resultContent }.
 */
export function AdviceResultDialog({
  record,
  open,
  onClose,
  onDone,
}: {
  record: { id: number; title?: string | null; status?: number | null; resultContent?: string | null; opinionCount?: number | null } | null;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const success = useSuccessNotifier();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open && record) {
      setText(htmlToText(record.resultContent));
      setError(undefined);
    }
    // Only when the dialog opens for a record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record?.id]);
  if (!record) return null;

  const submit = () => {
    const value = text.trim();
    if (!value) return setError('请输入反馈内容');
    if (value.length > RESULT_MAX) return setError(`反馈内容长度不能超过${RESULT_MAX}个字符`);
    setError(undefined);
    setBusy(true);
    dataProvider
      .callExtra('advice', 'resultReply', { body: { id: record.id, resultContent: textToHtml(value) } })
      .then(
        () => {
          success('结果已发布');
          onDone();
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="advice-result-title">
      <DialogTitle id="advice-result-title">{Number(record.status) === 3 ? '修改结果反馈' : '结果反馈'}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mt: 1, mb: 2 }}>
          {record.title}（共收到意见 {Number(record.opinionCount ?? 0)} 条）
        </Typography>
        <TextField
          label="反馈内容"
          name="resultContent"
          required
          fullWidth
          multiline
          minRows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={!!error}
          helperText={error ?? '将在门户网站该征集主题下公开；每行一个段落'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          取消
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          发布反馈
        </Button>
      </DialogActions>
    </Dialog>
  );
}
