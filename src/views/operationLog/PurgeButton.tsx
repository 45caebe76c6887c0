import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { PortalDataProvider } from '../../../providers';
import operationLog from '../../../resources/operationLog';
import { actionCall } from '../../../resources/declaredCalls';
import { SUCCESS_TOAST_MS } from '../../notices/useErrorNotifier';

/** Entries younger than this are never deleted (server/modules/system/logs/logRoutes.ts says the same). */
export const RETENTION_DAYS = 180;

/**
 * 清理过期日志 (the purge action { days }, permission log:purge, only the 系统管理员 role): asks how old, at
 * least 180 days, in a 提示信息 dialog. Not a delete of chosen rows: the log has no row deletion at all.
 */
export function PurgeButton() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'operationLog', action: 'log:purge' });
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(String(RETENTION_DAYS));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;

  const n = Number(days);
  const problem = !Number.isInteger(n) || n < RETENTION_DAYS ? `日志至少保留${RETENTION_DAYS}天，只能清理${RETENTION_DAYS}天以前的日志` : null;
  const purge = async () => {
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await dataProvider.call<{ deleted: number }>(actionCall(operationLog, 'purge'), { body: { days: n }, silent: true });
      notify(`已清理${r?.deleted ?? 0}条日志`, { type: 'success', autoHideDuration: SUCCESS_TOAST_MS });
      setOpen(false);
      refresh();
    } catch (e) {
      setFailure(e instanceof Error && e.message ? e.message : '清理失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" color="warning" onClick={() => setOpen(true)}>
        清理过期日志
      </Button>
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="log-purge-title">
        <DialogTitle id="log-purge-title">提示信息</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>只会清理{RETENTION_DAYS}天以前的日志，清理后不能恢复，确定清理吗？</DialogContentText>
          <TextField
            label="清理多少天以前的日志"
            type="number"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={!!problem}
            helperText={problem ?? undefined}
            slotProps={{ htmlInput: { min: RETENTION_DAYS, name: 'days' } }}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            取消
          </Button>
          <Button variant="contained" color="warning" onClick={purge} disabled={!!problem || busy}>
            确定
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
