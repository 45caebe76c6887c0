import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import {
  useNotify,
  useRedirect,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useSaveContext,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useIdempotencyKey } from '../../components/form/useIdempotencyKey';
import { useOnce } from '../../components/form/useOnce';
import { limited, maxChars } from '../../components/form/LengthCounter';
import { ImageUploadInput } from '../../components/imageUpload/ImageUpload';
import { LazyRichTextInput } from '../../components/richText';
import { PickerInput } from '../../components/dates/DateInputs';
import { useErrorNotifier } from '../../notices/useErrorNotifier';
import { columnPaths, contentApi, type ColumnRow, type SensitiveHit } from './api';
import { EssayFlagsInput } from './EssayFlagsInput';
import { ModelFieldsInput } from './ModelFieldsInput';
import { SUBMITTED_MESSAGE, SubmitReviewConfirm } from './SubmitReviewConfirm';
import { DetectButton, SensitiveHits } from './Panels';

/** The columns the user may publish into (granted list and cover columns), with their path as the label. */
export function useColumnChoices() {
  const [rows, setRows] = useState<ColumnRow[]>([]);
  useEffect(() => {
    contentApi.userColumns().then(setRows, () => setRows([]));
  }, []);
  return useMemo(() => {
    const paths = columnPaths(rows);
    return rows.filter((r) => r.granted !== false && r.columnType !== 3).map((r) => ({ id: r.categoryId, name: paths.get(r.categoryId) ?? r.categoryTitle }));
  }, [rows]);
}

function JumpUrlInput() {
  const flags = useWatch({ name: 'flags' }) as number[] | undefined;
  const jump = Array.isArray(flags) && flags.map(Number).includes(5);
  if (!jump) return null;
  return (
    <TextInput
      source="jumpUrl"
      label="跳转链接"
      fullWidth
      validate={[required('请填写跳转链接'), (v: unknown) => (v && !/^https?:\/\//i.test(String(v)) ? '跳转链接必须以 http:// 或 https:// 开头' : undefined)]}
    />
  );
}

/** Sensitive-word check of what is typed now; the submit button runs it first and shows the hits in context. */
function useDetection() {
  const form = useFormContext();
  const onError = useErrorNotifier();
  return async (): Promise<{ hits: SensitiveHit[]; blocked: boolean } | null> => {
    const v = form.getValues();
    try {
      return await contentApi.detection({ title: v.title, summary: v.summary, content: v.content });
    } catch (e) {
      onError(e);
      return null;
    }
  };
}

function DetectionDialog({ result, onClose, onSubmit }: { result: { hits: SensitiveHit[]; blocked: boolean } | null; onClose: () => void; onSubmit?: () => void }) {
  const once = useOnce();
  return (
    <Dialog open={!!result} onClose={onClose} fullWidth maxWidth="md" slotProps={{ transition: { onExited: once.reset } }}>
      <DialogTitle>提示信息</DialogTitle>
      <DialogContent>
        <SensitiveHits hits={result?.hits} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{onSubmit ? '取消' : '关闭'}</Button>
        {onSubmit && !result?.blocked && (
          <Button variant="contained" disabled={once.fired} onClick={() => once.fire(onSubmit)}>
            确定提交
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ArticleToolbar({ canSubmit }: { canSubmit: boolean }) {
  const detect = useDetection();
  const form = useFormContext();
  const [result, setResult] = useState<{ hits: SensitiveHit[]; blocked: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [asking, setAsking] = useState(false);
  const [checking, setChecking] = useState(false);
  const { isSubmitting } = useFormState();
  const saving = useSaveContext()?.saving ?? false;
  // Disabled from the click until the call has answered: one submit at a time.
  const busy = checking || isSubmitting || saving;
  // One key per open form and button (the draft and the submission are different bodies).
  const key = useIdempotencyKey();
  const notify = useNotify();
  const redirect = useRedirect();
  const confirmed = useRef(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const submitNow = () => {
    confirmed.current = true;
    submitButton.current?.click();
  };
  const onSubmitClick = async (event: MouseEvent<HTMLButtonElement>) => {
    if (confirmed.current) {
      confirmed.current = false;
      return;
    }
    event.preventDefault();
    setChecking(true);
    try {
      // The missing fields first: validated as a submit would (marked under each field), nothing asked.
      let valid = false;
      await form.handleSubmit(() => {
        valid = true;
      })();
      if (!valid) return;
      const r = await detect();
      if (!r) return;
      if (r.hits.length === 0) {
        // No sensitive word: still ask first (提示信息 / 确定 / 取消), as every state change does.
        setAsking(true);
        return;
      }
      setSubmitting(true);
      setResult(r);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton label="保存草稿" type="button" mutationOptions={{ meta: { idempotencyKey: `${key}:draft` } }} transform={(data: RaRecord) => ({ ...data, status: 3 })} />
      {canSubmit && (
        <SaveButton
          ref={submitButton}
          label="提交审核"
          variant="outlined"
          type="button"
          alwaysEnable={!busy}
          disabled={busy}
          transform={(data: RaRecord) => ({ ...data, status: 4 })}
          onClick={(e) => void onSubmitClick(e)}
          mutationOptions={{
            meta: { idempotencyKey: `${key}:submit` },
            onSuccess: () => {
              notify(SUBMITTED_MESSAGE, { type: 'success' });
              redirect('list', 'article');
            },
          }}
        />
      )}
      <SubmitReviewConfirm open={asking} busy={busy} onClose={() => setAsking(false)} onConfirm={submitNow} />
      <DetectButton
        onClick={() => {
          void detect().then((r) => {
            if (r) {
              setSubmitting(false);
              setResult(r);
            }
          });
        }}
      />
      <DetectionDialog
        result={result}
        onClose={() => setResult(null)}
        onSubmit={
          submitting
            ? () => {
                setResult(null);
                submitNow();
              }
            : undefined
        }
      />
    </Toolbar>
  );
}

/** Create and edit form of an article (fields of resources/article.ts, the column's model fields). */
export function ArticleForm({ children }: { children?: React.ReactNode }) {
  const record = useRecordContext();
  const choices = useColumnChoices();
  const status = Number(record?.status ?? 3);
  const canSubmit = [3, 2, 1].includes(status);
  return (
    <SimpleForm toolbar={<ArticleToolbar canSubmit={canSubmit} />} sx={{ maxWidth: 1200 }}>
      <TextInput {...limited('title', '标题', 200)} validate={[required('请输入标题'), maxChars('标题', 200)]} fullWidth />
      <TextInput {...limited('subTitle', '副标题', 200)} fullWidth />
      <SelectInput source="columnId" label="所属栏目" choices={choices} validate={[required('请选择所属栏目')]} emptyText="请选择栏目" sx={{ minWidth: 320 }} />
      <EssayFlagsInput />
      <JumpUrlInput />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput {...limited('source', '来源', 100)} />
        <TextInput {...limited('author', '作者', 50)} />
        <TextInput {...limited('keywords', '关键字', 200)} />
        <PickerInput source="publishTime" label="发布时间" kind="datetime" />
        <NumberInput source="sort" label="排序" min={0} max={999999} />
      </Box>
      <ImageUploadInput source="thumbnail" label="缩略图" />
      <TextInput {...limited('summary', '摘要', 500)} multiline minRows={2} fullWidth />
      <ModelFieldsInput />
      <LazyRichTextInput source="content" label="正文" />
      {children}
    </SimpleForm>
  );
}
