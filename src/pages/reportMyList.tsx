import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { useNavigate } from 'react-router';
import articleDecl from '../../resources/article';
import reportDecl from '../../resources/report';
import type { ActionDecl } from '../../resources/types';
import { ActionButton } from '../generic/ActionButtons';
import { dataProvider } from '../data';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import type { PageDecl } from '../pages';
import { REPORT_ROUTES } from '../routes/specRoutes';
import { useUrlFilter } from '../dashboard/urlFilter';
import { PlainFilterForm, type PlainSearch } from '../generic/PlainFilterForm';
import { PortalToolbar } from '../components/list/Toolbar';
import { ConfirmButton, PreviewButton, reportColumns, useReportList } from '../views/report/common';
import { PagedTable } from '../generic/PagedTable';

/** 撤回: the article's declared step (its confirm, article:update). */
const WITHDRAW = articleDecl.actions?.find((a) => a.name === 'withdraw') as ActionDecl;

/** 我的报送 (reporting app, /report/article/reportList): own submissions, their state and the reviewer's opinion. */
function MyReports() {
  // A workbench link (我的报送 · 已退回 …) opens the list filtered: ?status=2.
  const urlStatus = useUrlFilter(['status'] as const).status ?? '';
  const [opened] = useState((): PlainSearch => (urlStatus ? { status: urlStatus } : {}));
  const [search, setSearch] = useState(opened);
  const list = useReportList(reportDecl.api.extra.my, search);
  const navigate = useNavigate();
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const { canAccess: canEdit } = useCanAccess({ action: 'article:update', resource: 'article' });
  const { canAccess: canDelete } = useCanAccess({ action: 'report:delete', resource: 'report' });
  const { canAccess: canAdd } = useCanAccess({ action: 'article:add', resource: 'article' });
  const act = (run: () => Promise<unknown>, message: string) => async () => {
    try {
      await run();
      success(message);
      list.reload();
    } catch (e) {
      onError(e);
      throw e;
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        我的报送
      </Typography>
      <PlainFilterForm decl={reportDecl} initial={opened} onSearch={setSearch} />
      <PortalToolbar>
        {canAdd && (
          <Button size="small" variant="contained" onClick={() => navigate(REPORT_ROUTES.info)}>
            信息报送
          </Button>
        )}
      </PortalToolbar>
      <PagedTable
        {...list.table}
        testId="report-table"
        columns={reportColumns((r) => (
          <>
            <PreviewButton row={r} />
            {canEdit && (r.status === 3 || r.status === 2) && (
              <Button size="small" onClick={() => navigate(`${REPORT_ROUTES.info}?id=${r.id}`)}>
                编辑
              </Button>
            )}
            {r.status === 4 && <ActionButton decl={articleDecl} action={WITHDRAW} target={{ ids: [r.id] }} variant="text" onDone={list.reload} />}
            {canDelete && [3, 2, 1].includes(Number(r.status)) && <ConfirmButton label="删除" color="error" message="确定删除该报送吗？删除后不可恢复。" onConfirm={act(() => dataProvider.delete('report', { id: r.id }), '删除成功')} />}
          </>
        ), true)}
      />
    </Box>
  );
}

const page: PageDecl = { path: REPORT_ROUTES.myList, component: MyReports, app: 'reportSite' };
export default page;
