import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Confirm, Title, useCreatePath } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ApiCall } from '../../../resources/types';
import mailDecl, { MAIL_BOX_OPTIONS, MAIL_PERMISSIONS as P, MAIL_SATISFACTION_OPTIONS, MAIL_STAGE as S, MAIL_STAGE_OPTIONS, MAIL_STATUS, MAIL_TYPE_OPTIONS } from '../../../resources/mail';
import { dataProvider } from '../../data';
import { actionCall, crudCall } from '../../../resources/declaredCalls';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { optionLabel, useDepartments, useKey, type Row } from './shared';

const ACTION_LABELS: Record<string, string> = {
  submit: '网上来信',
  create: '后台录入',
  examine: '审核受理',
  reject: '不予受理',
  transfer: '转办',
  return: '退回',
  reply: '答复',
  publish: '公开',
  unpublish: '取消公开',
  rk: '登记入库',
  update: '修改信件',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', py: 0.5 }}>
      <Typography sx={{ width: 120, flexShrink: 0, color: 'text.secondary' }}>{label}</Typography>
      <Box sx={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{children || '—'}</Box>
    </Box>
  );
}

type DialogKind = 'examine' | 'transfer' | 'reply' | 'return' | null;
type ConfirmKind = 'publish' | 'unpublish' | 'rk' | 'delete' | null;

/** 信件详情 (LeaderMailbox/mailBoxEditor): the letter, its handling history, and the steps the user may take. */
export function MailEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const mailList = useCreatePath()({ resource: 'mail', type: 'list' });
  const success = useSuccessNotifier();
  const depts = useDepartments();
  const [mail, setMail] = useState<Row | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [confirm, setConfirm] = useState<ConfirmKind>(null);
  const [audit, setAudit] = useState('1');
  const [text, setText] = useState('');
  const [deptId, setDeptId] = useState('');
  const [error, setError] = useState('');

  const can = {
    examine: useKey(P.examine),
    transfer: useKey(P.transfer),
    reply: useKey(P.reply),
    returnMail: useKey(P.returnMail),
    publish: useKey(P.publish),
    rk: useKey(P.rk),
    del: useKey(P.delete),
  };

  const load = useCallback(() => {
    if (!id) return;
    dataProvider.call<Row>(crudCall(mailDecl, 'get'), { query: { id } }).then(
      (m) => {
        setMail(m);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [id]);
  useEffect(load, [load]);

  if (!id) return <Alert severity="warning">无效的id-key</Alert>;
  if (failed) return <Alert severity="error">信件不存在或无权查看</Alert>;
  if (!mail) {
    return (
      <Box sx={{ p: 3 }}>
        <CircularProgress size={20} sx={{ mr: 1, verticalAlign: 'middle' }} />
        正在加载…
      </Box>
    );
  }

  const stage = Number(mail.stage);
  const status = Number(mail.status);
  const records = (mail.records as Row[] | undefined) ?? [];

  const run = async (call: ApiCall, body: Record<string, unknown> | null, query: Record<string, string | number> | null, message: string) => {
    setBusy(true);
    try {
      await dataProvider.call(call, { body: body ?? undefined, query: query ?? undefined });
      success(message);
      setDialog(null);
      setConfirm(null);
      setText('');
      load();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const open = (kind: DialogKind) => {
    setText('');
    setError('');
    setAudit('1');
    setDeptId(mail.transferDeptId && stage !== S.RETURNED ? String(mail.transferDeptId) : '');
    setDialog(kind);
  };

  const submitDialog = async () => {
    if (dialog === 'examine') {
      if (audit === '2' && !text.trim()) return setError('请输入不予受理的理由');
      await run(actionCall(mailDecl, 'examine'), { ids: [mail.id], auditStatus: Number(audit), examineRemark: text }, null, '审核完成');
    } else if (dialog === 'transfer') {
      if (!deptId) return setError('请选择转办部门');
      await run(actionCall(mailDecl, 'transfer'), { ids: [mail.id], deptId: Number(deptId), remarks: text }, null, '转办成功');
    } else if (dialog === 'reply') {
      if (!text.trim()) return setError('请输入答复内容');
      await run(actionCall(mailDecl, 'reply'), { mailId: mail.id, content: text }, null, '答复成功');
    } else if (dialog === 'return') {
      if (!text.trim()) return setError('请输入退回说明');
      await run(actionCall(mailDecl, 'return'), { ids: [mail.id], remarks: text }, null, '退回成功');
    }
  };

  const doConfirm = async () => {
    if (confirm === 'publish' || confirm === 'unpublish') await run(actionCall(mailDecl, 'publish'), { id: mail.id, publicFlag: confirm === 'publish' ? 1 : 0 }, null, confirm === 'publish' ? '已公开' : '已取消公开');
    else if (confirm === 'rk') await run(actionCall(mailDecl, 'rk'), null, { id: mail.id }, '登记入库成功');
    else if (confirm === 'delete') {
      setBusy(true);
      try {
        await dataProvider.callExtra('mail', 'del', { query: { id: mail.id } });
        success('删除成功');
        navigate(mailList);
      } catch {
        /* the http client showed the message */
      } finally {
        setBusy(false);
        setConfirm(null);
      }
    }
  };

  const dialogTitle = { examine: '审核信件', transfer: '转办信件', reply: '答复信件', return: '退回信件' }[dialog ?? 'examine'];
  const canReplyStage = stage === S.TRANSFERRED || stage === S.REPLIED || stage === S.ACCEPTED || stage === S.RETURNED;

  return (
    <Box sx={{ p: 2 }} data-testid="mail-editor">
      <Title title="信件详情" />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => navigate(mailList)}>
          返回列表
        </Button>
        {can.examine && stage === S.PENDING && (
          <Button variant="contained" onClick={() => open('examine')}>
            审核
          </Button>
        )}
        {can.transfer && [S.PENDING, S.ACCEPTED, S.RETURNED].includes(stage as 0) && (
          <Button variant="contained" onClick={() => open('transfer')}>
            转办
          </Button>
        )}
        {can.reply && canReplyStage && (
          <Button variant="contained" color="success" onClick={() => { open('reply'); if (stage === S.REPLIED) setText(String(mail.replyContent ?? '')); }}>
            {stage === S.REPLIED ? '修改答复' : '答复'}
          </Button>
        )}
        {can.returnMail && stage === S.TRANSFERRED && (
          <Button variant="outlined" color="warning" onClick={() => open('return')}>
            退回
          </Button>
        )}
        {can.publish && status === 1 && (
          <Button variant="outlined" onClick={() => setConfirm(Number(mail.publicFlag) === 1 ? 'unpublish' : 'publish')}>
            {Number(mail.publicFlag) === 1 ? '取消公开' : '公开'}
          </Button>
        )}
        {can.rk && status === 1 && Number(mail.rkFlag) !== 1 && (
          <Button variant="outlined" onClick={() => setConfirm('rk')}>
            登记入库
          </Button>
        )}
        {can.del && (
          <Button variant="outlined" color="error" onClick={() => setConfirm('delete')}>
            删除
          </Button>
        )}
      </Stack>

      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" sx={{ mb: 1 }} data-testid="mail-title">
            {String(mail.title)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <Chip size="small" color={status === 1 ? 'success' : 'default'} label={optionLabel(MAIL_STATUS, mail.status)} />
            <Chip size="small" color="primary" variant="outlined" label={optionLabel(MAIL_STAGE_OPTIONS, mail.stage)} data-testid="mail-stage" />
            {Number(mail.publicFlag) === 1 && <Chip size="small" color="info" label="已公开" />}
            {Number(mail.rkFlag) === 1 && <Chip size="small" label="已入库" />}
          </Stack>
          <Field label="信件类型">{optionLabel(MAIL_TYPE_OPTIONS, mail.type)}</Field>
          <Field label="信箱">{optionLabel(MAIL_BOX_OPTIONS, mail.boxType)}{mail.targetDeptName ? `（${String(mail.targetDeptName)}）` : ''}</Field>
          <Field label="写信人">{String(mail.name ?? '')}</Field>
          <Field label="联系电话">{String(mail.phone ?? '')}</Field>
          <Field label="电子邮箱">{String(mail.email ?? '')}</Field>
          <Field label="联系地址">{String(mail.address ?? '')}</Field>
          <Field label="收信时间">{String(mail.receivedAt ?? '')}</Field>
          <Field label="查询码">{String(mail.queryCode ?? '')}</Field>
          <Field label="同意公开">{Number(mail.isPublic) === 1 ? '是' : '否'}</Field>
          <Field label="信件内容">{String(mail.content ?? '')}</Field>
          {mail.transferDeptName ? <Field label="转办部门">{`${String(mail.transferDeptName)}（${String(mail.transferTime ?? '')}，期限 ${String(mail.deadline ?? '').slice(0, 10)}）`}</Field> : null}
          {mail.returnRemark ? <Field label="退回说明">{String(mail.returnRemark)}</Field> : null}
          {mail.examineRemark ? <Field label="审核意见">{String(mail.examineRemark)}</Field> : null}
          {status === 1 && (
            <Box sx={{ mt: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="mail-reply">
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                答复
              </Typography>
              <Field label="答复部门">{String(mail.replyDept ?? '')}</Field>
              <Field label="答复时间">{String(mail.replyTime ?? '')}</Field>
              <Field label="答复内容">{String(mail.replyContent ?? '')}</Field>
              <Field label="满意度">{optionLabel(MAIL_SATISFACTION_OPTIONS, mail.satisfaction)}</Field>
            </Box>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            办理记录
          </Typography>
          {records.length === 0 ? (
            <Typography color="text.secondary">暂无数据</Typography>
          ) : (
            records.map((r) => (
              <Box key={r.id} sx={{ py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }} data-testid="mail-history">
                <Typography variant="body2">
                  <b>{String(r.createTime)}</b>{'\u3000'}{ACTION_LABELS[String(r.action)] ?? String(r.action)}
                  {r.userName ? `\u3000${String(r.userName)}${r.deptName ? `（${String(r.deptName)}）` : ''}` : ''}
                  {r.toDeptName ? `\u3000→ ${String(r.toDeptName)}` : ''}
                </Typography>
                {r.remarks ? <Typography variant="body2" color="text.secondary">{String(r.remarks)}</Typography> : null}
                {r.content ? <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>{String(r.content)}</Typography> : null}
              </Box>
            ))
          )}
        </CardContent>
      </Card>

      <Dialog open={dialog !== null} onClose={() => !busy && setDialog(null)} fullWidth maxWidth="sm">
        <DialogTitle>{dialogTitle}</DialogTitle>
        <DialogContent>
          {dialog === 'examine' && (
            <RadioGroup row value={audit} onChange={(e) => setAudit(e.target.value)}>
              <FormControlLabel value="1" control={<Radio />} label="受理" />
              <FormControlLabel value="2" control={<Radio />} label="不予受理" />
            </RadioGroup>
          )}
          {dialog === 'transfer' && (
            <TextField select fullWidth margin="dense" label="转办部门" value={deptId} onChange={(e) => setDeptId(e.target.value)} slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}>
              {depts.length === 0 && <MenuItem disabled value="">暂无数据</MenuItem>}
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
            minRows={dialog === 'reply' ? 6 : 3}
            margin="dense"
            label={{ examine: '审核意见', transfer: '转办意见', reply: '答复内容', return: '退回说明' }[dialog ?? 'examine']}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: dialog === 'reply' ? 5000 : 500, name: 'dialogText' } }}
          />
          {error && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} disabled={busy}>
            取消
          </Button>
          <Button variant="contained" onClick={submitDialog} disabled={busy}>
            确定
          </Button>
        </DialogActions>
      </Dialog>

      <Confirm
        isOpen={confirm !== null}
        loading={busy}
        title="提示信息"
        content={{ publish: '确定在门户网站公开这封信件及其答复吗？', unpublish: '确定取消公开这封信件吗？', rk: '确定将这封信件登记入库吗？', delete: '删除后无法恢复，确定删除这封信件吗？' }[confirm ?? 'delete']}
        confirm="确定"
        cancel="取消"
        onConfirm={doConfirm}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
