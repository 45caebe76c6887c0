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
import { CanAccess } from 'react-admin';
import plateDecl from '../../resources/plate';
import role from '../../resources/role';
import { dataProvider } from '../data';
import { actionCall, crudCall } from '../../resources/declaredCalls';
import { useSuccessNotifier } from '../notices/useErrorNotifier';

/** 版主设置: pick a role, tick the plates it moderates (the plateRole action). */
function PlateRoleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const success = useSuccessNotifier();
  const [roles, setRoles] = useState<{ roleId: number; name: string }[]>([]);
  const [plates, setPlates] = useState<{ value: number; label: string }[]>([]);
  const [roleId, setRoleId] = useState<number | ''>('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (!open) return;
    dataProvider.call<{ list?: { roleId: number; name: string }[] } | { roleId: number; name: string }[]>(crudCall(role, 'list'), { body: { pageNum: 1, pageSize: 200 } }).then(
      (r) => setRoles(Array.isArray(r) ? r : (r.list ?? [])),
      () => setRoles([]),
    );
    dataProvider.callExtra<{ value: number; label: string }[]>('plate', 'roleOptions').then(setPlates, () => setPlates([]));
  }, [open]);
  useEffect(() => {
    if (roleId === '') return;
    dataProvider.callExtra<{ plateId: number }[]>('plate', 'roleLinks', { query: { roleId } }).then(
      (links) => setChosen(new Set(links.map((l) => Number(l.plateId)))),
      () => setChosen(new Set()),
    );
  }, [roleId]);
  const save = async () => {
    try {
      await dataProvider.call(actionCall(plateDecl, 'plateRole'), { body: { roleId, plateIds: [...chosen] }, required: ['roleId'] });
      success('保存成功');
      onClose();
    } catch {
      /* shown by the http client */
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>版主设置</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="角色" value={roleId} onChange={(e) => setRoleId(Number(e.target.value))}>
            {roles.map((r) => (
              <MenuItem key={r.roleId} value={r.roleId}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          {roleId !== '' && plates.length === 0 && <Typography color="text.secondary">暂无版块</Typography>}
          {roleId !== '' &&
            plates.map((p) => (
              <FormControlLabel
                key={p.value}
                label={p.label}
                control={
                  <Checkbox
                    checked={chosen.has(p.value)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(p.value);
                      else next.delete(p.value);
                      setChosen(next);
                    }}
                  />
                }
              />
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={roleId === ''} onClick={save}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}


/** 版主设置 over the generic list of 论坛版块 (resources/plate.ts listPanels): which roles moderate which plates. */
export default function PlateRolesPanel() {
  const [open, setOpen] = useState(false);
  return (
    <CanAccess action="plate:role" resource="plate">
      <Stack direction="row" sx={{ px: 2, pb: 1 }}>
        <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
          版主设置
        </Button>
      </Stack>
      <PlateRoleDialog open={open} onClose={() => setOpen(false)} />
    </CanAccess>
  );
}
