import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { EconomicArea } from '../../../resources/economic/catalogue';
import { saveBlob, type BlobReply } from '../../../providers';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { http } from '../../portal';
import { paths } from './api';

/**
 * 导入: the template to fill in, one .xlsx file, and the server's answer. A wrong row saves nothing;
 * the message names the rows and stays in the dialog until the next try.
 */
export function ImportDialog({ area, onClose, onImported }: { area: EconomicArea; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const template = () => {
    http
      .request<BlobReply>({ path: paths(area.key).template, method: 'GET', responseType: 'blob', fallbackFileName: `${area.label}导入模板.xlsx` })
      .then(saveBlob)
      .catch(onError);
  };
  const send = () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    setProblem('');
    http
      .request<{ added: number; updated: number }>({ path: paths(area.key).import, body: form, silent: true })
      .then((r) => {
        success(`导入成功：新增${r.added}条，更新${r.updated}条`);
        onImported();
      })
      .catch((e: unknown) => setProblem(e instanceof Error ? e.message : '导入失败'))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>导入{area.label}数据</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            请先下载模板，按模板填写后上传（.xlsx，不超过2MB）。同一指标同一统计期已有数据的将被更新；任何一行有误时不会导入任何数据。
          </Typography>
          <div>
            <Button variant="text" onClick={template}>
              下载模板
            </Button>
          </div>
          <Button variant="outlined" component="label">
            {file ? file.name : '选择Excel文件'}
            <input
              hidden
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="economic-import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setProblem('');
              }}
            />
          </Button>
          {problem && (
            <Alert severity="error" data-testid="economic-import-problem">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={send} disabled={!file || busy}>
          导入
        </Button>
      </DialogActions>
    </Dialog>
  );
}
