import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import dataDict from '../../../resources/dataDict';
import { crudCall } from '../../../resources/declaredCalls';
import { dataProvider } from '../../data';
import type { Editing } from './types';

/** 新增字典项 / 编辑字典项: key, name, value, state and order. */
export function EntryDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
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
