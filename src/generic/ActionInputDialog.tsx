import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form, useDataProvider, useRecordContext } from 'react-admin';
import type { ActionDecl, FieldDecl, ResourceDecl } from '../../resources/types';
import type { PortalDataProviderExtras } from '../../providers/types';
import { renderInput } from './inputs';
import { htmlToText, textToHtml } from '../components/interaction/richText';

export interface ActionTarget {
  readonly id?: number | string;
  readonly ids?: readonly (number | string)[];
}

/** The declared input values of a filled form: blanks left out (the server fills defaults, refuses a missing required one). */
export function inputValues(fields: readonly FieldDecl[], values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
    // `editor: 'lines'`: each line typed becomes a paragraph of the stored HTML.
    out[f.name] = typeof v === 'string' ? (f.type === 'richtext' && f.editor === 'lines' ? textToHtml(v) : v.trim()) : v;
  }
  return out;
}

/** With `action.prefill`, the row's current values of the input fields (an answer to correct); else nothing. */
export function prefilled(action: ActionDecl, record: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!action.prefill || !record) return out;
  for (const f of action.input ?? []) {
    const v = record[f.name];
    if (v === undefined || v === null) continue;
    out[f.name] = f.type === 'richtext' && f.editor === 'lines' && typeof v === 'string' ? htmlToText(v) : v;
  }
  return out;
}

/**
 * The dialog of an action that asks for values first (`action.input`: a reply, an opinion, a target):
 * the declared fields with the same inputs and checks as the forms, then the call with them as its body.
 * A refusal stays in the dialog, with what was typed, until the next try.
 */
export function ActionInputDialog({ decl, action, target, onClose, onDone }: { decl: ResourceDecl; action: ActionDecl; target: ActionTarget; onClose: () => void; onDone: () => void }) {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const fields = action.input ?? [];
  const record = useRecordContext();
  // Once, when the dialog opens: a new object on each render would reset what is being typed.
  const [initial] = useState(() => prefilled(action, record));
  const titleId = `action-input-${decl.name}-${action.name}`;
  const send = (values: Record<string, unknown>) => {
    setBusy(true);
    setProblem('');
    return dataProvider
      .runAction(decl.name, action.name, { ...target, body: inputValues(fields, values) })
      .then(onDone, (e: unknown) => setProblem(e instanceof Error && e.message ? e.message : `${action.label}失败`))
      .finally(() => setBusy(false));
  };
  return (
    // Clicks inside stay here: the dialog is rendered from a list row, whose click opens the record.
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
      <Form record={initial} onSubmit={send} noValidate>
        <DialogTitle id={titleId}>{action.label}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {action.confirm && <Typography variant="body2">{action.confirm}</Typography>}
            {fields.map((f) => renderInput(f, decl))}
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined} data-testid={`action-input-submit-${action.name}`}>
            {action.submitLabel ?? '确定'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
