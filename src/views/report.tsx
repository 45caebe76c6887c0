import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import reportDecl from '../../resources/report';
import { dataProvider } from '../data';
import type { ResourceViews } from '../generic/resourceViews';
import { useErrorNotifier, useSuccessNotifier } from '../notices/useErrorNotifier';
import { ReportStatistics } from '../pages/reportStatistics';
import { EMPTY_REPORT_SEARCH, ReportSearchBar } from './report/SearchBar';
import { AuditButtons, ConfirmButton, PreviewButton, ReportTable, usePagedList, type ReportRow } from './report/common';

/** 报送管理 (/main/article/report): every submission in the caller's scope, review and delete by key; statistics. */
function ReportList() {
  const [tab, setTab] = useState(0);
  const [search, setSearch] = useState(EMPTY_REPORT_SEARCH);
  const list = usePagedList<ReportRow>(reportDecl.api.list, { ...search });
  const { canAccess: canDelete } = useCanAccess({ action: 'report:delete', resource: 'report' });
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const remove = (id: number) => async () => {
    try {
      await dataProvider.delete('report', { id });
      success('删除成功');
      list.reload();
    } catch (e) {
      onError(e);
      throw e;
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6">报送管理</Typography>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }}>
        <Tab label="报送列表" />
        <Tab label="报送统计" />
      </Tabs>
      {tab === 0 ? (
        <>
          <ReportSearchBar onSearch={setSearch} dates />
          <ReportTable
            list={list}
            empty="暂无报送信息"
            showOpinion
            actions={(r) => (
              <>
                <PreviewButton row={r} />
                {(r.status === 4 || r.status === 6) && <AuditButtons ids={[r.articleId]} onDone={list.reload} />}
                {canDelete && [3, 2, 1].includes(r.status) && <ConfirmButton label="删除" color="error" message="确定删除该报送吗？删除后不可恢复。" onConfirm={remove(r.articleId)} />}
              </>
            )}
          />
        </>
      ) : (
        <ReportStatistics />
      )}
    </Box>
  );
}

const views: ResourceViews = { list: ReportList };
export default views;
