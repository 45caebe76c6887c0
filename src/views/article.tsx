import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import {
  BulkDeleteButton,
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  SelectInput,
  Show,
  ShowButton,
  TextField as RaTextField,
  TextInput,
  useCanAccess,
  useListContext,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import articleDecl, { ARTICLE_STATUS_OPTIONS } from '../../resources/article';
import { columnPlan, columnSx } from '../components/list/columns';
import { useColumnFold } from '../components/list/useColumnFold';
import { HtmlViewer } from '../components/htmlViewer/HtmlViewer';
import { useDepartmentOptions } from '../components/departments/useDepartmentOptions';
import { ResizablePanes } from '../components/tree/ResizablePanes';
import { SelectTree } from '../components/tree/Trees';
import type { TreeNode } from '../components/tree/treeModel';
import { ListEmpty, ListLoading, PortalList } from '../generic/GenericList';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import { dateRangeInputs } from '../components/list/dateRange';
import type { ResourceViews } from '../generic/resourceViews';
import { columnLabel, contentApi, nest, type ColumnRow, type FlowEntry, type SensitiveHit } from './content/api';
import { ArticleForm } from './content/ArticleForm';
import { FlowHistory, RelatedArticles, SectionTitle, SensitiveHits } from './content/Panels';
import { OWNER_STEPS, REVIEW_STEPS, RowSteps } from './content/WorkflowButtons';
import { VoicePanel } from './content/VoicePanel';

const STATUS_COLORS: Record<number, 'default' | 'info' | 'warning' | 'success' | 'error' | 'primary'> = { 3: 'default', 4: 'info', 6: 'primary', 2: 'warning', 5: 'success', 1: 'error' };
const DELETABLE = [3, 2, 1];
const EDITABLE = [3, 2, 1, 5];

export function StatusChip({ status }: { status: unknown }) {
  const s = Number(status);
  const label = ARTICLE_STATUS_OPTIONS.find((o) => o.value === s)?.label ?? '未知';
  return <Chip size="small" color={STATUS_COLORS[s] ?? 'default'} label={label} />;
}

function toNodes(rows: ColumnRow[]): TreeNode[] {
  return rows.map((r) => ({ id: String(r.categoryId), label: columnLabel(r), data: r, children: r.children?.length ? toNodes(r.children) : undefined }));
}

/** Left pane: the user's columns; picking one filters the list to it and its sub-columns. */
function ColumnPane({ selected, onSelect }: { selected: string | null; onSelect: (id: string | null) => void }) {
  const [rows, setRows] = useState<ColumnRow[] | null>(null);
  useEffect(() => {
    contentApi.userColumns().then(setRows, () => setRows([]));
  }, []);
  const items = useMemo(() => [{ id: 'all', label: '全部栏目' } as TreeNode, ...toNodes(nest(rows ?? []))], [rows]);
  return (
    <Box sx={{ p: 1 }}>
      <Typography variant="subtitle2" sx={{ px: 1, py: 0.5 }}>
        栏目
      </Typography>
      <SelectTree aria-label="栏目树" items={rows === null ? [] : items} loading={rows === null} selected={selected ?? 'all'} onSelect={(id) => onSelect(id === 'all' ? null : id)} />
    </Box>
  );
}

function ArticleFilters() {
  const depts = useDepartmentOptions().map((d) => ({ id: d.id, name: d.label }));
  return [
    <TextInput key="title" source="title" label="标题" alwaysOn resettable />,
    <SelectInput key="status" source="status" label="状态" alwaysOn choices={ARTICLE_STATUS_OPTIONS.map((o) => ({ id: o.value, name: o.label }))} emptyText="全部" />,
    ...dateRangeInputs('startTime', 'endTime', '发布日期'),
    <SelectInput key="deptId" source="deptId" label="部门" alwaysOn choices={depts} emptyText="全部" />,
  ];
}

function RowActions() {
  const record = useRecordContext();
  const status = Number(record?.status);
  const { canAccess: canUpdate } = useCanAccess({ action: 'article:update', resource: 'article' });
  const { canAccess: canDelete } = useCanAccess({ action: 'article:delete', resource: 'article' });
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
      <ShowButton label="查看" />
      {canUpdate && EDITABLE.includes(status) && <EditButton label="编辑" />}
      <RowSteps status={status} articleId={Number(record.articleId)} steps={[...OWNER_STEPS, ...REVIEW_STEPS]} />
      {canDelete && DELETABLE.includes(status) && (
        <DeleteButton label="删除" mutationMode="pessimistic" confirmTitle="提示信息" confirmContent={`确定删除文章“${String(record.title)}”吗？`} />
      )}
    </Box>
  );
}

const ARTICLE_PLAN = columnPlan(articleDecl, ['title', 'columnTitle', 'status', 'deptName', 'publishTime', 'hits']);

function ArticleTable() {
  const { isPending } = useListContext();
  const { canAccess: canDelete } = useCanAccess({ action: 'article:delete', resource: 'article' });
  // Column priority and width from the declaration (issue 23): on a narrow screen the title keeps its
  // room and the department, then the hits, give way (hidden; 查看 shows them).
  const { ref, folded } = useColumnFold(ARTICLE_PLAN);
  if (isPending) return <ListLoading />;
  return (
    <Box ref={ref} sx={{ minWidth: 0, contain: 'inline-size' }}>
    <Datagrid
      bulkActionButtons={canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
      rowClick={false}
      empty={<ListEmpty />}
      // Every cell on one line, cut with an ellipsis (full text as its tooltip).
      sx={columnSx(ARTICLE_PLAN, folded)}
    >
      <RaTextField source="title" label="标题" sortable />
      <RaTextField source="columnTitle" label="栏目" sortable={false} />
      <FunctionField source="status" label="状态" sortable={false} render={(r: RaRecord) => <StatusChip status={r.status} />} />
      <RaTextField source="deptName" label="部门" sortable={false} />
      <FunctionField source="publishTime" label="发布/创建时间" sortBy="publishTime" render={(r: RaRecord) => String(r.publishTime ?? r.createTime ?? '')} />
      <RaTextField source="hits" label="阅读数" sortable />
      <RowActions />
    </Datagrid>
    </Box>
  );
}

function ArticleList() {
  const [columnId, setColumnId] = useState<string | null>(null);
  const { canAccess: canCreate } = useCanAccess({ action: 'article:add', resource: 'article' });
  return (
    <ResizablePanes
      left={<ColumnPane selected={columnId} onSelect={setColumnId} />}
      right={
        <PortalList
          resource="article"
          title="文章管理"
          filters={ArticleFilters()}
          filter={columnId ? { columnId: Number(columnId) } : undefined}
          sort={{ field: 'sort', order: 'DESC' }}
          actions={canCreate && <CreateButton label="新增" variant="contained" />}
          empty={false}
        >
          <ArticleTable />
        </PortalList>
      }
    />
  );
}

function EditExtras() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%' }}>
      {record.lastOpinion ? (
        <Typography variant="body2" color="warning.main" sx={{ mt: 2 }}>
          {`最近审核意见：${String(record.lastOpinion)}`}
        </Typography>
      ) : null}
      <SectionTitle>相关文章</SectionTitle>
      <RelatedArticles articleId={Number(record.articleId)} />
      <SectionTitle>上次保存的敏感词检测</SectionTitle>
      <SensitiveHits hits={record.sensitiveHits as SensitiveHit[]} />
      <SectionTitle>审核记录</SectionTitle>
      <FlowHistory flows={record.flowList as FlowEntry[]} />
    </Box>
  );
}

function EditTitle() {
  const record = useRecordContext();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <span>{`编辑文章：${String(record?.title ?? '')}`}</span>
      {record && <StatusChip status={record.status} />}
    </Box>
  );
}

function ArticleEdit() {
  const onError = useErrorNotifier();
  return (
    <Edit resource="article" title={<EditTitle />} mutationMode="pessimistic" mutationOptions={{ onError }} queryOptions={{ onError }} redirect="list">
      <ArticleForm>
        <EditExtras />
      </ArticleForm>
    </Edit>
  );
}

function ArticleCreate() {
  const onError = useErrorNotifier();
  return (
    <Create resource="article" title="新建文章" mutationOptions={{ onError }} redirect="list" record={{ flags: [], sort: 0, content: '' }}>
      <ArticleForm />
    </Create>
  );
}

function ArticleShowBody() {
  const record = useRecordContext();
  const [preview, setPreview] = useState(true);
  // The list's row is shown first as a placeholder; it has no content: wait for the full record.
  if (!record || record.content === undefined) return <ListLoading />;
  const fields = (record.model as { fields?: { fieldFieldName: string; fieldTipsName: string }[] } | null)?.fields ?? [];
  const values = (record.modelFields ?? {}) as Record<string, unknown>;
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h5" component="h1">
            {String(record.title)}
          </Typography>
          <StatusChip status={record.status} />
        </Box>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {[`栏目：${String(record.columnTitle ?? '')}`, `来源：${String(record.source ?? '—')}`, `作者：${String(record.author ?? '—')}`, `发布时间：${String(record.publishTime ?? '—')}`, `阅读：${String(record.hits ?? 0)}`].join('　')}
        </Typography>
        <RowSteps status={Number(record.status)} articleId={Number(record.articleId)} steps={[...REVIEW_STEPS, ...OWNER_STEPS]} />
        {fields.length > 0 && (
          <Box sx={{ my: 2 }}>
            {fields.map((f) => (
              <Typography key={f.fieldFieldName} variant="body2">{`${f.fieldTipsName}：${String(values[f.fieldFieldName] ?? '')}`}</Typography>
            ))}
          </Box>
        )}
        <SectionTitle>正文</SectionTitle>
        <TextField select size="small" label="显示" value={preview ? 'preview' : 'none'} onChange={(e) => setPreview(e.target.value === 'preview')} sx={{ mb: 1, minWidth: 120 }}>
          <MenuItem value="preview">预览</MenuItem>
          <MenuItem value="none">收起</MenuItem>
        </TextField>
        {preview && <HtmlViewer html={String(record.content ?? '')} title="正文预览" />}
        <SectionTitle>语音播报</SectionTitle>
        <VoicePanel articleId={Number(record.articleId)} />
        <SectionTitle>敏感词</SectionTitle>
        <SensitiveHits hits={record.sensitiveHits as SensitiveHit[]} />
        <SectionTitle>审核记录</SectionTitle>
        <FlowHistory flows={record.flowList as FlowEntry[]} />
      </CardContent>
    </Card>
  );
}

function ArticleShow() {
  const onError = useErrorNotifier();
  return (
    <Show resource="article" title="文章详情" queryOptions={{ onError }} component="div">
      <ArticleShowBody />
    </Show>
  );
}

const views: ResourceViews = { list: ArticleList, create: ArticleCreate, edit: ArticleEdit, show: ArticleShow };
export default views;
