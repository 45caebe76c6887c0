import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import {
  CanAccess,
  Datagrid,
  FunctionField,
  SelectInput,
  TextField as RaTextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useListContext,
  useRecordContext,
  useUnselectAll,
} from 'react-admin';
import themeDecl, { commentStatusOptions } from '../../resources/theme';
import type { PortalDataProvider } from '../../providers';
import { actionCall, crudCall, extraCall } from '../../resources/declaredCalls';
import { ListEmpty, PortalList } from '../generic/GenericList';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import { ActionButton } from '../generic/ActionButtons';
import { AuditButton, ConfirmAction, EditButton, channelCall, type ThemeRec as Rec } from './theme/actions';
import { DetailButton, STATUS_COLORS } from './theme/DetailButton';

// 转办: the declared action (its department input searches the tree and shows the chosen path).
const transfer = themeDecl.actions!.find((a) => a.name === 'transfer')!;

const CHANNELS = [
  { id: 'bbs', name: '论坛' },
  { id: 'll', name: '领导留言' },
  { id: 'xax', name: '县长信箱' },
];

function RowActions() {
  const record = useRecordContext<Rec>();
  if (!record) return null;
  const status = Number(record.status);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
      <DetailButton record={record} />
      <EditButton record={record} />
      {(status === 0 || status === 3) && <AuditButton ids={[record.id]} channel={record.channel} />}
      {status === 1 && Number(record.isShow) === 0 && (
        <ConfirmAction label="公开" content="确定公开显示该主题吗？" call={channelCall(record.channel, 'show')} body={{ ids: [record.id], isShow: 1 }} message="已公开" permission="theme:show" />
      )}
      {Number(record.isShow) === 1 && (
        <ConfirmAction label="隐藏" content="确定隐藏该主题吗？" call={channelCall(record.channel, 'show')} body={{ ids: [record.id], isShow: 0 }} message="已隐藏" permission="theme:show" />
      )}
      {status === 1 && Number(record.handleState) === 0 && <ActionButton decl={themeDecl} action={transfer} target={{ ids: [record.id] }} variant="text" />}
      {status === 1 && Number(record.handleState) === 0 && (
        <ConfirmAction label="办结" content="确定将该主题标记为已办结吗？办结后不能再转办和回复。" call={actionCall(themeDecl, 'examine')} body={{ id: record.id }} message="办结成功" permission="theme:examine" />
      )}
      {Number(record.isShow) === 1 && (
        <ConfirmAction
          label={Number(record.isRecommend) === 1 ? '取消推荐' : '推荐'}
          content={Number(record.isRecommend) === 1 ? '确定取消推荐吗？' : '确定推荐该主题吗？'}
          call={actionCall(themeDecl, 'recommend')}
          body={{ id: record.id, isRecommend: Number(record.isRecommend) === 1 ? 0 : 1 }}
          message="操作成功"
          permission="theme:recommend"
        />
      )}
      <ConfirmAction label="删除" content="确定删除该主题及其全部回复吗？" call={crudCall(themeDecl, 'delete')} body={{ ids: [record.id] }} message="删除成功" permission="theme:delete" />
    </Box>
  );
}

/** Bulk steps on the selected themes: one call with every selected id (all or nothing on the server). */
export function BulkActions() {
  const { selectedIds, data } = useListContext<Rec>();
  const unselect = useUnselectAll('theme');
  const ids = selectedIds as number[];
  const channels = new Set((data ?? []).filter((r) => ids.includes(r.id)).map((r) => (r.channel === 'xax' ? 'xax' : 'll')));
  // ll and forum topics share the audit action (themeAudit); xax has its own call, so the two are not mixed.
  const channel = channels.size === 1 ? [...channels][0] : 'll';
  return (
    <>
      {channels.size <= 1 ? (
        <AuditButton ids={ids} channel={channel} label="批量审核" onDone={() => unselect()} />
      ) : (
        <Button size="small" disabled title="县长信箱与其他渠道的主题请分开审核">
          批量审核
        </Button>
      )}
      <ActionButton decl={themeDecl} action={{ ...transfer, label: '批量转办' }} target={{ ids }} disabled={!ids.length} variant="text" />
      <ConfirmAction
        label="批量办结"
        content={`确定将选中的${ids.length}条主题标记为已办结吗？`}
        call={extraCall(themeDecl, 'examineAll')}
        body={{ ids }}
        message="办结成功"
        permission="theme:examine"
        onDone={() => unselect()}
      />
    </>
  );
}

function Toolbar() {
  const { filterValues } = useListContext();
  const onError = useErrorNotifier();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <TopToolbar>
      <CanAccess action="theme:export" resource="theme">
        <Button size="small" onClick={() => dataProvider.exportExcel(actionCall(themeDecl, 'export').path, filterValues, '领导留言.xlsx').catch(onError)}>
          导出领导留言
        </Button>
      </CanAccess>
    </TopToolbar>
  );
}

const filters = [
  <TextInput key="title" source="title" label="标题" alwaysOn />,
  <SelectInput key="channel" source="channel" label="渠道" choices={CHANNELS} alwaysOn emptyText="全部" />,
  <SelectInput key="status" source="status" label="审核状态" choices={commentStatusOptions.map((o) => ({ id: o.value, name: o.label }))} alwaysOn emptyText="全部" />,
  <SelectInput key="handleState" source="handleState" label="办理状态" choices={[{ id: 0, name: '办理中' }, { id: 1, name: '已办结' }]} emptyText="全部" />,
  <TextInput key="queryCode" source="queryCode" label="查询码" />,
];

/** 论坛主题: every channel's themes with audit, show, transfer, reply, examine and recommend. */
export function ThemeList() {
  return (
    <PortalList
      resource="theme"
      title={themeDecl.label}
      sort={themeDecl.list.defaultSort}
      filters={filters}
      actions={<Toolbar />}
      empty={<ListEmpty canCreate={false} />}
    >
      <Datagrid rowClick={false} bulkActionButtons={<BulkActions />}>
        <RaTextField source="title" label="标题" />
        <FunctionField label="渠道" render={(r: Rec) => CHANNELS.find((c) => c.id === r.channel)?.name ?? ''} />
        <RaTextField source="plateName" label="版块" emptyText="-" />
        <RaTextField source="name" label="留言人" emptyText="-" />
        <FunctionField
          label="审核状态"
          render={(r: Rec) => <Chip size="small" label={commentStatusOptions.find((o) => o.value === Number(r.status))?.label} color={STATUS_COLORS[Number(r.status)] ?? 'default'} />}
        />
        <FunctionField label="公开" render={(r: Rec) => (Number(r.isShow) === 1 ? '显示' : '不显示')} />
        <FunctionField label="回复" render={(r: Rec) => (Number(r.replyState) === 1 ? `已回复（${String(r.replyCount)}）` : '未回复')} />
        <FunctionField label="办理" render={(r: Rec) => (Number(r.handleState) === 1 ? '已办结' : '办理中')} />
        <RaTextField source="deptName" label="办理部门" emptyText="未转办" />
        <RaTextField source="createTime" label="收到时间" />
        <RowActions />
      </Datagrid>
    </PortalList>
  );
}

export default { list: ThemeList };
