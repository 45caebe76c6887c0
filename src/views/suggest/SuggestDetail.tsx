import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Confirm, Title, useCanAccess, useCreatePath, useDataProvider, useDelete } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../../providers';
import suggest from '../../../resources/suggest';
import { crudCall } from '../../../resources/declaredCalls';
import { SuggestReplyDialog, type SuggestRow } from '../../components/interaction/SuggestReplyDialog';
import { ListLoading } from '../../generic/GenericList';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { SuggestStatusChip } from './SuggestList';

const SUBMISSION: [string, string][] = [
  ['queryCode', '查询码'],
  ['name', '姓名'],
  ['phone', '联系电话'],
  ['email', '电子邮箱'],
  ['createTime', '提交时间'],
  ['ip', '来源IP'],
];
const REPLY: [string, string][] = [
  ['replyDept', '处理部门'],
  ['replyContent', '答复内容'],
  ['replyTime', '答复时间'],
  ['replyUserName', '答复人'],
];

function Rows({ record, fields }: { record: SuggestRow; fields: [string, string][] }) {
  return (
    <Table size="small">
      <TableBody>
        {fields.map(([k, label]) => (
          <TableRow key={k}>
            <TableCell sx={{ width: 160, fontWeight: 500 }}>{label}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }} data-field={k}>
              {record[k] === null || record[k] === undefined || record[k] === '' ? '—' : String(record[k])}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * One suggestion (show, and edit = the same screen with the reply dialog open): the text, the visitor's
 * query code and contact, the handling; 处理/修改答复 and 删除 by permission.
 */
export default function SuggestDetail({ replyAtStart = false }: { replyAtStart?: boolean }) {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const suggestList = useCreatePath()({ resource: 'suggest', type: 'list' });
  const success = useSuccessNotifier();
  const onError = useErrorNotifier();
  const [record, setRecord] = useState<SuggestRow | null>(null);
  const [failed, setFailed] = useState(false);
  const [replying, setReplying] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [remove, { isPending: deleting }] = useDelete();
  const { canAccess: canReply } = useCanAccess({ resource: 'suggest', action: 'suggest:reply' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'suggest', action: 'delete' });

  const load = useCallback(() => {
    dataProvider.call<SuggestRow>(crudCall(suggest, 'get'), { query: { id }, required: ['id'] }).then(setRecord, () => setFailed(true));
  }, [dataProvider, id]);
  useEffect(load, [load]);
  // «编辑» (the edit route) opens the reply dialog once the record and the permission are known.
  const autoOpened = useRef(false);
  useEffect(() => {
    if (replyAtStart && canReply && record && !autoOpened.current) {
      autoOpened.current = true;
      setReplying(true);
    }
  }, [replyAtStart, canReply, record]);

  if (failed) return <Alert severity="error">建议不存在或无权查看</Alert>;
  if (!record) return <ListLoading />;
  const handled = Number(record.status) === 1;
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1000 }}>
      <Title title="建议详情" />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
            <Typography variant="h6">{record.title}</Typography>
            <SuggestStatusChip status={record.status} />
            <Typography variant="body2" color="text.secondary">
              {Number(record.isPublic) === 1 ? '公开' : '不公开'}
            </Typography>
          </Stack>
          <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>{record.content}</Typography>
          <Stack direction="row" spacing={1}>
            {canReply && (
              <Button size="small" variant="contained" onClick={() => setReplying(true)}>
                {handled ? '修改答复' : '处理'}
              </Button>
            )}
            {canDelete && (
              <Button size="small" color="error" onClick={() => setConfirmDelete(true)}>
                删除
              </Button>
            )}
            <Button size="small" onClick={() => navigate(suggestList)}>
              返回列表
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="subtitle1">提交信息</Typography>
          <Rows record={record} fields={SUBMISSION} />
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="subtitle1">处理情况</Typography>
          {handled ? <Rows record={record} fields={REPLY} /> : <Alert severity="warning">该建议尚未处理</Alert>}
        </CardContent>
      </Card>
      <SuggestReplyDialog
        record={record}
        open={replying}
        onClose={() => setReplying(false)}
        onDone={(saved) => {
          setReplying(false);
          setRecord({ ...record, ...saved });
        }}
      />
      <Confirm
        isOpen={confirmDelete}
        loading={deleting}
        title="提示信息"
        content="删除后不可恢复，确定删除该建议吗？"
        confirm="确定"
        cancel="取消"
        onConfirm={() =>
          remove(
            'suggest',
            { id: record.id, previousData: record as never },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirmDelete(false);
                success('删除成功');
                navigate(suggestList);
              },
              onError: (e) => {
                setConfirmDelete(false);
                onError(e);
              },
            },
          )
        }
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
