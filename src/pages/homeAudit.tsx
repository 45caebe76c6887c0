import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Datagrid, FunctionField, SelectInput, TextField, TextInput, useListContext, type RaRecord } from 'react-admin';
import { ListLoading, PortalList } from '../generic/GenericList';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import type { PageDecl } from '../pages';
import { StatusChip } from '../views/article';
import { PreviewButton } from '../views/content/ArticlePreview';
import { BulkSteps, REVIEW_STEPS, ReviewButtons, RowSteps } from '../views/content/WorkflowButtons';

function QueueTable() {
  const { isPending, total } = useListContext();
  if (isPending) return <ListLoading />;
  return (
    <Datagrid
      bulkActionButtons={<BulkSteps />}
      rowClick={false}
      empty={
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
          暂无待审文章
        </Typography>
      }
      data-total={total}
    >
      <TextField source="title" label="标题" />
      <TextField source="columnTitle" label="栏目" sortable={false} />
      <FunctionField source="status" label="状态" sortable={false} render={(r: RaRecord) => <StatusChip status={r.status} />} />
      <TextField source="deptName" label="部门" sortable={false} />
      <TextField source="creatorName" label="提交人" sortable={false} />
      <TextField source="submitTime" label="提交时间" sortable={false} />
      <FunctionField
        label="操作"
        render={(r: RaRecord) => (
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <PreviewButton
              articleId={Number(r.articleId)}
              title={String(r.title)}
              actions={(a, close) => <ReviewButtons status={Number(a.status)} articleId={Number(a.articleId)} onDone={close} />}
            />
            <RowSteps status={Number(r.status)} articleId={Number(r.articleId)} steps={REVIEW_STEPS} />
          </Box>
        )}
      />
    </Datagrid>
  );
}

/** 首页 · 待审文章 (spec "/main/home: audit", home_audit): the articles awaiting the reviewer's step. */
function HomeAudit() {
  const onError = useErrorNotifier();
  return (
    <PortalList
      resource="article"
      title="待审文章"
      filter={{ todo: 1 }}
      filters={[
        <TextInput key="title" source="title" label="标题" alwaysOn resettable />,
        <SelectInput key="status" source="status" label="状态" alwaysOn choices={[{ id: 4, name: '审核中（待初审）' }, { id: 6, name: '待终审' }]} emptyText="全部" />,
      ]}
      sort={{ field: 'submitTime', order: 'ASC' }}
      disableSyncWithLocation
      queryOptions={{ onError }}
      empty={false}
      storeKey="home_audit"
    >
      <QueueTable />
    </PortalList>
  );
}

const page: PageDecl = { path: '/main/home/audit', component: HomeAudit };
export default page;
