import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Form, required, SelectInput, TextInput, useCanAccess, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import articleDecl from '../../resources/article';
import { limited, maxChars } from '../components/form/LengthCounter';
import { useIdempotencyKey } from '../components/form/useIdempotencyKey';
import { ImageUploadInput } from '../components/imageUpload/ImageUpload';
import { LazyRichTextInput } from '../components/richText';
import { dataProvider } from '../data';
import { ListLoading } from '../generic/GenericList';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import type { PageDecl } from '../pages';
import { REPORT_ROUTES } from '../routes/specRoutes';
import { SUBMITTED_MESSAGE, SubmitReviewConfirm } from '../views/content/SubmitReviewConfirm';
import type { FieldDecl } from '../../resources/types';
import { useCallChoices } from '../generic/CallChoicesInput';

type Values = { title?: string; columnId?: number; source?: string; author?: string; thumbnail?: string; content?: string };
const FIELDS = ['title', 'columnId', 'source', 'author', 'thumbnail', 'content'] as const;

function Buttons({ articleId, status }: { articleId?: number; status?: number }) {
  const { handleSubmit, trigger } = useFormContext<Values>();
  const [busy, setBusy] = useState(false);
  // One key per open form and step: a repeated submit stores one article (server/http/idempotency.ts).
  const key = useIdempotencyKey();
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const save = (next: 3 | 4) =>
    handleSubmit(async (values) => {
      const body: Record<string, unknown> = Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? '']));
      if (busy) return;
      setBusy(true);
      try {
        // Editing a draft keeps it a draft (no status); a returned one stays returned until submitted.
        if (articleId) await dataProvider.call(articleDecl.api.update, { body: { ...body, articleId, ...(next === 4 ? { status: 4 } : {}) } });
        else await dataProvider.call(articleDecl.api.create, { body: { ...body, status: next }, idempotencyKey: `${key}:${next}` });
        success(next === 4 ? SUBMITTED_MESSAGE : '已保存为草稿');
        navigate(REPORT_ROUTES.myList);
      } catch (e) {
        onError(e);
      } finally {
        setBusy(false);
      }
    });
  // Which fields are missing comes before the question: an invalid form is submitted so its errors show.
  const askIfValid = async () => {
    if (await trigger()) setAsking(true);
    else await save(4)();
  };
  const canSubmit = !articleId || status === 3 || status === 2 || status === undefined;
  return (
    <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
      <Button variant="outlined" disabled={busy} onClick={(e) => void save(3)(e)}>
        保存草稿
      </Button>
      {canSubmit && (
        <Button variant="contained" disabled={busy} onClick={() => void askIfValid()}>
          提交审核
        </Button>
      )}
      <Button disabled={busy} onClick={() => navigate(REPORT_ROUTES.myList)}>
        取消
      </Button>
      {/* Asked first (提示信息 / 确定 / 取消), as every state change is. */}
      <SubmitReviewConfirm open={asking} busy={busy} onClose={() => setAsking(false)} onConfirm={() => void save(4)()} />
    </Box>
  );
}

const columnChoices = (articleDecl.fields as readonly FieldDecl[]).find((f) => f.name === 'columnId')!.choicesFrom!;

/** 信息报送 (reporting app, /report/article/infoReport): add news (or edit one's draft / returned item with ?id=). */
function InfoReport() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  // The columns the caller may publish into, by path: the article form's declared choices.
  const columns = useCallChoices(columnChoices) ?? [];
  const onError = useErrorNotifier();
  const { canAccess, isPending } = useCanAccess({ action: id ? 'article:update' : 'article:add', resource: 'article' });
  const [record, setRecord] = useState<(Values & { status?: number; lastOpinion?: string | null }) | null>(id ? null : {});
  useEffect(() => {
    if (!id) return;
    dataProvider.getOne<Values & RaRecord & { status: number; lastOpinion: string | null }>('article', { id }).then(({ data }) => setRecord(data), (e) => (onError(e), setRecord({})));
  }, [id, onError]);
  if (isPending || record === null) return <ListLoading />;
  if (!canAccess) {
    return (
      <Typography sx={{ p: 4 }} color="text.secondary">
        您没有报送信息的权限
      </Typography>
    );
  }
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {id ? '修改报送' : '信息报送'}
      </Typography>
      {record.lastOpinion && (
        <Typography color="warning.main" sx={{ mb: 2 }}>
          审核意见：{record.lastOpinion}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Form record={{ ...record }} key={id ?? 'new'}>
          <TextInput {...limited('title', '标题', 200)} validate={[required('请输入标题'), maxChars('标题', 200)]} fullWidth />
          <SelectInput source="columnId" label="栏目" choices={columns} validate={required('请选择栏目')} sx={{ minWidth: 320 }} emptyText="请选择栏目" />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextInput {...limited('source', '来源', 100)} />
            <TextInput {...limited('author', '作者', 50)} />
          </Box>
          <ImageUploadInput source="thumbnail" label="缩略图" />
          <LazyRichTextInput source="content" label="正文" />
          <Buttons articleId={id} status={record.status} />
        </Form>
      </Paper>
    </Box>
  );
}

const page: PageDecl = { path: REPORT_ROUTES.info, component: InfoReport, app: 'reportSite' };
export default page;
