import { useState } from 'react';
import { Confirm, DeleteButton, Toolbar, useRecordContext, useRedirect, useSaveContext, type RaRecord } from 'react-admin';
import Button from '@mui/material/Button';
import { useFormContext, useFormState } from 'react-hook-form';
import { inState } from '../../resources/behaviour';
import type { FormSubmitDecl, ResourceDecl } from '../../resources/types';
import { useIdempotencyKey } from '../components/form/useIdempotencyKey';
import { useOnce } from '../components/form/useOnce';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { CheckButton, CheckDialog, useFormCheck, type CheckFindings } from './FormCheck';

type Mode = 'create' | 'edit';

/** The declared defaults: what a new record's states are (a submit's `shownWhen` on a create form). */
export function declaredDefaults(decl: ResourceDecl): Record<string, unknown> {
  return Object.fromEntries(decl.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
}

/** The submits shown for the record being edited (a new one: its declared defaults). */
export function submitsFor(decl: ResourceDecl, record: RaRecord | undefined): FormSubmitDecl[] {
  const state = record ?? declaredDefaults(decl);
  return (decl.formSubmits ?? []).filter((s) => inState(state, s.shownWhen));
}

/**
 * One declared submit: the form's checks first (the missing fields are named, nothing asked), then the
 * question when it has one, then the save with its values and its own idempotency key. Disabled from the
 * click until the call has answered; 确定 fires once per opening (a double click stores one record).
 */
function SubmitButton({ decl, submit, index, mode }: { decl: ResourceDecl; submit: FormSubmitDecl; index: number; mode: Mode }) {
  const form = useFormContext();
  const saveContext = useSaveContext();
  const { isSubmitting } = useFormState();
  const key = useIdempotencyKey();
  const once = useOnce();
  const success = useSuccessNotifier();
  const onError = useErrorNotifier();
  const redirect = useRedirect();
  const [asking, setAsking] = useState<Record<string, unknown> | null>(null);
  const [found, setFound] = useState<{ values: Record<string, unknown>; findings: CheckFindings } | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const check = useFormCheck(decl);
  const disabled = busy || checking || isSubmitting || !!saveContext?.saving;
  const send = (values: Record<string, unknown>) => {
    setBusy(true);
    const done = () => setBusy(false);
    void saveContext?.save?.({ ...values, ...submit.values }, {
      meta: { idempotencyKey: `${key}:${index}` },
      onSuccess: () => {
        done();
        success(submit.success ?? (mode === 'create' ? 'ra.notification.created' : 'ra.notification.updated'));
        redirect('list', decl.name);
      },
      onError: (e: unknown) => {
        done();
        onError(e);
      },
    });
  };
  const ask = (values: Record<string, unknown>) => (submit.confirm ? setAsking(values) : send(values));
  // The declared check first (敏感词检测): findings are shown with 确定提交 (unless they forbid it), none goes on to the question.
  const checked = async (values: Record<string, unknown>) => {
    if (!submit.check || !decl.formCheck) return ask(values);
    setChecking(true);
    const findings = await check(values);
    setChecking(false);
    if (!findings) return;
    if (findings.rows.length === 0) ask(values);
    else setFound({ values, findings });
  };
  const click = () => void form.handleSubmit(checked)();
  return (
    <>
      <Button variant={submit.primary ? 'contained' : 'outlined'} disabled={disabled} onClick={click}>
        {submit.label}
      </Button>
      {decl.formCheck && (
        <CheckDialog
          check={decl.formCheck}
          findings={found?.findings ?? null}
          onClose={() => setFound(null)}
          onSubmit={() => {
            const values = found?.values;
            setFound(null);
            if (values) send(values);
          }}
        />
      )}
      {submit.confirm && (
        <Confirm
          isOpen={asking !== null}
          loading={disabled || once.fired}
          title={submit.confirmTitle ?? '提示'}
          content={submit.confirm}
          confirm="确定"
          cancel="取消"
          onClose={() => setAsking(null)}
          onConfirm={() =>
            once.fire(() => {
              const values = asking;
              setAsking(null);
              if (values) send(values);
            })
          }
          slotProps={{ transition: { onExited: once.reset } }}
        />
      )}
    </>
  );
}

/** The form's toolbar with the declared submits (`formSubmits`) instead of 保存; an edit keeps 删除. */
export function SubmitsToolbar({ decl, mode }: { decl: ResourceDecl; mode: Mode }) {
  const record = useRecordContext();
  const onError = useErrorNotifier();
  return (
    <Toolbar sx={{ display: 'flex', gap: 1 }}>
      {submitsFor(decl, mode === 'edit' ? record : undefined).map((submit, i) => (
        <SubmitButton key={submit.label} decl={decl} submit={submit} index={i} mode={mode} />
      ))}
      {decl.formCheck && <CheckButton decl={decl} />}
      {mode === 'edit' && decl.api.delete && (!record || inState(record, decl.list.rowDeleteWhen)) && (
        <DeleteButton sx={{ ml: 'auto' }} mutationMode="pessimistic" mutationOptions={{ onError }} />
      )}
    </Toolbar>
  );
}
