import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useContext, useMemo, useState, type ReactNode } from 'react';
import {
  DataProviderContext,
  Datagrid,
  FunctionField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import { dateRangeInputs } from '../components/list/dateRange';
import { ListEmpty, PortalList } from '../generic/GenericList';
import type { ResourceViews } from '../generic/resourceViews';
import { LogDetailDrawer } from './operationLog/LogDetailDrawer';
import { PurgeButton } from './operationLog/PurgeButton';

/**
 * The 类型 filter: 登录 (login attempts) or 操作 (changes, with what the client reported). /systemLogList
 * alone lists only changes; 全部 (nothing chosen) asks for every type, so the screen shows logins too.
 */
export const LOG_TYPE_CHOICES = [
  { id: 'login', name: '登录' },
  { id: 'operation', name: '操作' },
];
const TYPES_OF: Record<string, string[]> = {
  '': ['login', 'operation', 'client'],
  operation: ['operation', 'client'],
};
const TYPE_LABEL: Record<string, string> = { login: '登录', operation: '操作', client: '客户端上报' };

/** The filter as the server takes it: 全部 and 操作 become lists of types. */
export function logSearchFilter(filter: Record<string, unknown> | undefined): Record<string, unknown> {
  const f = { ...(filter ?? {}) };
  const type = f.type === undefined || f.type === null ? '' : String(f.type);
  f.type = TYPES_OF[type] ?? type;
  return f;
}

/** The app's data provider, with the 类型 filter mapped as above for this screen's list only. */
function LogDataProvider({ children }: { children: ReactNode }) {
  const base = useContext(DataProviderContext);
  const wrapped = useMemo<DataProvider | null>(
    () => (base ? { ...base, getList: (resource, params) => base.getList(resource, { ...params, filter: logSearchFilter(params.filter) }) } : null),
    [base],
  );
  return <DataProviderContext.Provider value={wrapped}>{children}</DataProviderContext.Provider>;
}

const filters = [
  ...dateRangeInputs('startTime', 'endTime', '日期'),
  <TextInput key="username" source="username" label="用户" alwaysOn resettable />,
  <SelectInput key="type" source="type" label="类型" alwaysOn emptyText="全部" choices={LOG_TYPE_CHOICES} />,
  <SelectInput
    key="success"
    source="success"
    label="结果"
    alwaysOn
    emptyText="全部"
    choices={[
      { id: 1, name: '成功' },
      { id: 0, name: '失败' },
    ]}
  />,
  <TextInput key="path" source="path" label="调用路径" alwaysOn resettable />,
  <TextInput key="ip" source="ip" label="IP" alwaysOn resettable />,
];

function ResultChip() {
  const record = useRecordContext();
  if (!record) return null;
  const ok = Number(record.success) === 1;
  return <Chip size="small" label={ok ? '成功' : '失败'} color={ok ? 'success' : 'error'} variant="outlined" data-success={ok ? 1 : 0} />;
}

function DetailButton({ onOpen }: { label?: string; onOpen: (r: RaRecord) => void }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button
      size="small"
      onClick={(e) => {
        e.stopPropagation();
        onOpen(record);
      }}
    >
      详情
    </Button>
  );
}

const ellipsis = { maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * 操作日志 (/main/system/userOperationLogInfo): every change and every login attempt, read-only — no
 * 新建 / 编辑 / 删除, no selection. Filters 时间 / 用户 / 类型 / 结果 / 调用路径 / IP; a row's 详情 (or a click on
 * it) opens the whole entry in a drawer. Only 清理过期日志 (log:purge, 180 days kept) changes anything.
 */
function OperationLogList() {
  const [open, setOpen] = useState<RaRecord | null>(null);
  return (
    <LogDataProvider>
      <PortalList
        resource="operationLog"
        title="操作日志"
        sort={{ field: 'createTime', order: 'DESC' }}
        filters={filters}
        actions={
          <TopToolbar>
            <PurgeButton />
          </TopToolbar>
        }
        empty={<ListEmpty canCreate={false} />}
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick={(_id, _resource, record) => {
            setOpen(record);
            return false;
          }}
          empty={<ListEmpty canCreate={false} />}
        >
          <TextField source="createTime" label="时间" sx={{ whiteSpace: 'nowrap' }} />
          <FunctionField
            label="用户"
            sortBy="username"
            render={(r: RaRecord) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="log-user">
                {r.username ?? '—'}
                {r.name ? (
                  <Typography component="span" variant="body2" color="text.secondary">
                    （{r.name}）
                  </Typography>
                ) : null}
              </Box>
            )}
          />
          <FunctionField label="类型" sortable={false} render={(r: RaRecord) => TYPE_LABEL[String(r.type)] ?? String(r.type ?? '')} />
          <FunctionField
            label="调用"
            sortBy="path"
            render={(r: RaRecord) => (
              <Box sx={ellipsis} title={`${r.method ?? ''} ${r.path ?? ''}`}>
                {r.operation ? <Box component="span">{r.operation} </Box> : null}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {r.path ?? ''}
                </Typography>
              </Box>
            )}
          />
          <FunctionField label="结果" sortable={false} render={() => <ResultChip />} />
          <FunctionField label="消息" sortable={false} render={(r: RaRecord) => <Box sx={ellipsis} title={r.resultMsg ?? ''}>{r.resultMsg ?? ''}</Box>} />
          <TextField source="ip" label="IP" sortable={false} />
          <DetailButton label="操作" onOpen={setOpen} />
        </Datagrid>
      </PortalList>
      <LogDetailDrawer record={open} onClose={() => setOpen(null)} />
    </LogDataProvider>
  );
}

const views: ResourceViews = { list: OperationLogList };
export default views;
