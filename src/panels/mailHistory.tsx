import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { MAIL_ACTION_LABELS, type MailAction } from '../../resources/mail';

const text = (v: unknown) => String(v ?? '');

type Step = Record<string, unknown>;

/**
 * 领导信箱's 办理记录 (resources/mail.ts showPanels): each step of the letter with its time, who took it
 * and where it went, and its remarks or text — the `records` the letter's get answers (mail_forum).
 */
export default function MailHistory() {
  const record = useRecordContext();
  if (!record) return null;
  const steps = Array.isArray(record.records) ? (record.records as Step[]) : [];
  return (
    <Box sx={{ p: 2 }} data-testid="mail-history-panel">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        办理记录
      </Typography>
      {steps.length === 0 && <Typography color="text.secondary">暂无数据</Typography>}
      {steps.map((r, i) => (
        <Box key={text(r.id ?? i)} sx={{ py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }} data-testid="mail-history">
          <Typography variant="body2">
            <b>{text(r.createTime)}</b>
            {'\u3000'}
            {MAIL_ACTION_LABELS[text(r.action) as MailAction] ?? text(r.action)}
            {r.userName ? `\u3000${text(r.userName)}${r.deptName ? `（${text(r.deptName)}）` : ''}` : ''}
            {r.toDeptName ? `\u3000→ ${text(r.toDeptName)}` : ''}
          </Typography>
          {r.remarks ? (
            <Typography variant="body2" color="text.secondary">
              {text(r.remarks)}
            </Typography>
          ) : null}
          {r.content ? (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
              {text(r.content)}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
