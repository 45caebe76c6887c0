import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MAIL_ACTION_LABELS, MAIL_BOX_OPTIONS, MAIL_SATISFACTION_OPTIONS, MAIL_STAGE_OPTIONS, MAIL_STATUS, MAIL_TYPE_OPTIONS, type MailAction } from '../../../resources/mail';
import { optionLabel, type Row } from './shared';

const text = (v: unknown) => String(v ?? '');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', py: 0.5 }}>
      <Typography sx={{ width: 120, flexShrink: 0, color: 'text.secondary' }}>{label}</Typography>
      <Box sx={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{children || '—'}</Box>
    </Box>
  );
}

/** The published answer, shown once the letter is answered (status 1). */
function MailReply({ mail }: { mail: Row }) {
  return (
    <Box sx={{ mt: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="mail-reply">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        答复
      </Typography>
      <Field label="答复部门">{text(mail.replyDept)}</Field>
      <Field label="答复时间">{text(mail.replyTime)}</Field>
      <Field label="答复内容">{text(mail.replyContent)}</Field>
      <Field label="满意度">{optionLabel(MAIL_SATISFACTION_OPTIONS, mail.satisfaction)}</Field>
    </Box>
  );
}

/** The letter: title, status chips, the writer's details, its content, its handling notes and the answer. */
export function MailLetter({ mail }: { mail: Row }) {
  const status = Number(mail.status);
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }} data-testid="mail-title">
          {text(mail.title)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Chip size="small" color={status === 1 ? 'success' : 'default'} label={optionLabel(MAIL_STATUS, mail.status)} />
          <Chip size="small" color="primary" variant="outlined" label={optionLabel(MAIL_STAGE_OPTIONS, mail.stage)} data-testid="mail-stage" />
          {Number(mail.publicFlag) === 1 && <Chip size="small" color="info" label="已公开" />}
          {Number(mail.rkFlag) === 1 && <Chip size="small" label="已入库" />}
        </Stack>
        <Field label="信件类型">{optionLabel(MAIL_TYPE_OPTIONS, mail.type)}</Field>
        <Field label="信箱">
          {optionLabel(MAIL_BOX_OPTIONS, mail.boxType)}
          {mail.targetDeptName ? `（${text(mail.targetDeptName)}）` : ''}
        </Field>
        <Field label="写信人">{text(mail.name)}</Field>
        <Field label="联系电话">{text(mail.phone)}</Field>
        <Field label="电子邮箱">{text(mail.email)}</Field>
        <Field label="联系地址">{text(mail.address)}</Field>
        <Field label="收信时间">{text(mail.receivedAt)}</Field>
        <Field label="查询码">{text(mail.queryCode)}</Field>
        <Field label="同意公开">{Number(mail.isPublic) === 1 ? '是' : '否'}</Field>
        <Field label="信件内容">{text(mail.content)}</Field>
        {mail.transferDeptName ? <Field label="转办部门">{`${text(mail.transferDeptName)}（${text(mail.transferTime)}，期限 ${text(mail.deadline).slice(0, 10)}）`}</Field> : null}
        {mail.returnRemark ? <Field label="退回说明">{text(mail.returnRemark)}</Field> : null}
        {mail.examineRemark ? <Field label="审核意见">{text(mail.examineRemark)}</Field> : null}
        {status === 1 && <MailReply mail={mail} />}
      </CardContent>
    </Card>
  );
}

/** 办理记录: each step with its time, who took it and where it went, and its remarks or text. */
export function MailHistory({ records }: { records: Row[] }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          办理记录
        </Typography>
        {records.length === 0 && <Typography color="text.secondary">暂无数据</Typography>}
        {records.map((r) => (
          <Box key={r.id} sx={{ py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }} data-testid="mail-history">
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
      </CardContent>
    </Card>
  );
}
