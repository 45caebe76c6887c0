import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useCanAccess, useCreatePath } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { emitWarningToast } from '../../../providers';
import apply from '../../../resources/apply';
import { dataProvider } from '../../data';
import { crudCall } from '../../../resources/declaredCalls';
import { ListLoading } from '../../generic/GenericList';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';

type Apply = Record<string, string | number | null>;

const PERSON: [string, string][] = [
  ['name', '姓名'],
  ['idType', '证件类型'],
  ['idNumber', '证件号码'],
  ['workUnit', '工作单位'],
];
const ORG: [string, string][] = [
  ['orgName', '组织名称'],
  ['orgCode', '统一社会信用代码'],
  ['legalPerson', '法定代表人'],
  ['contactName', '联系人'],
];
const COMMON: [string, string][] = [
  ['phone', '联系电话'],
  ['email', '电子邮箱'],
  ['address', '通信地址'],
  ['postcode', '邮政编码'],
  ['infoName', '所需信息名称'],
  ['content', '所需信息内容描述'],
  ['purpose', '用途'],
  ['format', '信息提供方式'],
  ['receiveWay', '获取方式'],
  ['handleDeptName', '受理部门'],
  ['queryCode', '查询码'],
  ['createTime', '申请时间'],
  ['acceptTime', '受理时间'],
  ['deadline', '答复期限'],
];
const REPLY: [string, string][] = [
  ['replyDept', '答复部门'],
  ['replyTime', '答复时间'],
  ['replyContent', '答复内容'],
  ['replyAttachment', '答复附件'],
  ['replyUserName', '答复人'],
];

function Rows({ record, fields }: { record: Apply; fields: [string, string][] }) {
  return (
    <Table size="small">
      <TableBody>
        {fields.map(([k, label]) => (
          <TableRow key={k}>
            <TableCell sx={{ width: 180, fontWeight: 500 }}>{label}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{record[k] ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * One disclosure request in detail (/main/interact/applyPerson?id=, and the show view of 依申请公开):
 * the applicant (individual or organisation), the request, deadline and overdue flag, the reply; staff
 * accept, reply (答复 / 不予公开), extend once, export Word, send the SMS reminder.
 */
export default function ApplyDetail() {
  const params = useParams();
  const id = params.id ?? new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('id') ?? '';
  const navigate = useNavigate();
  const applyList = useCreatePath()({ resource: 'apply', type: 'list' });
  const success = useSuccessNotifier();
  const [record, setRecord] = useState<Apply | null>(null);
  const [failed, setFailed] = useState(false);
  const [replyOpen, setReplyOpen] = useState(false);
  const [confirm, setConfirm] = useState<null | 'extend' | 'withdraw'>(null);
  const [reply, setReply] = useState({ status: 2, replyDept: '', replyContent: '', replyAttachment: '' });
  const { canAccess: canHandle } = useCanAccess({ resource: 'apply', action: 'apply:handle' });
  const { canAccess: canWord } = useCanAccess({ resource: 'apply', action: 'apply:word' });
  const { canAccess: canRemind } = useCanAccess({ resource: 'apply', action: 'apply:remind' });

  const load = useCallback(() => {
    if (!id) {
      setFailed(true);
      return;
    }
    dataProvider.call<Apply>(crudCall(apply, 'get'), { body: { id: Number(id) } }).then(setRecord, () => setFailed(true));
  }, [id]);
  useEffect(load, [load]);

  if (failed) return <Alert severity="error">申请不存在或无权查看</Alert>;
  if (!record) return <ListLoading />;
  const status = Number(record.status);
  const pending = status === 0 || status === 1;
  const handle = (body: Record<string, unknown>, message: string) =>
    dataProvider.call<Apply>(crudCall(apply, 'update'), { body: { id: Number(id), ...body } }).then(
      (r) => {
        setRecord(r);
        success(message);
      },
      () => undefined,
    );
  const word = (extra: 'download' | 'exportWord') =>
    dataProvider.downloadExtra('apply', extra, { body: { id: Number(id) } }, `政府信息公开申请_${String(record.queryCode)}.docx`).catch(() => undefined);

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1000 }}>
      <Title title="申请详情" />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
            <Typography variant="h6">{record.infoName}</Typography>
            <Chip size="small" label={String(record.statusName ?? '')} color={pending ? 'warning' : 'success'} />
            {Number(record.overdue) === 1 && <Chip size="small" color="error" label="已逾期" />}
            {Number(record.extended) === 1 && <Chip size="small" label="已延期" />}
          </Stack>
          <Stack direction="row" spacing={1} flexWrap="wrap">
            {canHandle && status === 0 && (
              <Button size="small" variant="contained" onClick={() => handle({ status: 1 }, '已受理')}>
                受理
              </Button>
            )}
            {canHandle && pending && (
              <Button size="small" variant="contained" onClick={() => setReplyOpen(true)}>
                答复
              </Button>
            )}
            {canHandle && pending && Number(record.extended) !== 1 && (
              <Button size="small" onClick={() => setConfirm('extend')}>
                延期
              </Button>
            )}
            {canHandle && pending && (
              <Button size="small" color="warning" onClick={() => setConfirm('withdraw')}>
                登记撤回
              </Button>
            )}
            {canRemind && pending && (
              <Button size="small" onClick={() => dataProvider.callExtra('apply', 'remind', { body: { id: Number(id) } }).then(() => success('已发送催办提醒'), () => undefined)}>
                短信催办
              </Button>
            )}
            {Boolean(record.proofFile) && (
              // The applicant's ID or credential scan (kept outside the public uploads; issue 24).
              <Button size="small" onClick={() => dataProvider.downloadExtra('apply', 'proof', { body: { id: Number(id) } }, `身份证明_${String(record.queryCode)}`).catch(() => undefined)}>
                查看身份证明
              </Button>
            )}
            {canWord && (
              <Button size="small" onClick={() => word('download')}>
                下载申请表
              </Button>
            )}
            {canWord && (
              <Button size="small" onClick={() => word('exportWord')}>
                导出Word
              </Button>
            )}
            <Button size="small" onClick={() => navigate(applyList)}>
              返回列表
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="subtitle1">申请人信息（{Number(record.applicantType) === 1 ? '个人' : '法人/其他组织'}）</Typography>
          <Rows record={record} fields={[...(Number(record.applicantType) === 1 ? PERSON : ORG), ...COMMON]} />
        </CardContent>
      </Card>
      {!pending && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="subtitle1">答复信息</Typography>
            <Rows record={record} fields={REPLY} />
          </CardContent>
        </Card>
      )}
      <Dialog open={replyOpen} onClose={() => setReplyOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>答复申请</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField select label="答复结果" value={reply.status} onChange={(e) => setReply({ ...reply, status: Number(e.target.value) })}>
              <MenuItem value={2}>已答复（予以公开/部分公开/信息不存在等）</MenuItem>
              <MenuItem value={3}>不予公开</MenuItem>
            </TextField>
            <TextField label="答复部门" value={reply.replyDept} placeholder={String(record.handleDeptName ?? '')} onChange={(e) => setReply({ ...reply, replyDept: e.target.value })} />
            <TextField label="答复内容" required multiline minRows={5} value={reply.replyContent} onChange={(e) => setReply({ ...reply, replyContent: e.target.value })} />
            <TextField label="答复附件（上传后的文件路径）" value={reply.replyAttachment} onChange={(e) => setReply({ ...reply, replyAttachment: e.target.value })} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReplyOpen(false)}>取消</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (!reply.replyContent.trim()) {
                emitWarningToast('请输入答复内容');
                return;
              }
              setReplyOpen(false);
              void handle({ ...reply, replyDept: reply.replyDept || record.handleDeptName }, '答复成功');
            }}
          >
            确定
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={confirm !== null}
        title="提示信息"
        content={confirm === 'extend' ? '延期只能一次，确定将答复期限延长吗？' : '确定登记申请人已撤回该申请吗？'}
        confirm="确定"
        cancel="取消"
        onConfirm={() => {
          const which = confirm;
          setConfirm(null);
          void (which === 'extend' ? handle({ extend: 1 }, '已延期') : handle({ status: 4 }, '已登记撤回'));
        }}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
