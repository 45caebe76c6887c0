import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useCanAccess, useCreatePath, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PageDecl } from '../pages';
import dataDict from '../../resources/dataDict';
import { dataProvider } from '../data';
import { crudCall } from '../../resources/declaredCalls';
import { http } from '../portal';
import { refreshAllDic } from '../dict/allDic';
import { DictTree } from '../components/dictEntries/DictTree';
import { EntryDialog } from '../components/dictEntries/EntryDialog';
import type { Editing, Entry } from '../components/dictEntries/types';

/** 数据字典详情: one group's entries as a tree; add, edit and delete as the user's buttons allow. */
function DataDictDetail() {
  const location = useLocation();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const params = new URLSearchParams(location.search);
  const dictKey = params.get('dictKey') ?? '';
  const id = params.get('id') ?? '';
  const { canAccess: canAdd } = useCanAccess({ resource: 'dataDict', action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'dataDict', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'dataDict', action: 'delete' });
  const notify = useNotify();
  const [data, setData] = useState<{ group: Entry; tree: Entry[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);

  const load = useCallback(async () => {
    if (!dictKey && !id) {
      setError('请从数据字典列表选择一个字典');
      return;
    }
    try {
      setData(await dataProvider.callExtra<{ group: Entry; tree: Entry[] }>('dataDict', 'subEsType', { body: dictKey ? { dictKey } : { id } }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : '加载失败');
    }
  }, [dictKey, id]);
  useEffect(() => {
    void load();
  }, [load]);

  const changed = async () => {
    setEditing(null);
    await load();
    await refreshAllDic(http).catch(() => undefined);
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.call(crudCall(dataDict, 'delete'), { body: { id: deleting.id } });
      notify('删除成功', { type: 'success' });
      await changed();
    } catch {
      // shown by the http client
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Title title="数据字典详情" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {data ? `${data.group.name}（${data.group.dictKey}）` : '数据字典详情'}
        </Typography>
        <Button onClick={() => navigate(createPath({ resource: 'dataDict', type: 'list' }))}>返回</Button>
        {canAdd && data && (
          <Button variant="contained" onClick={() => setEditing({ mode: 'add', parentId: data.group.id })}>
            新增字典项
          </Button>
        )}
      </Box>
      {error && <Alert severity="warning">{error}</Alert>}
      {!error && !data && (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress size={20} />
        </Box>
      )}
      {data && data.tree.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', p: 4 }}>
          暂无数据
        </Typography>
      )}
      {data && <DictTree nodes={data.tree} depth={0} can={{ add: canAdd === true, edit: canEdit === true, delete: canDelete === true }} onEdit={setEditing} onDelete={setDeleting} />}
      <EntryDialog editing={editing} onClose={() => setEditing(null)} onSaved={changed} />
      <Confirm
        isOpen={!!deleting}
        title="提示信息"
        content={deleting ? `确定删除字典项“${deleting.name}”吗？` : ''}
        confirm="确定"
        cancel="取消"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}

const page: PageDecl = { path: '/main/system/dataDictDetail', component: DataDictDetail };
export default page;
