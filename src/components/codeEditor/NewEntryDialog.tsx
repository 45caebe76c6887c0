import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-admin';
import { emitWarningToast } from '../../../providers';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { isTextFile, templateApi, templateLinks, type TemplateEntry } from './templateApi';

interface Props {
  /** Which kind to create; null closes the dialog. */
  kind: 'file' | 'folder' | null;
  folder: string;
  /** The folder's entries, to refuse a name already taken. */
  entries: TemplateEntry[] | null;
  onClose: () => void;
  onCreated: () => void;
}

/** 新建文件 opens the editor on the new file (written on its first save); 新建文件夹 creates the folder now. */
export function NewEntryDialog({ kind, folder, entries, onClose, onCreated }: Props) {
  const navigate = useNavigate();
  const success = useSuccessNotifier();
  const [name, setName] = useState('');
  const close = () => (setName(''), onClose());

  const submit = async () => {
    const n = name.trim();
    if (!n) return;
    if (entries?.some((e) => e.name === n)) {
      emitWarningToast(`已存在同名文件或文件夹：${n}`);
      return;
    }
    const path = folder ? `${folder}/${n}` : n;
    if (kind === 'file') {
      close();
      navigate(templateLinks.edit(path, true));
      return;
    }
    try {
      await templateApi.mkdir(path);
      success('新建成功');
      close();
      onCreated();
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Dialog open={kind !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{kind === 'file' ? '新建文件' : '新建文件夹'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={kind === 'file' ? '文件名（如 special.html）' : '文件夹名称'}
          helperText={kind === 'file' ? '支持 .html、.htm、.liquid、.css、.js、.txt' : undefined}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={!name.trim() || (kind === 'file' && !isTextFile(name.trim()))} onClick={submit}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
