import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
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

interface Entry {
  id: number;
  dictKey: string;
  key: string;
  name: string;
  value: string | null;
  state: number;
  parentId: number;
  sort: number;
  children?: Entry[];
}

type Editing = { mode: 'add'; parentId: number } | { mode: 'edit'; entry: Entry };

function EntryDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const notify = useNotify();
  const [form, setForm] = useState({ key: '', name: '', value: '', state: 1, sort: 0 });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (editing?.mode === 'edit') {
      const e = editing.entry;
      setForm({ key: e.key, name: e.name, value: e.value ?? '', state: Number(e.state), sort: Number(e.sort ?? 0) });
    } else setForm({ key: '', name: '', value: '', state: 1, sort: 0 });
  }, [editing]);
  if (!editing) return null;
  const missing = !form.key.trim() ? '请输入键' : !form.name.trim() ? '请输入名称' : null;
  const save = async () => {
    if (missing) return;
    setSaving(true);
    try {
      if (editing.mode === 'add') await dataProvider.callExtra('dataDict', 'saveNode', { body: { ...form, parentId: editing.parentId } });
      else await dataProvider.call(crudCall(dataDict, 'update'), { body: { id: editing.entry.id, ...form } });
      notify(editing.mode === 'add' ? '新增成功' : '修改成功', { type: 'success' });
      onSaved();
    } catch {
      // the http client already showed the server's message
    } finally {
      setSaving(false);
    }
  };
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: k === 'state' || k === 'sort' ? Number(e.target.value) : e.target.value });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{editing.mode === 'add' ? '新增字典项' : '编辑字典项'}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField label="键" required value={form.key} onChange={set('key')} inputProps={{ maxLength: 50, name: 'key' }} helperText="记录中保存的编码" />
        <TextField label="名称" required value={form.name} onChange={set('name')} inputProps={{ maxLength: 100, name: 'name' }} />
        <TextField label="值" value={form.value} onChange={set('value')} inputProps={{ maxLength: 500, name: 'value' }} />
        <TextField select label="状态" value={form.state} onChange={set('state')}>
          <MenuItem value={1}>启用</MenuItem>
          <MenuItem value={0}>停用</MenuItem>
        </TextField>
        <TextField label="排序" type="number" value={form.sort} onChange={set('sort')} inputProps={{ min: 0, max: 9999 }} />
        {missing && <Typography variant="caption" color="error">{missing}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={save} disabled={!!missing || saving}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}

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

  const renderNodes = (nodes: Entry[], depth: number) =>
    nodes.map((n) => (
      <Box key={n.id}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: depth * 3, py: 0.5, borderBottom: '1px solid', borderColor: 'divider' }} data-testid="dict-entry">
          <Typography variant="body2" sx={{ minWidth: 160 }}>{n.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>键：{n.key}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>{n.value ? `值：${n.value}` : ''}</Typography>
          {Number(n.state) !== 1 && <Typography variant="caption" color="warning.main">已停用</Typography>}
          {canAdd && <Button size="small" onClick={() => setEditing({ mode: 'add', parentId: n.id })}>新增下级</Button>}
          {canEdit && <Button size="small" onClick={() => setEditing({ mode: 'edit', entry: n })}>编辑</Button>}
          {canDelete && <Button size="small" color="error" onClick={() => setDeleting(n)}>删除</Button>}
        </Box>
        {n.children && renderNodes(n.children, depth + 1)}
      </Box>
    ));

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
      {data && renderNodes(data.tree, 0)}
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
