import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useDataProvider, useListContext } from 'react-admin';
import { areaByKey, AREA_KEYS, type AreaKey } from '../../resources/economic/catalogue';
import type { ResourceDecl } from '../../resources/types';
import type { PortalDataProviderExtras } from '../../providers/types';
import { FigureChart } from '../components/economic/FigureChart';
import type { Figure } from '../components/economic/figure';
import { useErrorNotifier } from '../notices/useErrorNotifier';

const isArea = (name: string): name is AreaKey => (AREA_KEYS as readonly string[]).includes(name);

/**
 * 经济数据: the chart of one indicator over every figure the search selects (the declaration's `listAll`
 * call), above the table (resources/economic/area.ts listPanels). It follows the search, and reloads when
 * the table does (after an import, a save or a delete).
 */
export default function EconomicChartPanel({ decl }: { decl: ResourceDecl }) {
  const { filterValues, data } = useListContext();
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const onError = useErrorNotifier();
  const [series, setSeries] = useState<Figure[]>([]);
  const search = JSON.stringify(filterValues ?? {});
  useEffect(() => {
    let live = true;
    dataProvider.callExtra<Figure[]>(decl.name, 'listAll', { body: JSON.parse(search) as Record<string, unknown> }).then((rows) => live && setSeries(rows), onError);
    return () => {
      live = false;
    };
  }, [dataProvider, decl.name, search, data, onError]);
  if (!isArea(decl.name)) return null;
  const periodType = typeof filterValues?.periodType === 'string' ? filterValues.periodType : '';
  return (
    <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }} data-testid="economic-chart-panel">
      <FigureChart area={areaByKey(decl.name)} rows={series} periodType={periodType} />
    </Box>
  );
}
