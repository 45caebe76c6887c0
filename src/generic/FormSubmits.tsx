import { useState } from 'react';
import { Confirm, DeleteButton, Toolbar, useRecordContext, useRedirect, useSaveContext, type RaRecord } from 'react-admin';
import Button from '@mui/material/Button';
import { useFormContext, useFormState } from 'react-hook-form';
import { inState } from '../../resources/behaviour';
import type { FormSubmitDecl, ResourceDecl } from '../../resources/types';
import { useIdempotencyKey } from '../components/form/useIdempotencyKey';
import { useOnce } from '../components/form/useOnce';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';

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
  const [busy, setBusy] = useState(false);
  const disabled = busy || isSubmitting || !!saveContext?.saving;
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
  const click = () =>
    void form.handleSubmit((values) => (submit.confirm ? setAsking(values) : send(values)))();
  return (
    <>
      <Button variant={submit.primary ? 'contained' : 'outlined'} disabled={disabled} onClick={click}>
        {submit.label}
      </Button>
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
      {mode === 'edit' && decl.api.delete && (!record || inState(record, decl.list.rowDeleteWhen)) && (
        <DeleteButton sx={{ ml: 'auto' }} mutationMode="pessimistic" mutationOptions={{ onError }} />
      )}
    </Toolbar>
  );
}
