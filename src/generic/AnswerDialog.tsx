import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import type { ActionDecl } from '../../resources/types';

type Shown = NonNullable<ActionDecl['answerDialog']>;

/** `text` with each `{name}` replaced by the answer's value in bold (data-testid `answer-<name>`). */
export function filledText(text: string, answer: unknown): ReactNode[] {
  const data = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
  return text.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return <Fragment key={i}>{part}</Fragment>;
    return (
      <b key={i} data-testid={`answer-${name}`}>
        {String(data[name] ?? '')}
      </b>
    );
  });
}

/** What an action answered, shown until 确定 (`answerDialog`: 重置密码's generated password, shown once). */
export function AnswerDialog({ shown, answer, onClose }: { shown: Shown; answer: unknown; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{shown.title ?? '提示信息'}</DialogTitle>
      <DialogContent>
        <Typography sx={{ wordBreak: 'break-all' }}>{filledText(shown.text, answer)}</Typography>
        {shown.note && (
          <Typography variant="body2" color="text.secondary">
            {filledText(shown.note, answer)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>确定</Button>
      </DialogActions>
    </Dialog>
  );
}
