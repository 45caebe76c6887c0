import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { crudCall } from '../../resources/declaredCalls';
import type { LinkPickDialogDecl } from '../../resources/shape/linkPick';
import type { ActionDecl, ResourceDecl } from '../../resources/types';
import { dataProvider } from '../data';
import { getResource } from '../resources';
import { useActionPost } from './actionPost';

type Row = Record<string, unknown>;
type Choice = { value: number; label: string };

/** The records a list call answered (a page or a plain array). */
const listed = (answer: unknown): Row[] => (Array.isArray(answer) ? answer : ((answer as { list?: Row[] } | null)?.list ?? []));

/**
 * Pick a record of another entity, then tick this entity's records linked to it (`action.linkPick`,
 * resources/shape/linkPick.ts); saving posts the action's call with the picked id and every ticked id.
 */
export function LinkPickDialog({ decl, action, pick, onClose }: { decl: ResourceDecl; action: ActionDecl; pick: LinkPickDialogDecl; onClose: () => void }) {
  const { post } = useActionPost();
  const picked = getResource(pick.pick.entity);
  const [options, setOptions] = useState<Choice[]>([]);
  const [choices, setChoices] = useState<Choice[]>([]);
  const [key, setKey] = useState<number | ''>('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (!picked) return;
    const asChoice = (r: Row): Choice => ({ value: Number(r[picked.idField]), label: String(r[picked.titleField] ?? '') });
    dataProvider.call<unknown>(crudCall(picked, 'list'), { body: { pageNum: 1, pageSize: 200 } }).then((r) => setOptions(listed(r).map(asChoice)), () => setOptions([]));
    dataProvider.callExtra<Choice[]>(decl.name, pick.choices).then(setChoices, () => setChoices([]));
  }, [decl.name, pick.choices, picked]);
  useEffect(() => {
    if (key === '') return;
    dataProvider.callExtra<Row[]>(decl.name, pick.held.call, { query: { [pick.key]: key } }).then(
      (rows) => setChosen(new Set(rows.map((r) => Number(r[pick.held.field])))),
      () => setChosen(new Set()),
    );
  }, [decl.name, key, pick.held, pick.key]);
  const tick = (value: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    setChosen(next);
  };
  const save = () => post(decl, action.name, { [pick.key]: key, [pick.field]: [...chosen] }, { message: action.success ?? '保存成功', after: onClose, required: [pick.key] });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{pick.title ?? action.label}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={pick.pick.label} value={key} onChange={(e) => setKey(Number(e.target.value))}>
            {options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          {key !== '' && choices.length === 0 && <Typography color="text.secondary">{pick.empty ?? '暂无数据'}</Typography>}
          {key !== '' &&
            choices.map((c) => (
              <FormControlLabel key={c.value} label={c.label} control={<Checkbox checked={chosen.has(c.value)} onChange={(e) => tick(c.value, e.target.checked)} />} />
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={key === ''} onClick={save}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}
