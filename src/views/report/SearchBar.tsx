import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { PlainSearchForm } from '../../components/list/SearchForm';
import { PortalToolbar } from '../../components/list/Toolbar';
import { StatusSelect } from './common';
import { DateRangeBox } from '../../components/dates/DateInputs';

export interface ReportSearch {
  title: string;
  status: string;
  startTime: string;
  endTime: string;
}

export const EMPTY_REPORT_SEARCH: ReportSearch = { title: '', status: '', startTime: '', endTime: '' };

/**
 * The submissions lists' search form (标题, 状态, optionally a 开始 / 结束 date pair) applied on 查询 and
 * cleared by 重置, and the toolbar under it with the screen's own actions: the shared list pattern.
 */
export function ReportSearchBar({ onSearch, dates = false, statusChoices, actions, initial = EMPTY_REPORT_SEARCH }: { onSearch: (s: ReportSearch) => void; dates?: boolean; statusChoices?: { value: number; label: string }[]; actions?: ReactNode; initial?: ReportSearch }) {
  // `initial`: the filter a link opened the screen with (a workbench count: ?status=2).
  const [draft, setDraft] = useState(initial);
  const set = (k: keyof ReportSearch) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  return (
    <>
      <PlainSearchForm onSearch={() => onSearch(draft)} onReset={() => (setDraft(EMPTY_REPORT_SEARCH), onSearch(EMPTY_REPORT_SEARCH))}>
        <TextField size="small" label="标题" value={draft.title} onChange={(e) => set('title')(e.target.value)} />
        <StatusSelect value={draft.status} onChange={set('status')} choices={statusChoices} />
        {dates && <DateRangeBox label="日期" start={draft.startTime} end={draft.endTime} onChange={(startTime, endTime) => setDraft((d) => ({ ...d, startTime: startTime ?? '', endTime: endTime ?? '' }))} />}
      </PlainSearchForm>
      <PortalToolbar>{actions}</PortalToolbar>
    </>
  );
}
