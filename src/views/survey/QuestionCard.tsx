import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
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
import { QUESTION_TYPES, type SurveyQuestion } from './api';
import { isChoice } from './draft';

interface Props {
  index: number;
  question: SurveyQuestion;
  locked: boolean;
  /** The last question cannot be removed. */
  removable: boolean;
  onChange: (patch: Partial<SurveyQuestion>) => void;
  onRemove: () => void;
}

/** A choice question's options, each with its delete button (two at least), and 添加选项. */
function Options({ index, question, locked, onChange }: Omit<Props, 'removable' | 'onRemove'>) {
  const options = question.options;
  return (
    <>
      {options.map((o, j) => (
        <Stack key={j} direction="row" spacing={1} alignItems="center" sx={{ pl: 8 }}>
          <TextField
            size="small"
            label={`选项${j + 1}`}
            name={`questions.${index}.options.${j}`}
            fullWidth
            disabled={locked}
            value={o.content}
            onChange={(e) => onChange({ options: options.map((x, k) => (k === j ? { content: e.target.value } : x)) })}
          />
          <IconButton aria-label="删除选项" size="small" disabled={locked || options.length <= 2} onClick={() => onChange({ options: options.filter((_, k) => k !== j) })}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      {!locked && (
        <Box sx={{ pl: 8 }}>
          <Button size="small" startIcon={<AddIcon />} onClick={() => onChange({ options: [...options, { content: '' }] })}>
            添加选项
          </Button>
        </Box>
      )}
    </>
  );
}

/** 第N题: its text, type, 必答 and, for a choice question, its options. */
export function QuestionCard({ index, question: q, locked, removable, onChange, onRemove }: Props) {
  return (
    <Card sx={{ mt: 2 }} data-testid="survey-question">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={2} alignItems="center">
            <Typography sx={{ minWidth: 48 }}>第{index + 1}题</Typography>
            <TextField label="题目" name={`questions.${index}.title`} fullWidth required disabled={locked} value={q.title} onChange={(e) => onChange({ title: e.target.value })} />
            <TextField select label="题型" name={`questions.${index}.type`} disabled={locked} value={q.type} onChange={(e) => onChange({ type: Number(e.target.value) })} sx={{ minWidth: 110 }}>
              {QUESTION_TYPES.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Checkbox checked={q.required === 1} disabled={locked} onChange={(e) => onChange({ required: e.target.checked ? 1 : 0 })} />} label="必答" />
            <IconButton aria-label="删除题目" disabled={locked || !removable} onClick={onRemove}>
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
          {isChoice(q) && <Options index={index} question={q} locked={locked} onChange={onChange} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
