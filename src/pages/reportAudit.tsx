import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import reportDecl from '../../resources/report';
import type { PageDecl } from '../pages';
import { REPORT_ROUTES } from '../routes/specRoutes';
import { EMPTY_REPORT_SEARCH, ReportSearchBar } from '../views/report/SearchBar';
import { AuditButtons, PreviewButton, ReportTable, usePagedList, type ReportRow } from '../views/report/common';

/** 文章审核 (reporting app): the submissions awaiting the reviewer's step (report's declared `role` list). */
function ReportAudit() {
  const [search, setSearch] = useState(EMPTY_REPORT_SEARCH);
  const [selected, setSelected] = useState<number[]>([]);
  const list = usePagedList<ReportRow>(reportDecl.api.extra.role, { title: search.title, status: search.status });
  const done = () => (setSelected([]), list.reload());
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        文章审核
      </Typography>
      <ReportSearchBar
        onSearch={setSearch}
        statusChoices={[{ value: 4, label: '审核中（待初审）' }, { value: 6, label: '待终审' }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              已选 {selected.length} 条
            </Typography>
            <AuditButtons ids={selected} onDone={done} disabled={!selected.length} />
          </Box>
        }
      />
      <ReportTable
        list={list}
        empty="暂无待审核的报送"
        selectable
        selected={selected}
        onSelect={setSelected}
        actions={(r) => (
          <>
            <PreviewButton row={r} actions={(close) => <AuditButtons ids={[r.articleId]} onDone={() => (close(), done())} />} />
            <AuditButtons ids={[r.articleId]} onDone={done} />
          </>
        )}
      />
    </Box>
  );
}

const page: PageDecl = { path: REPORT_ROUTES.audit, component: ReportAudit, app: 'reportSite' };
export default page;
