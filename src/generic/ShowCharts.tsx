import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { inState } from '../../resources/behaviour';
import { extraCall } from '../../resources/declaredCalls';
import type { ResourceDecl, ShowChartsDecl } from '../../resources/types';
import CountsChart from '../components/charts/CountsChart';
import { dataProvider } from '../data';
import { answerText } from './ActionInputDialog';
import { ListLoading } from './GenericList';
import { CallTable } from './ShowPaged';
import { ShowSection } from './ShowSection';

type Data = Record<string, unknown>;
const rowsOf = (value: unknown): Data[] => (Array.isArray(value) ? (value as Data[]) : []);
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** One group of the answer: its title, then its chart, or its entries by the paged call (`pagedWhen`). */
function Group({ decl, charts, group, index }: { decl: ResourceDecl; charts: ShowChartsDecl; group: Data; index: number }) {
  const paged = charts.pagedWhen && inState(group, charts.pagedWhen.when) ? charts.pagedWhen : undefined;
  const items = rowsOf(group[charts.items]).map((item) => ({
    label: String(item[charts.itemLabel] ?? ''),
    count: Number(item[charts.count] ?? 0),
    percent: charts.percent === undefined ? undefined : Number(item[charts.percent] ?? 0),
  }));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        {index + 1}. {answerText(charts.title, group)}
      </Typography>
      {paged ? (
        <CallTable call={extraCall(decl, paged.call)} search={{ [paged.param]: group.id }} columns={paged.columns} />
      ) : (
        <CountsChart kind={charts.pieWhen && inState(group, charts.pieWhen) ? 'pie' : 'bar'} items={items} unit={charts.unit} testId={decl.name} />
      )}
    </Box>
  );
}

/**
 * The declaration's `showCharts` under the show view: its call made with the record's id, the declared
 * total (test id `<name>-<total field>`, e.g. survey-record-count) and a chart per group of the answer.
 */
export default function ShowCharts({ decl }: { decl: ResourceDecl }) {
  const record = useRecordContext();
  const charts = decl.showCharts;
  const [answer, setAnswer] = useState<Data | null>(null);
  const id = record?.id;
  useEffect(() => {
    if (!charts || id === undefined) return;
    let live = true;
    dataProvider.call<Data>(extraCall(decl, charts.call), { body: { id } }).then(
      (a) => live && setAnswer(a),
      () => live && setAnswer({}),
    );
    return () => {
      live = false;
    };
  }, [decl, charts, id]);
  if (!charts || !record) return null;
  return (
    <ShowSection title={charts.label}>
      {!answer ? (
        <ListLoading />
      ) : (
        <>
          {charts.total && (
            <Typography variant="body2" color="text.secondary">
              {charts.total.label}：<span data-testid={`${decl.name}-${kebab(charts.total.field)}`}>{String(answer[charts.total.field] ?? 0)}</span>
            </Typography>
          )}
          {rowsOf(answer[charts.groups]).map((group, i) => (
            <Group key={String(group.id ?? i)} decl={decl} charts={charts} group={group} index={i} />
          ))}
        </>
      )}
    </ShowSection>
  );
}
