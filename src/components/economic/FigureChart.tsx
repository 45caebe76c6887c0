import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { EconomicArea } from '../../../resources/economic/catalogue';
import type { Figure } from './figure';

const Chart = lazy(() => import('../charts/StatisticsChart'));

/**
 * One indicator over the searched periods (values of different units never share an axis): bars for
 * yearly figures, a line for quarterly and monthly ones. 万元 figures are charted in 亿元 from 10000 up.
 */
export function FigureChart({ area, rows, periodType }: { area: EconomicArea; rows: readonly Figure[]; periodType: string }) {
  const present = area.indicators.filter((i) => rows.some((r) => r.indicator === i.code));
  const [chosen, setChosen] = useState('');
  const indicator = present.find((i) => i.code === chosen) ?? present[0];
  const { data, unit } = useMemo(() => {
    const mine = rows.filter((r) => r.indicator === indicator?.code && (periodType === '' ? r.periodType === 'year' : r.periodType === periodType));
    const big = indicator?.unit === '万元' && mine.some((r) => r.value >= 10000);
    return {
      unit: big ? '亿元' : (indicator?.unit ?? ''),
      data: mine.map((r) => ({ period: r.periodLabel, value: Number((big ? r.value / 10000 : r.value).toFixed(2)) })),
    };
  }, [rows, indicator, periodType]);
  if (!indicator) return <Typography color="text.secondary">暂无数据</Typography>;
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <TextField select size="small" fullWidth={false} label="图表指标" value={indicator.code} onChange={(e) => setChosen(e.target.value)} sx={{ width: 300 }}>
          {present.map((i) => (
            <MenuItem key={i.code} value={i.code}>
              {i.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          单位：{unit}
          {periodType === '' ? '（年度数据）' : ''}
        </Typography>
      </Stack>
      {data.length === 0 ? (
        <Typography color="text.secondary">该统计周期暂无数据</Typography>
      ) : (
        <Suspense fallback={<Typography>正在加载图表…</Typography>}>
          <Chart kind={periodType === '' || periodType === 'year' ? 'bar' : 'line'} data={data} x="period" series={[{ key: 'value', name: `${indicator.name}（${unit}）` }]} height={280} testId="economic-chart" />
        </Suspense>
      )}
    </>
  );
}
