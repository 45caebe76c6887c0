import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import {
  Confirm,
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
  useListContext,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ListEmpty, PortalList } from '../../generic/GenericList';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { dataProvider } from '../../data';
import { SURVEY_STATUS, surveyApi } from './api';

const STATUS_COLORS = ['default', 'success', 'warning', 'info'] as const;
const filters = [
  <TextInput key="title" source="title" label="问卷标题" alwaysOn />,
  <SelectInput key="status" source="status" label="状态" alwaysOn emptyText="全部" choices={SURVEY_STATUS.map((name, id) => ({ id, name }))} />,
];

function Actions() {
  const { filterValues } = useListContext();
  const { canAccess: canCreate } = useCanAccess({ resource: 'survey', action: 'create' });
  const { canAccess: canExport } = useCanAccess({ resource: 'survey', action: 'survey:export' });
  return (
    <TopToolbar>
      {canCreate && <CreateButton label="新建问卷" />}
      {canExport && (
        <Button size="small" onClick={() => dataProvider.downloadExtra('survey', 'excel', { body: filterValues }, '问卷列表.xlsx').catch(() => undefined)}>
          导出
        </Button>
      )}
    </TopToolbar>
  );
}

/** 开始 / 暂停 / 恢复 / 结束 / 统计结果 / 编辑 / 删除 of one questionnaire, each behind its permission key. */
function RowActions() {
  const record = useRecordContext<{ id: number; status: number; recordCount: number; title: string }>();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const success = useSuccessNotifier();
  const onError = useErrorNotifier();
  const [confirmEnd, setConfirmEnd] = useState(false);
  const { canAccess: canOpen } = useCanAccess({ resource: 'survey', action: 'survey:open' });
  const { canAccess: canEnd } = useCanAccess({ resource: 'survey', action: 'survey:examine' });
  const { canAccess: canResult } = useCanAccess({ resource: 'survey', action: 'survey:result' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'survey', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'survey', action: 'delete' });
  if (!record) return null;
  const status = Number(record.status);
  const run = (p: Promise<unknown>, message: string) =>
    p.then(
      () => {
        success(message);
        refresh();
      },
      () => undefined,
    );
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      {canResult && status !== 0 && (
        <Button size="small" onClick={() => navigate(createPath({ resource: 'survey', type: 'show', id: record.id }))}>
          统计结果
        </Button>
      )}
      {canOpen && (status === 0 || status === 2) && (
        <Button size="small" onClick={() => run(surveyApi.open(record.id, 1), status === 0 ? '问卷已开始' : '问卷已恢复')}>
          {status === 0 ? '开始' : '恢复'}
        </Button>
      )}
      {canOpen && status === 1 && (
        <Button size="small" onClick={() => run(surveyApi.open(record.id, 2), '问卷已暂停')}>
          暂停
        </Button>
      )}
      {canEnd && status !== 3 && (
        <>
          <Button size="small" color="warning" onClick={() => setConfirmEnd(true)}>
            结束
          </Button>
          <Confirm
            isOpen={confirmEnd}
            title="提示信息"
            content="结束后不再接受答卷，且不能重新开始，确定结束该问卷吗？"
            confirm="确定"
            cancel="取消"
            onConfirm={() => {
              setConfirmEnd(false);
              void run(surveyApi.examine(record.id, 3), '问卷已结束');
            }}
            onClose={() => setConfirmEnd(false)}
          />
        </>
      )}
      {canEdit && status !== 1 && status !== 3 && (
        <Button size="small" onClick={() => navigate(createPath({ resource: 'survey', type: 'edit', id: record.id }))}>
          编辑
        </Button>
      )}
      {canDelete && status !== 1 && <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} redirect={false} />}
    </Box>
  );
}

/**
 * 公开结果: staff switch whether citizens see the results on the site, whatever the status (an ended
 * survey can no longer be edited, this switch still works). Without the edit key it is shown as text.
 */
function PublicResultSwitch() {
  const record = useRecordContext<{ id: number; title: string; publicResult?: number }>();
  const refresh = useRefresh();
  const success = useSuccessNotifier();
  const { canAccess: canEdit } = useCanAccess({ resource: 'survey', action: 'edit' });
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const on = Number(record.publicResult) === 1;
  if (!canEdit) return <>{on ? '公开' : '不公开'}</>;
  const toggle = async () => {
    setBusy(true);
    try {
      await surveyApi.save({ id: record.id, publicResult: on ? 0 : 1 });
      success(on ? '已取消公开结果' : '已公开结果');
      refresh();
    } catch {
      /* the http client showed the message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={on}
      disabled={busy}
      onClick={(e) => e.stopPropagation()}
      onChange={() => void toggle()}
      slotProps={{ input: { 'aria-label': `公开“${record.title}”的调查结果` } }}
    />
  );
}

/** 问卷调查 (/main/interact/problemExamine): the questionnaires with their status actions. */
export default function SurveyList() {
  return (
    <PortalList
      resource="survey"
      title="问卷调查"
      sort={{ field: 'createTime', order: 'DESC' }}
      filters={filters}
      actions={<Actions />}
    >
      <Datagrid rowClick={false} bulkActionButtons={false} empty={<ListEmpty canCreate={false} />}>
        <TextField source="title" label="问卷标题" />
        <FunctionField
          label="状态"
          render={(r: { status: number }) => <Chip size="small" color={STATUS_COLORS[Number(r.status)] ?? 'default'} label={SURVEY_STATUS[Number(r.status)] ?? ''} />}
        />
        <FunctionField label="答卷方式" render={(r: { anonymous: number }) => (Number(r.anonymous) === 1 ? '匿名' : '需填写联系方式')} />
        <FunctionField label="公开结果" render={() => <PublicResultSwitch />} />
        <TextField source="startTime" label="开始时间" emptyText="不限" />
        <TextField source="endTime" label="结束时间" emptyText="不限" />
        <NumberField source="recordCount" label="答卷数" />
        <TextField source="deptName" label="所属部门" />
        <TextField source="createTime" label="创建时间" />
        <RowActions />
      </Datagrid>
    </PortalList>
  );
}
