import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { FormCheckDecl, ResourceDecl } from '../../resources/types';
import type { PortalDataProviderExtras } from '../../providers/types';
import { useOnce } from '../components/form/useOnce';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import { RowsTable } from './ShowTables';

/** What a check found: its rows, and whether they forbid the submit. */
export interface CheckFindings {
  readonly rows: readonly Record<string, unknown>[];
  readonly blocked: boolean;
}

/** The findings of a check's answer (`list` rows, the `blocked` key). */
export function findingsOf(check: FormCheckDecl, answer: unknown): CheckFindings {
  const data = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
  const rows = Array.isArray(data[check.list]) ? (data[check.list] as Record<string, unknown>[]) : [];
  return { rows, blocked: !!check.blocked && data[check.blocked] === true };
}

/** Runs the declared check (`formCheck`) on the given values; null when the call failed (its message shown). */
export function useFormCheck(decl: ResourceDecl): (values: Record<string, unknown>) => Promise<CheckFindings | null> {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const onError = useErrorNotifier();
  return async (values) => {
    const check = decl.formCheck!;
    const body = Object.fromEntries(check.fields.map((f) => [f, values[f]]));
    try {
      return findingsOf(check, await dataProvider.callExtra<unknown>(decl.name, check.call, { body }));
    } catch (e) {
      onError(e);
      return null;
    }
  };
}

/** The findings in a dialog: 关闭, or (before a submit) 取消 / 确定提交 unless they forbid it. */
export function CheckDialog({ check, findings, onClose, onSubmit }: { check: FormCheckDecl; findings: CheckFindings | null; onClose: () => void; onSubmit?: () => void }) {
  const once = useOnce();
  return (
    <Dialog open={!!findings} onClose={onClose} fullWidth maxWidth="md" slotProps={{ transition: { onExited: once.reset } }}>
      <DialogTitle>{check.title ?? '提示信息'}</DialogTitle>
      <DialogContent>
        {findings?.blocked && check.blockedText && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {check.blockedText}
          </Alert>
        )}
        <RowsTable rows={findings?.rows ?? []} table={{ label: check.label, columns: check.columns, empty: check.empty }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{onSubmit ? '取消' : '关闭'}</Button>
        {onSubmit && !findings?.blocked && (
          <Button variant="contained" disabled={once.fired} onClick={() => once.fire(onSubmit)}>
            确定提交
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The check as a toolbar button of its own (敏感词检测): what is typed now, the findings in the dialog. */
export function CheckButton({ decl }: { decl: ResourceDecl }) {
  const form = useFormContext();
  const run = useFormCheck(decl);
  const [findings, setFindings] = useState<CheckFindings | null>(null);
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    const found = await run(form.getValues());
    setBusy(false);
    if (found) setFindings(found);
  };
  return (
    <>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => void click()}>
        {decl.formCheck!.label}
      </Button>
      <CheckDialog check={decl.formCheck!} findings={findings} onClose={() => setFindings(null)} />
    </>
  );
}
