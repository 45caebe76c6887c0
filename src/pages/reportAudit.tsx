import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import reportDecl from '../../resources/report';
import type { PageDecl } from '../pages';
import { REPORT_ROUTES } from '../routes/specRoutes';
import { PlainFilterForm, type PlainSearch } from '../generic/PlainFilterForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { AuditButtons, PreviewButton, reportColumns, useReportList } from '../views/report/common';
import { PagedTable } from '../generic/PagedTable';

/** 文章审核 (reporting app): the submissions awaiting the reviewer's step (report's declared `role` list). */
function ReportAudit() {
  const [search, setSearch] = useState<PlainSearch>({});
  const [selected, setSelected] = useState<number[]>([]);
  const list = useReportList(reportDecl.api.extra.role, search);
  const done = () => (setSelected([]), list.reload());
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        文章审核
      </Typography>
      <PlainFilterForm decl={reportDecl} onSearch={setSearch} choices={{ status: [{ value: 4, label: '审核中（待初审）' }, { value: 6, label: '待终审' }] }} />
      <PortalToolbar>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            已选 {selected.length} 条
          </Typography>
          <AuditButtons ids={selected} onDone={done} disabled={!selected.length} />
        </Box>
      </PortalToolbar>
      <PagedTable
        {...list.table}
        testId="report-table"
        selection={{ selected, onSelect: setSelected, label: (r) => `选择${String(r.title ?? '')}` }}
        columns={reportColumns((r) => (
          <>
            <PreviewButton row={r} actions={(close) => <AuditButtons ids={[r.id]} onDone={() => (close(), done())} />} />
            <AuditButtons ids={[r.id]} onDone={done} />
          </>
        ))}
      />
    </Box>
  );
}

const page: PageDecl = { path: REPORT_ROUTES.audit, component: ReportAudit, app: 'reportSite' };
export default page;
