import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ActionDecl, ResourceDecl, UploadDecl } from '../../resources/types';
import type { PortalDataProviderExtras } from '../../providers/types';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';

/** `导入成功：新增{added}条` with the answer's values; a name the answer lacks stays as written. */
export function fillMessage(template: string, data: unknown): string {
  const values = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined || values[name] === null ? whole : String(values[name])));
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`;

/**
 * The dialog of an upload action (an Excel import): the template to fill in, one file, and the server's
 * answer. A refusal (a wrong row saves nothing) stays in the dialog, naming the rows, until the next try.
 */
export function UploadDialog({ decl, action, upload, onClose, onDone }: { decl: ResourceDecl; action: ActionDecl; upload: UploadDecl; onClose: () => void; onDone: () => void }) {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const template = upload.template;
  const pick = (chosen: File | null) => {
    setProblem(chosen && chosen.size > upload.maxBytes ? `文件不能超过${megabytes(upload.maxBytes)}` : '');
    setFile(chosen);
  };
  const send = () => {
    if (!file || file.size > upload.maxBytes) return;
    const form = new FormData();
    form.append(upload.field ?? 'file', file, file.name);
    setBusy(true);
    setProblem('');
    dataProvider
      .call({ path: action.path, method: action.method }, { body: form, silent: true })
      .then((answer) => {
        success(fillMessage(action.success ?? '操作成功', answer));
        onDone();
      })
      .catch((e: unknown) => setProblem(e instanceof Error ? e.message : `${action.label}失败`))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{upload.title ?? action.label}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {upload.hint && (
            <Typography variant="body2" color="text.secondary">
              {upload.hint}
            </Typography>
          )}
          {template && (
            <div>
              <Button variant="text" onClick={() => void dataProvider.downloadExtra(decl.name, template.call, {}, template.fileName).catch(onError)}>
                下载模板
              </Button>
            </div>
          )}
          <Button variant="outlined" component="label">
            {file ? file.name : '选择文件'}
            <input
              hidden
              type="file"
              accept={upload.accept}
              data-testid="upload-file"
              onChange={(e) => {
                pick(e.target.files?.[0] ?? null);
                // Emptied, so picking the same file again (corrected after a refusal) reads it afresh.
                e.target.value = '';
              }}
            />
          </Button>
          {problem && (
            <Alert severity="error" data-testid="upload-problem">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={send} disabled={!file || busy}>
          {action.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
