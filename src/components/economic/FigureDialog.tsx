import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { PERIOD_TYPE_OPTIONS, type EconomicArea } from '../../../resources/economic/catalogue';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { http } from '../../portal';
import { paths, type Figure } from './api';

interface Draft {
  indicator: string;
  periodType: string;
  year: string;
  period: string;
  value: string;
  growthRate: string;
  remark: string;
}

const draftOf = (area: EconomicArea, f: Figure | null): Draft => ({
  indicator: f?.indicator ?? area.indicators[0]?.code ?? '',
  periodType: f?.periodType ?? area.periods[0] ?? 'year',
  year: String(f?.year ?? new Date().getFullYear() - 1),
  period: String(f?.period ?? 0),
  value: f ? String(f.value) : '',
  growthRate: f?.growthRate === null || f?.growthRate === undefined ? '' : String(f.growthRate),
  remark: f?.remark ?? '',
});

/** 新增 / 修改 one figure; the server checks the rules and answers the message shown on failure. */
export function FigureDialog({ area, figure, onClose, onSaved }: { area: EconomicArea; figure: Figure | null; onClose: () => void; onSaved: () => void }) {
  const [d, setD] = useState<Draft>(() => draftOf(area, figure));
  const [busy, setBusy] = useState(false);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });
  const unit = area.indicators.find((i) => i.code === d.indicator)?.unit ?? '';
  const periods = d.periodType === 'quarter' ? [1, 2, 3, 4] : d.periodType === 'month' ? Array.from({ length: 12 }, (_, i) => i + 1) : [0];
  const save = () => {
    setBusy(true);
    const body: Record<string, unknown> = { ...d, period: d.periodType === 'year' ? 0 : d.period, growthRate: d.growthRate === '' ? null : d.growthRate, remark: d.remark };
    if (figure) body.id = figure.id;
    http
      .request({ path: paths(area.key).add, body })
      .then(() => {
        success(figure ? '修改成功' : '新增成功');
        onSaved();
      })
      .catch(onError)
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{figure ? '修改数据' : '新增数据'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="指标" value={d.indicator} onChange={set('indicator')} required>
            {area.indicators.map((i) => (
              <MenuItem key={i.code} value={i.code}>
                {i.name}（{i.unit}）
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField select label="统计周期" value={d.periodType} onChange={(e) => setD({ ...d, periodType: e.target.value, period: e.target.value === 'year' ? '0' : '1' })} sx={{ flex: 1 }}>
              {PERIOD_TYPE_OPTIONS.filter((o) => area.periods.includes(o.value)).map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="年份" type="number" value={d.year} onChange={set('year')} required sx={{ flex: 1 }} />
            {d.periodType !== 'year' && (
              <TextField select label={d.periodType === 'quarter' ? '季度（累计）' : '月份（累计）'} value={d.period} onChange={set('period')} sx={{ flex: 1 }}>
                {periods.map((p) => (
                  <MenuItem key={p} value={String(p)}>
                    {d.periodType === 'quarter' ? `1—${p * 3}月` : `1—${p}月`}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField label={`数值（${unit}）`} type="number" value={d.value} onChange={set('value')} required sx={{ flex: 1 }} />
            <TextField label="同比增长(%)" type="number" value={d.growthRate} onChange={set('growthRate')} sx={{ flex: 1 }} />
          </Stack>
          <TextField label="备注" value={d.remark} onChange={set('remark')} slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}
