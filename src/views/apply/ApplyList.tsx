import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import {
  CreateButton,
  Datagrid,
  DeleteButton,
  FunctionField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { APPLY_STATUS } from '../../../resources/apply';
import type { PortalDataProvider } from '../../../providers';
import { DeadlineCell } from '../../components/interaction/DeadlineCell';
import { ListEmpty, PortalList } from '../../generic/GenericList';
import { useErrorNotifier } from '../../notices/useErrorNotifier';
import { dateRangeInputs } from '../../components/list/dateRange';

type ApplyRow = Record<string, unknown> & { id: number };

const STATUS_COLORS = ['warning', 'info', 'success', 'error', 'default'] as const;
export const detailPath = (id: number | string) => `/main/interact/applyPerson?id=${id}`;

const filters = [
  <TextInput key="infoName" source="infoName" label="所需信息名称" alwaysOn />,
  <SelectInput key="status" source="status" label="状态" alwaysOn emptyText="全部" choices={APPLY_STATUS.map((s) => ({ id: s.value, name: s.label }))} />,
  <SelectInput
    key="overdue"
    source="overdue"
    label="是否超期"
    alwaysOn
    emptyText="全部"
    choices={[
      { id: 1, name: '已超期' },
      { id: 0, name: '未超期' },
    ]}
  />,
  // The workbench's near-deadline to-do (resources/workbench/todos.ts) opens the list with this filter.
  <SelectInput key="dueWithin" source="dueWithin" label="临近期限" emptyText="全部" choices={[{ id: 3, name: '3个工作日内到期' }]} />,
  <TextInput key="queryCode" source="queryCode" label="查询码" />,
  <TextInput key="name" source="name" label="申请人姓名" />,
  <SelectInput
    key="applicantType"
    source="applicantType"
    label="申请人类型"
    emptyText="全部"
    choices={[
      { id: 1, name: '个人' },
      { id: 2, name: '法人/其他组织' },
    ]}
  />,
  ...dateRangeInputs('startTime', 'endTime', '申请时间'),
];

/** Counts of the overview (the summary call) within the user's scope: 全部, 已超期 and per status. */
function Overview() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { setFilters, filterValues } = useListContext();
  const [summary, setSummary] = useState<{ total: number; overdue: number; byStatus: { value: number; label: string; count: number }[] } | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider.callExtra<typeof summary>('apply', 'summary', { body: {}, silent: true }).then(
      (s) => live && setSummary(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dataProvider]);
  if (!summary) return null;
  const pick = (values: Record<string, unknown>) => setFilters({ ...(filterValues as Record<string, unknown>), status: undefined, overdue: undefined, ...values }, {});
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, mb: 1, flexWrap: 'wrap' }} data-testid="apply-overview">
      <Chip label={`全部 ${summary.total}`} onClick={() => pick({})} variant="outlined" />
      <Chip label={`已超期 ${summary.overdue}`} color={summary.overdue ? 'error' : 'default'} onClick={() => pick({ overdue: 1 })} />
      {summary.byStatus.map((b) => (
        <Chip key={b.value} label={`${b.label} ${b.count}`} variant="outlined" onClick={() => pick({ status: b.value })} />
      ))}
    </Stack>
  );
}

function Actions() {
  const { filterValues, total } = useListContext();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess: canCreate } = useCanAccess({ resource: 'apply', action: 'create' });
  const { canAccess: canExport } = useCanAccess({ resource: 'apply', action: 'apply:export' });
  return (
    <TopToolbar>
      {canCreate && <CreateButton label="登记申请" />}
      {canExport && (
        <Button size="small" disabled={!total} onClick={() => dataProvider.downloadExtra('apply', 'excel', { body: filterValues }, '依申请公开.xlsx').catch(() => undefined)}>
          导出Excel
        </Button>
      )}
    </TopToolbar>
  );
}

function RowActions() {
  const record = useRecordContext<ApplyRow>();
  const navigate = useNavigate();
  const onError = useErrorNotifier();
  const { canAccess: canGet } = useCanAccess({ resource: 'apply', action: 'show' });
  const { canAccess: canHandle } = useCanAccess({ resource: 'apply', action: 'apply:handle' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'apply', action: 'delete' });
  if (!record) return null;
  const pending = Number(record.status) === 0 || Number(record.status) === 1;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      {(canGet || canHandle) && (
        <Button size="small" variant={canHandle && pending ? 'contained' : 'text'} onClick={() => navigate(detailPath(record.id))}>
          {canHandle && pending ? '办理' : '查看'}
        </Button>
      )}
      {canDelete && <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} redirect={false} />}
    </Box>
  );
}

/**
 * 依申请公开 (/main/interact/apply): applications with the statutory deadline and the overdue column,
 * filters (status, overdue, applicant, dates), Excel export; a row opens /main/interact/applyPerson?id=.
 */
export default function ApplyList() {
  const { canAccess: canGet } = useCanAccess({ resource: 'apply', action: 'show' });
  return (
    <PortalList
      resource="apply"
      title="依申请公开"
      sort={{ field: 'createTime', order: 'DESC' }}
      filters={filters}
      actions={<Actions />}
    >
      <Overview />
      <Datagrid rowClick={canGet ? (id) => detailPath(id) : false} bulkActionButtons={false} empty={<ListEmpty canCreate={false} />}>
        <TextField source="infoName" label="所需信息名称" />
        <FunctionField label="申请人" render={(r: ApplyRow) => String((Number(r.applicantType) === 1 ? r.name : r.orgName) ?? '')} />
        <FunctionField label="申请人类型" render={(r: ApplyRow) => (Number(r.applicantType) === 1 ? '个人' : '法人/其他组织')} />
        <TextField source="handleDeptName" label="受理部门" />
        <FunctionField
          label="状态"
          render={(r: ApplyRow) => <Chip size="small" color={STATUS_COLORS[Number(r.status)] ?? 'default'} label={APPLY_STATUS.find((s) => s.value === Number(r.status))?.label ?? ''} />}
        />
        <TextField source="createTime" label="申请时间" sortBy="createTime" />
        <FunctionField label="答复期限" sortBy="deadline" render={(r: ApplyRow) => `${String(r.deadline ?? '—')}${Number(r.extended) === 1 ? '（已延期）' : ''}`} />
        <FunctionField label="超期情况" render={(r: ApplyRow) => <DeadlineCell row={r} />} />
        <RowActions />
      </Datagrid>
    </PortalList>
  );
}
