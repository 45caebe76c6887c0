import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DateValueBox } from '../../components/dates/DateInputs';
import type { Draft } from './draft';

interface Props {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
}

/** The survey's own fields: title, description, time window, how it is answered, whether results are public. */
export function SurveyHeaderCard({ draft, set }: Props) {
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <TextField label="问卷标题" name="title" required value={draft.title} onChange={(e) => set({ title: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField label="问卷说明" name="description" multiline minRows={2} value={draft.description} onChange={(e) => set({ description: e.target.value })} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          <Stack direction="row" spacing={2}>
            <DateValueBox kind="datetime" label="开始时间" name="startTime" value={draft.startTime} onChange={(v) => set({ startTime: v ?? '' })} width={210} />
            <DateValueBox kind="datetime" label="结束时间" name="endTime" value={draft.endTime} onChange={(v) => set({ endTime: v ?? '' })} width={210} />
            <TextField select label="答卷方式" name="anonymous" value={draft.anonymous} onChange={(e) => set({ anonymous: Number(e.target.value) })} sx={{ minWidth: 180 }}>
              <MenuItem value={1}>匿名</MenuItem>
              <MenuItem value={0}>需填写联系方式</MenuItem>
            </TextField>
            <TextField select label="公开结果" name="publicResult" value={draft.publicResult} onChange={(e) => set({ publicResult: Number(e.target.value) })} helperText="公开后网站可查看统计结果" sx={{ minWidth: 180 }}>
              <MenuItem value={0}>不公开</MenuItem>
              <MenuItem value={1}>公开</MenuItem>
            </TextField>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
