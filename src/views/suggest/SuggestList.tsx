import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import {
  BulkDeleteButton,
  Datagrid,
  DeleteButton,
  FunctionField,
  SelectInput,
  TextField,
  TextInput,
  useCanAccess,
  useCreatePath,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { SuggestReplyDialog, type SuggestRow } from '../../components/interaction/SuggestReplyDialog';
import { ListEmpty, PortalList } from '../../generic/GenericList';
import { useErrorNotifier } from '../../notices/useErrorNotifier';
import { dateRangeInputs } from '../../components/list/dateRange';

export const SUGGEST_STATUS = ['未处理', '已处理'];

const filters = [
  <TextInput key="title" source="title" label="标题" alwaysOn />,
  <SelectInput key="status" source="status" label="状态" alwaysOn emptyText="全部" choices={SUGGEST_STATUS.map((name, id) => ({ id, name }))} />,
  <TextInput key="queryCode" source="queryCode" label="查询码" alwaysOn />,
  ...dateRangeInputs('startTime', 'endTime', '提交时间'),
];

export function SuggestStatusChip({ status }: { status: unknown }) {
  const handled = Number(status) === 1;
  return <Chip size="small" color={handled ? 'success' : 'warning'} label={SUGGEST_STATUS[handled ? 1 : 0]} />;
}

function RowActions({ onReply }: { onReply: (r: SuggestRow) => void }) {
  const record = useRecordContext<SuggestRow>();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const onError = useErrorNotifier();
  const { canAccess: canGet } = useCanAccess({ resource: 'suggest', action: 'show' });
  const { canAccess: canReply } = useCanAccess({ resource: 'suggest', action: 'suggest:reply' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'suggest', action: 'delete' });
  if (!record) return null;
  const handled = Number(record.status) === 1;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      {canGet && (
        <Button size="small" onClick={() => navigate(createPath({ resource: 'suggest', type: 'show', id: record.id }))}>
          查看
        </Button>
      )}
      {canReply && (
        <Button size="small" variant={handled ? 'text' : 'contained'} onClick={() => onReply(record)}>
          {handled ? '修改答复' : '处理'}
        </Button>
      )}
      {canDelete && <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} redirect={false} />}
    </Box>
  );
}

/** 建议征集 (/main/interact/suggest): the public's suggestions, 未处理 / 已处理, with the reply dialog. */
export default function SuggestList() {
  const onError = useErrorNotifier();
  const refresh = useRefresh();
  const { canAccess: canDelete } = useCanAccess({ resource: 'suggest', action: 'delete' });
  const [replying, setReplying] = useState<SuggestRow | null>(null);
  return (
    <>
      <PortalList
        resource="suggest"
        title="建议征集"
        sort={{ field: 'createTime', order: 'DESC' }}
        filters={filters}
        empty={<ListEmpty canCreate={false} />}
      >
        <Datagrid
          rowClick={false}
          bulkActionButtons={canDelete ? <BulkDeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} /> : false}
          empty={<ListEmpty canCreate={false} />}
        >
          <TextField source="title" label="标题" />
          <FunctionField label="姓名" render={(r: SuggestRow) => String(r.name ?? '') || '—'} />
          <TextField source="phone" label="联系电话" />
          <TextField source="queryCode" label="查询码" />
          <FunctionField label="状态" render={(r: SuggestRow) => <SuggestStatusChip status={r.status} />} />
          <FunctionField label="是否公开" render={(r: SuggestRow) => (Number(r.isPublic) === 1 ? '公开' : '不公开')} />
          <TextField source="replyDept" label="处理部门" emptyText="—" />
          <TextField source="createTime" label="提交时间" />
          <TextField source="replyTime" label="答复时间" emptyText="—" />
          <RowActions onReply={setReplying} />
        </Datagrid>
      </PortalList>
      <SuggestReplyDialog
        record={replying}
        open={replying !== null}
        onClose={() => setReplying(null)}
        onDone={() => {
          setReplying(null);
          refresh();
        }}
      />
    </>
  );
}
