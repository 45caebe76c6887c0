import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Title, useCreatePath } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { emitWarningToast } from '../../../providers';
import { ListLoading } from '../../generic/GenericList';
import { FieldInput } from '../../generic/plainFields';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { surveyApi, type SurveyQuestion } from './api';
import { bodyOf, check, type Draft, draftOf, emptyDraft, emptyQuestion, HEADER_FIELDS } from './draft';
import { QuestionCard } from './QuestionCard';

/** The survey being edited: empty for a new one, else loaded; locked once answers exist or it has started. */
function useSurveyDraft(id: string | undefined) {
  const [draft, setDraft] = useState<Draft | null>(id ? null : emptyDraft());
  const [locked, setLocked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    surveyApi.detail(id).then(
      (s) => {
        setDraft(draftOf(s));
        setLocked(Number(s.recordCount) > 0 || Number(s.status) === 1);
      },
      () => setError('问卷加载失败'),
    );
  }, [id]);
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  return { draft, set, locked, error };
}

/**
 * 新建问卷 / 编辑问卷 (/main/interact/addProblem, /survey/create, /survey/:id): title, description, time
 * window, anonymous or with contact details, questions (单选 / 多选 / 文本, 必答) with their options.
 * Questions can no longer change once answers exist (the server refuses; the form says so).
 */
export default function SurveyEditor() {
  const params = useParams();
  const search = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  const id = params.id ?? search.get('id') ?? undefined;
  const navigate = useNavigate();
  const surveyList = useCreatePath()({ resource: 'survey', type: 'list' });
  const success = useSuccessNotifier();
  const { draft, set, locked, error } = useSurveyDraft(id);
  const [saving, setSaving] = useState(false);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!draft) return <ListLoading />;
  const questions = draft.questions;
  const setQuestion = (i: number, patch: Partial<SurveyQuestion>) => set({ questions: questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });

  const save = async () => {
    const problem = check(draft);
    if (problem) return emitWarningToast(problem);
    setSaving(true);
    try {
      await surveyApi.save(bodyOf(draft, id, locked));
      success(id ? '修改成功' : '新增成功');
      navigate(surveyList);
    } catch {
      /* the http client showed the message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 960, mt: 2 }}>
      <Title title={id ? '编辑问卷' : '新建问卷'} />
      {/* The survey's own fields, as the declaration's form has them. */}
      <Card>
        <CardContent>
          <Stack spacing={2}>
            {HEADER_FIELDS.map((f) => (
              <FieldInput key={f.name} field={f} value={draft.values[f.name]} onChange={(v) => set({ values: { ...draft.values, [f.name]: v } })} />
            ))}
          </Stack>
        </CardContent>
      </Card>
      {locked && (
        <Alert severity="info" sx={{ mt: 2 }}>
          问卷已有答卷或正在进行中，题目不能修改；可以修改标题、说明和时间。
        </Alert>
      )}
      {questions.map((q, i) => (
        <QuestionCard
          key={i}
          index={i}
          question={q}
          locked={locked}
          removable={questions.length > 1}
          onChange={(patch) => setQuestion(i, patch)}
          onRemove={() => set({ questions: questions.filter((_, j) => j !== i) })}
        />
      ))}
      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 4 }}>
        {!locked && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => set({ questions: [...questions, emptyQuestion()] })}>
            添加题目
          </Button>
        )}
        <Button variant="contained" onClick={save} disabled={saving}>
          保存
        </Button>
        <Button onClick={() => navigate(surveyList)}>取消</Button>
      </Stack>
    </Box>
  );
}
