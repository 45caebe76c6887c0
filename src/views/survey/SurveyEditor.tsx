import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useCreatePath } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { emitWarningToast } from '../../../providers';
import { ListLoading } from '../../generic/GenericList';
import { useSuccessNotifier } from '../../notices/useErrorNotifier';
import { QUESTION_TYPES, surveyApi, type SurveyQuestion } from './api';

interface Draft {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  anonymous: number;
  publicResult: number;
  questions: SurveyQuestion[];
}
const emptyQuestion = (): SurveyQuestion => ({ title: '', type: 0, required: 1, options: [{ content: '' }, { content: '' }] });
const toInput = (v: string | null | undefined) => (v ? v.slice(0, 16).replace(' ', 'T') : '');
const fromInput = (v: string) => (v ? `${v.replace('T', ' ')}:00` : '');

/** Local checks before anything is sent (the server checks the same). */
function check(d: Draft): string | null {
  if (!d.title.trim()) return '请输入问卷标题';
  if (d.startTime && d.endTime && d.startTime >= d.endTime) return '结束时间必须晚于开始时间';
  if (d.questions.length === 0) return '问卷至少需要一道题目';
  for (const [i, q] of d.questions.entries()) {
    if (!q.title.trim()) return `请输入第${i + 1}题的题目`;
    if (q.type !== 2) {
      const filled = q.options.filter((o) => o.content.trim());
      if (filled.length < 2) return `第${i + 1}题（选择题）至少需要两个选项`;
    }
  }
  return null;
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
  const [draft, setDraft] = useState<Draft | null>(id ? null : { title: '', description: '', startTime: '', endTime: '', anonymous: 1, publicResult: 0, questions: [emptyQuestion()] });
  const [locked, setLocked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    surveyApi.detail(id).then(
      (s) => {
        setDraft({
          title: s.title,
          description: s.description ?? '',
          startTime: toInput(s.startTime),
          endTime: toInput(s.endTime),
          anonymous: Number(s.anonymous),
          publicResult: Number(s.publicResult ?? 0),
          questions: s.questions.map((q) => ({ ...q, options: q.options.map((o) => ({ content: o.content })) })),
        });
        setLocked(Number(s.recordCount) > 0 || Number(s.status) === 1);
      },
      () => setError('问卷加载失败'),
    );
  }, [id]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!draft) return <ListLoading />;

  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setQuestion = (i: number, patch: Partial<SurveyQuestion>) => set({ questions: draft.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });

  const save = async () => {
    const problem = check(draft);
    if (problem) {
      emitWarningToast(problem);
      return;
    }
    const body: Record<string, unknown> = {
      title: draft.title.trim(),
      description: draft.description.trim(),
      startTime: fromInput(draft.startTime),
      endTime: fromInput(draft.endTime),
      anonymous: draft.anonymous,
      publicResult: draft.publicResult,
    };
    if (!locked) {
      body.questions = draft.questions.map((q, i) => ({
        title: q.title.trim(),
        type: q.type,
        required: q.required,
        sort: i + 1,
        options: q.type === 2 ? [] : q.options.filter((o) => o.content.trim()).map((o, j) => ({ content: o.content.trim(), sort: j + 1 })),
      }));
    }
    if (id) body.id = Number(id);
    setSaving(true);
    try {
      await surveyApi.save(body);
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
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TextField label="问卷标题" name="title" required value={draft.title} onChange={(e) => set({ title: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField label="问卷说明" name="description" multiline minRows={2} value={draft.description} onChange={(e) => set({ description: e.target.value })} slotProps={{ htmlInput: { maxLength: 2000 } }} />
            <Stack direction="row" spacing={2}>
              <TextField label="开始时间" name="startTime" type="datetime-local" value={draft.startTime} onChange={(e) => set({ startTime: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField label="结束时间" name="endTime" type="datetime-local" value={draft.endTime} onChange={(e) => set({ endTime: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField select label="答卷方式" name="anonymous" value={draft.anonymous} onChange={(e) => set({ anonymous: Number(e.target.value) })} sx={{ minWidth: 180 }}>
                <MenuItem value={1}>匿名</MenuItem>
                <MenuItem value={0}>需填写联系方式</MenuItem>
              </TextField>
              <TextField
                select
                label="公开结果"
                name="publicResult"
                value={draft.publicResult}
                onChange={(e) => set({ publicResult: Number(e.target.value) })}
                helperText="公开后网站可查看统计结果"
                sx={{ minWidth: 180 }}
              >
                <MenuItem value={0}>不公开</MenuItem>
                <MenuItem value={1}>公开</MenuItem>
              </TextField>
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      {locked && (
        <Alert severity="info" sx={{ mt: 2 }}>
          问卷已有答卷或正在进行中，题目不能修改；可以修改标题、说明和时间。
        </Alert>
      )}

      {draft.questions.map((q, i) => (
        <Card key={i} sx={{ mt: 2 }} data-testid="survey-question">
          <CardContent>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={2} alignItems="center">
                <Typography sx={{ minWidth: 48 }}>第{i + 1}题</Typography>
                <TextField label="题目" name={`questions.${i}.title`} fullWidth required disabled={locked} value={q.title} onChange={(e) => setQuestion(i, { title: e.target.value })} />
                <TextField select label="题型" name={`questions.${i}.type`} disabled={locked} value={q.type} onChange={(e) => setQuestion(i, { type: Number(e.target.value) })} sx={{ minWidth: 110 }}>
                  {QUESTION_TYPES.map((t) => (
                    <MenuItem key={t.value} value={t.value}>
                      {t.label}
                    </MenuItem>
                  ))}
                </TextField>
                <FormControlLabel control={<Checkbox checked={q.required === 1} disabled={locked} onChange={(e) => setQuestion(i, { required: e.target.checked ? 1 : 0 })} />} label="必答" />
                <IconButton aria-label="删除题目" disabled={locked || draft.questions.length === 1} onClick={() => set({ questions: draft.questions.filter((_, j) => j !== i) })}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
              {q.type !== 2 &&
                q.options.map((o, j) => (
                  <Stack key={j} direction="row" spacing={1} alignItems="center" sx={{ pl: 8 }}>
                    <TextField
                      size="small"
                      label={`选项${j + 1}`}
                      name={`questions.${i}.options.${j}`}
                      fullWidth
                      disabled={locked}
                      value={o.content}
                      onChange={(e) => setQuestion(i, { options: q.options.map((x, k) => (k === j ? { content: e.target.value } : x)) })}
                    />
                    <IconButton aria-label="删除选项" size="small" disabled={locked || q.options.length <= 2} onClick={() => setQuestion(i, { options: q.options.filter((_, k) => k !== j) })}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                ))}
              {q.type !== 2 && !locked && (
                <Box sx={{ pl: 8 }}>
                  <Button size="small" startIcon={<AddIcon />} onClick={() => setQuestion(i, { options: [...q.options, { content: '' }] })}>
                    添加选项
                  </Button>
                </Box>
              )}
            </Stack>
          </CardContent>
        </Card>
      ))}

      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 4 }}>
        {!locked && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => set({ questions: [...draft.questions, emptyQuestion()] })}>
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
