import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { templateApi } from './templateApi';

/** 新建模板: a new, empty skin folder under the templates root. */
export function NewSkinDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const success = useSuccessNotifier();
  const [name, setName] = useState('');

  const create = async () => {
    const folder = name.trim();
    if (!folder) return;
    try {
      await templateApi.mkdir(folder);
      success('新建成功');
      setName('');
      onClose();
      onCreated();
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>新建模板</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth margin="dense" label="模板名称（文件夹名）" value={name} onChange={(e) => setName(e.target.value)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={!name.trim()} onClick={create}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
