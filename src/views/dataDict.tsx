import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import {
  CreateButton,
  Datagrid,
  DeleteButton,
  EditButton,
  TopToolbar,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import dataDict from '../../resources/dataDict';
import { refreshAllDic } from '../dict/allDic';
import { renderField } from '../generic/fields';
import { buildFilters } from '../generic/filters';
import { ListEmpty, PortalList } from '../generic/GenericList';
import type { ResourceViews } from '../generic/resourceViews';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import { http } from '../portal';

function RowActions({ canEdit, canDelete }: { label?: string; canEdit: boolean; canDelete: boolean }) {
  const record = useRecordContext<{ id: number; dictKey: string }>();
  const navigate = useNavigate();
  const onError = useErrorNotifier();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      <Button size="small" onClick={() => navigate(`/main/system/dataDictDetail?dictKey=${encodeURIComponent(record.dictKey)}`)}>
        字典项
      </Button>
      {canEdit && <EditButton />}
      {canDelete && (
        <DeleteButton
          mutationMode="pessimistic"
          redirect={false}
          confirmTitle="提示信息"
          confirmContent="确定删除该字典吗？还有字典项的字典不能删除。"
          mutationOptions={{ onError, onSuccess: () => void refreshAllDic(http).catch(() => undefined) }}
        />
      )}
    </Box>
  );
}

/** 数据字典: the groups, paged; 字典项 opens /main/system/dataDictDetail with the group's entries as a tree. */
function DataDictList() {
  const { canAccess: canCreate } = useCanAccess({ resource: 'dataDict', action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'dataDict', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'dataDict', action: 'delete' });
  // Group edits (through the generic forms) show up in every dict field after this list is seen again.
  useEffect(() => {
    void refreshAllDic(http).catch(() => undefined);
  }, []);
  const columns = dataDict.list.columns
    .map((name) => dataDict.fields.find((f) => f.name === name))
    .filter((f) => f !== undefined)
    .map((f) => renderField(dataDict, f, true));
  return (
    <PortalList
      resource="dataDict"
      title="数据字典"
      sort={dataDict.list.defaultSort}
      filters={buildFilters(dataDict)}
      actions={<TopToolbar>{canCreate && <CreateButton label="新增字典" />}</TopToolbar>}
      empty={<ListEmpty canCreate={!!canCreate} />}
    >
      <Datagrid rowClick={false} bulkActionButtons={false} empty={<ListEmpty canCreate={false} />}>
        {columns}
        <RowActions label="操作" canEdit={!!canEdit} canDelete={!!canDelete} />
      </Datagrid>
    </PortalList>
  );
}

const views: ResourceViews = { list: DataDictList };
export default views;
