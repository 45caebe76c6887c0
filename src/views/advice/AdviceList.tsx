import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import {
  CreateButton,
  Datagrid,
  DeleteButton,
  FunctionField,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useDataProvider,
  useListContext,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '../../../providers';
import { AdviceOpinionsDialog } from '../../components/interaction/AdviceOpinionsDialog';
import { AdviceResultDialog } from '../../components/interaction/AdviceResultDialog';
import { StopAdviceButton } from '../../components/interaction/StopAdviceButton';
import { ListEmpty, PortalList } from '../../generic/GenericList';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { dateRangeInputs } from '../../components/list/dateRange';

/** Status of a topic (docs/interaction-forms.md): 0 未开始 / 1 征集中 / 2 已结束 / 3 已反馈. */
export const ADVICE_STATUS = ['未开始', '征集中', '已结束', '已反馈'];
const STATUS_COLORS = ['default', 'success', 'warning', 'info'] as const;

export interface AdviceRow {
  id: number;
  title: string;
  status: number;
  opinionCount: number;
  resultContent?: string | null;
  [key: string]: unknown;
}

const filters = [
  <TextInput key="title" source="title" label="征集主题" alwaysOn />,
  <SelectInput key="status" source="status" label="状态" alwaysOn emptyText="全部" choices={ADVICE_STATUS.map((name, id) => ({ id, name }))} />,
  ...dateRangeInputs('startTime', 'endTime', '创建时间'),
];

function Actions() {
  const { filterValues, total } = useListContext();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const refresh = useRefresh();
  const success = useSuccessNotifier();
  const { canAccess: canCreate } = useCanAccess({ resource: 'advice', action: 'create' });
  const { canAccess: canExport } = useCanAccess({ resource: 'advice', action: 'advice:export' });
  const { canAccess: canTask } = useCanAccess({ resource: 'advice', action: 'advice:task' });
  return (
    <TopToolbar>
      {canCreate && <CreateButton label="新建征集" />}
      {canTask && (
        <Button
          size="small"
          onClick={() =>
            dataProvider.callExtra<{ opened: number; closed: number }>('advice', 'resulttask').then((r) => {
              success(`检查完成：开始征集 ${Number(r?.opened ?? 0)} 个，到期结束 ${Number(r?.closed ?? 0)} 个`);
              refresh();
            }, () => undefined)
          }
        >
          到期检查
        </Button>
      )}
      {canExport && (
        <Button size="small" disabled={!total} onClick={() => dataProvider.downloadExtra('advice', 'excel', { body: filterValues }, '意见征集.xlsx').catch(() => undefined)}>
          导出Excel
        </Button>
      )}
    </TopToolbar>
  );
}

/** 查看意见 / 编辑 / 停止征集 / 结果反馈 / 删除 of one topic, each by status and permission key. */
function RowActions({ onOpinions, onResult }: { onOpinions: (r: AdviceRow) => void; onResult: (r: AdviceRow) => void }) {
  const record = useRecordContext<AdviceRow>();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const onError = useErrorNotifier();
  const { canAccess: canGet } = useCanAccess({ resource: 'advice', action: 'show' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'advice', action: 'edit' });
  const { canAccess: canStop } = useCanAccess({ resource: 'advice', action: 'advice:stop' });
  const { canAccess: canReply } = useCanAccess({ resource: 'advice', action: 'advice:reply' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'advice', action: 'delete' });
  if (!record) return null;
  const status = Number(record.status);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      {canGet && (
        <Button size="small" onClick={() => onOpinions(record)}>
          查看意见
        </Button>
      )}
      {canEdit && status <= 1 && (
        <Button size="small" onClick={() => navigate(createPath({ resource: 'advice', type: 'edit', id: record.id }))}>
          编辑
        </Button>
      )}
      {canStop && status <= 1 && <StopAdviceButton id={record.id} title={record.title} onDone={refresh} />}
      {canReply && status >= 2 && (
        <Button size="small" color="primary" onClick={() => onResult(record)}>
          {status === 3 ? '修改反馈' : '结果反馈'}
        </Button>
      )}
      {canDelete && <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} redirect={false} />}
    </Box>
  );
}

/** 意见征集 (/main/interact/advice): the topics with their workflow buttons; docs/interaction-forms.md. */
export default function AdviceList() {
  const refresh = useRefresh();
  const { canAccess: canExport } = useCanAccess({ resource: 'advice', action: 'advice:export' });
  const [opinionsOf, setOpinionsOf] = useState<AdviceRow | null>(null);
  const [resultOf, setResultOf] = useState<AdviceRow | null>(null);
  return (
    <>
      <PortalList
        resource="advice"
        title="意见征集"
        sort={{ field: 'createTime', order: 'DESC' }}
        filters={filters}
        actions={<Actions />}
      >
        <Datagrid rowClick={false} bulkActionButtons={false} empty={<ListEmpty canCreate={false} />}>
          <TextField source="title" label="征集主题" />
          <TextField source="solicitDept" label="征集部门" />
          <FunctionField
            label="状态"
            render={(r: AdviceRow) => <Chip size="small" color={STATUS_COLORS[Number(r.status)] ?? 'default'} label={ADVICE_STATUS[Number(r.status)] ?? ''} />}
          />
          <TextField source="startTime" label="开始时间" />
          <TextField source="endTime" label="结束时间" />
          <NumberField source="opinionCount" label="意见数" />
          <TextField source="resultTime" label="反馈时间" emptyText="—" />
          <RowActions onOpinions={setOpinionsOf} onResult={setResultOf} />
        </Datagrid>
      </PortalList>
      <AdviceOpinionsDialog topic={opinionsOf} onClose={() => setOpinionsOf(null)} canExport={canExport ?? false} />
      <AdviceResultDialog
        record={resultOf}
        open={resultOf !== null}
        onClose={() => setResultOf(null)}
        onDone={() => {
          setResultOf(null);
          refresh();
        }}
      />
    </>
  );
}
