import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Confirm, Form, useDataProvider, useGetIdentity, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ActionDecl, FieldDecl, ResourceDecl } from '../../resources/types';
import type { PortalDataProviderExtras } from '../../providers/types';
import { renderInput } from './inputs';
import { htmlToText, textToHtml } from '../components/interaction/richText';
import { changedInputs, chosenQuestion } from './actionCallParts';

export interface ActionTarget {
  readonly id?: number | string;
  readonly ids?: readonly (number | string)[];
  /** The record's route (`call.atFor`): another declared path, and values added to the body. */
  readonly at?: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** What the dialog sends of the typed values: all of them, only the changed ones, blanks as '' or left out. */
function bodyOf(action: ActionDecl, record: RaRecord | undefined, values: Record<string, unknown>): Record<string, unknown> {
  const fields = action.input ?? [];
  if (action.call?.onlyChanged) return changedInputs(fields, record, values);
  const typed = inputValues(fields, values);
  return action.call?.sendBlanks ? { ...Object.fromEntries(fields.map((f) => [f.name, ''])), ...typed } : typed;
}

/** The submit button; with `call.onlyChanged` disabled until an input differs from the record. */
function SubmitButton({ action, record, busy }: { action: ActionDecl; record?: RaRecord; busy: boolean }) {
  const values = useWatch() as Record<string, unknown>;
  const unchanged = !!action.call?.onlyChanged && Object.keys(changedInputs(action.input ?? [], record, values)).length === 0;
  return (
    <Button type="submit" variant="contained" disabled={busy || unchanged} startIcon={busy ? <CircularProgress size={16} /> : undefined} data-testid={`action-input-submit-${action.name}`}>
      {action.call?.submit ?? '确定'}
    </Button>
  );
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

/** A success message with `{name}` filled from the call's answer (清理过期日志's 已清理{deleted}条日志). */
export function answerText(text: string, answer: unknown): string {
  const data = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(data[name] ?? ''));
}

/**
 * Where the inputs start: the record's own values of the same names (`prefillFromRecord`), else the
 * signed-in user's (`prefillFromUser`, e.g. 处理部门 from the officer's department), else the field's default.
 */
export function startValues(action: ActionDecl, record: Readonly<Record<string, unknown>> | undefined, identity: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  for (const f of action.input ?? []) {
    const from = action.call?.prefillFromRecord;
    const stored = from === true ? record?.[f.name] : from ? record?.[from[f.name] ?? ''] : undefined;
    // `editor: 'lines'` edits the stored paragraphs as lines of text.
    const own = f.type === 'richtext' && f.editor === 'lines' && typeof stored === 'string' ? htmlToText(stored) : stored;
    const userKey = action.call?.prefillFromUser?.[f.name];
    const mine = userKey ? identity?.[userKey] : undefined;
    const v = !blank(own) ? own : !blank(mine) ? mine : f.default;
    if (!blank(v)) out[f.name] = v;
  }
  return out;
}

/**
 * The dialog of an action that asks for values first (`action.input`: a reply, an opinion, a target):
 * the declared fields with the same inputs and checks as the forms, then the call with them as its body.
 * A refusal stays in the dialog, with what was typed, until the next try.
 */
export function ActionInputDialog({ decl, action, target, record, onClose, onDone }: { decl: ResourceDecl; action: ActionDecl; target: ActionTarget; record?: RaRecord; onClose: () => void; onDone: (answer: unknown) => void }) {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const { identity, isPending } = useGetIdentity();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const fields = action.input ?? [];
  const titleId = `action-input-${decl.name}-${action.name}`;
  const title = action.call?.title ?? action.label;
  // Read once the user is known: a new start object would reset what is typed.
  const waiting = !!action.call?.prefillFromUser && isPending;
  const start = useMemo(() => (waiting ? {} : { ...action.call?.startValues, ...startValues(action, record, identity) }), [waiting, action, record, identity]);
  // `call.confirmChosen`: the body waits for 确定 in the question worded from what was chosen.
  const [asking, setAsking] = useState<{ question: string; body: Record<string, unknown> } | null>(null);
  const post = (body: Record<string, unknown>) => {
    setBusy(true);
    setProblem('');
    return dataProvider
      .runAction(decl.name, action.name, { ...target, body: { ...action.call?.values, ...target.values, ...body } })
      .then(onDone, (e: unknown) => setProblem(e instanceof Error && e.message ? e.message : `${action.label}失败`))
      .finally(() => setBusy(false));
  };
  const send = (values: Record<string, unknown>) => {
    const body = bodyOf(action, record, values);
    const question = chosenQuestion(action, values, target.ids?.length ?? 1);
    if (question) setAsking({ question, body });
    else return post(body);
  };
  return (
    // Clicks inside stay here: the dialog is rendered from a list row, whose click opens the record.
    <>
    <Dialog open={!asking} keepMounted onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
      {waiting ? null : (
        <Form record={start} onSubmit={send} noValidate>
          <DialogTitle id={titleId}>{title}</DialogTitle>
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
            <SubmitButton action={action} record={record} busy={busy} />
          </DialogActions>
        </Form>
      )}
    </Dialog>
    {asking && (
      <Confirm
        isOpen
        title={action.confirmTitle ?? '提示'}
        content={asking.question}
        confirm="确定"
        cancel="取消"
        onConfirm={() => {
          const body = asking.body;
          setAsking(null);
          void post(body);
        }}
        onClose={() => setAsking(null)}
      />
    )}
    </>
  );
}
