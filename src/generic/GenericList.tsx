import Box from '@mui/material/Box';
import { hasEditForm } from '../../resources/declaredCalls';
import { rowLinkPath as fillPath } from './RowLinks';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  BulkDeleteButton,
  CreateButton,
  Datagrid,
  DeleteButton,
  EditButton,
  List,
  type ListProps,
  type RaRecord,
  ShowButton,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import { inState } from '../../resources/behaviour';
import { useMemo, useState } from 'react';
import { columnPlan, columnSx } from '../components/list/columns';
import { ColumnChooser, useHiddenColumns } from '../components/list/ColumnChooser';
import { FoldedColumns } from '../components/list/FoldedColumns';
import { useColumnFold } from '../components/list/useColumnFold';
import type { ResourceDecl } from '../../resources/types';
import { useErrorNotifier } from '../notices/useErrorNotifier';
import { PortalPagination } from '../components/list/PagingBar';
import { PAGE_SIZES } from '../components/list/paging';
import { SearchForm } from '../components/list/SearchForm';
import { PortalToolbar, ResourceToolbar } from '../components/list/Toolbar';
import { renderField } from './fields';
import { buildFilters } from './filters';
import { RecordActions, ToolbarActions } from './ActionButtons';
import { ListPanels, listPanelsAt, Panels } from './ListPanels';
import { RowLinks } from './RowLinks';
import { DetailDrawer, DetailDrawerButton } from './DetailDrawer';
import { ThreadButton } from './ThreadDialog';
import { WithTreeFilter } from './TreeFilterPane';
import { SourceTabs } from './SourceTabs';

/** Page sizes of spec §9 (one list for every screen: components/list/paging.ts). */
export { PAGE_SIZES };
export const DEFAULT_PAGE_SIZE = 10;

export function ListLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 4, justifyContent: 'center' }}>
      <CircularProgress size={20} />
      <Typography variant="body2" color="text.secondary">
        正在加载…
      </Typography>
    </Box>
  );
}

/** Shown when the list has no record at all (the create button stays reachable) or none matches the filters. */
export function ListEmpty({ canCreate = true }: { canCreate?: boolean }) {
  return (
    <Box sx={{ textAlign: 'center', p: 6 }} data-testid="list-empty">
      <Typography variant="body1" color="text.secondary" gutterBottom>
        暂无数据
      </Typography>
      {canCreate && <CreateButton variant="contained" />}
    </Box>
  );
}


/**
 * react-admin's <List> with the portal's defaults: 10 rows, the spec's page sizes, errors through the
 * notice bridge (shown once), Chinese loading and empty states, no CSV exporter, paging remembered per
 * resource. Any prop given overrides its default.
 */
export function PortalList({ resource, children, filters, actions, sx, ...props }: ListProps & { resource: string }) {
  const onError = useErrorNotifier();
  return (
    <List
      resource={resource}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<PortalPagination />}
      queryOptions={{ onError }}
      empty={<ListEmpty />}
      loading={<ListLoading />}
      exporter={false}
      storeKey={`${resource}.list`}
      // The search form takes a row of its own; the toolbar comes under it (issue 10).
      filters={Array.isArray(filters) ? <SearchForm inputs={filters} /> : filters}
      actions={actions === false ? <PortalToolbar /> : <PortalToolbar>{actions}</PortalToolbar>}
      // The card does not clip, so the pager can stay in view at the bottom of the window (sticky).
      sx={{ '& .RaList-actions': { flexWrap: 'wrap', alignItems: 'center' }, '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflow: 'visible' }, ...sx }}
      {...props}
    >
      {children}
    </List>
  );
}

/** The paged table of a declared resource: columns, filters, sorting, row and bulk actions. */
export function GenericList({ decl }: { decl: ResourceDecl }) {
  const onError = useErrorNotifier();
  // Without the delete permission there is no selection column at all.
  const { canAccess: mayDelete } = useCanAccess({ resource: decl.name, action: 'delete' });
  // A read-only resource declares no create, update or delete call: no buttons for them.
  const canDelete = mayDelete && !!decl.api.delete;
  const filters = buildFilters(decl);
  const fields = decl.list.columns.map((name) => decl.fields.find((f) => f.name === name)).filter((f) => f !== undefined);
  const [hidden] = useHiddenColumns(decl.name);
  const allCells = fields.map((field) => ({ field, element: renderField(decl, field, true) })).filter((c) => c.element !== null);
  const cells = allCells.filter((c) => !hidden.includes(c.field.name));
  // Column priority and width (issue 23): the narrow table folds its least important columns into the row's expansion.
  const shownNames = cells.map((c) => c.field.name).join();
  const plan = useMemo(() => columnPlan(decl, shownNames.split(',')), [decl, shownNames]);
  const { ref, folded } = useColumnFold(plan);
  const foldedCells = cells.filter((c) => folded.includes(c.field.name)).map((c) => ({ label: c.field.label, element: renderField(decl, c.field, false) ?? c.element! }));

  const above = listPanelsAt(decl, 'above');
  // `list.detailDrawer`: a row's record opens in a drawer beside the list instead of the show page.
  const drawer = decl.list.detailDrawer;
  const [opened, setOpened] = useState<RaRecord | null>(null);

  const list = (
    <PortalList
      resource={decl.name}
      title={decl.label}
      sort={decl.list.defaultSort}
      filters={<SearchForm inputs={filters} defaults={decl.list.filterDefaults} keep={decl.list.sources ? [decl.list.sources.param] : undefined} />}
      filterDefaultValues={decl.list.filterDefaults}
      actions={
        <ResourceToolbar decl={decl}>
          <ToolbarActions decl={decl} />
          <ColumnChooser resource={decl.name} columns={allCells.map((c) => ({ source: c.field.name, label: c.field.label }))} />
        </ResourceToolbar>
      }
      empty={<ListEmpty canCreate={!!decl.api.create} />}
    >
      <SourceTabs decl={decl} />
      {/* Panels above the table (a chart of what the search selects) sit inside the list's context. */}
      {above.length > 0 && <Panels decl={decl} names={above} />}
      {/* A declared tree filter (list.treeFilter) sits beside the table. Its width is the space given, never the table's wish (contain), so folding measures what there is. */}
      <WithTreeFilter decl={decl}>
      <Box ref={ref} sx={{ minWidth: 0, contain: 'inline-size' }}>
        <Datagrid
          rowClick={decl.list.rowOpens ? (_id, _resource, record) => fillPath(decl.list.rowOpens!, record) : false}
          data-testid="list-table"
          // The table's name for assistive technology (and tests): 用户管理 → 用户列表.
          aria-label={`${decl.label.replace(/管理$/, '')}列表`}
          sx={columnSx(plan, folded)}
          expand={foldedCells.length ? <FoldedColumns cells={foldedCells} /> : undefined}
          empty={<ListEmpty canCreate={false} />}
          bulkActionButtons={
            canDelete ? <BulkDeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} /> : false
          }
        >
          {cells.map((c) => c.element)}
          <RowActions label="操作" decl={decl} editable={hasEditForm(decl)} deletable={!!decl.api.delete} onOpen={drawer ? setOpened : undefined} />
        </Datagrid>
      </Box>
      </WithTreeFilter>
      {drawer && <DetailDrawer decl={decl} drawer={drawer} record={opened} onClose={() => setOpened(null)} />}
    </PortalList>
  );
  // Declared panels (resources' listPanels) and tables of a module's records (listRecords) come under the table.
  return listPanelsAt(decl, 'below').length || decl.listRecords?.length ? (
    <Box>
      {list}
      <ListPanels decl={decl} />
    </Box>
  ) : (
    list
  );
}

/**
 * 查看 (or the drawer's button) / 编辑 / 删除 of one row; each button shows only when canAccess allows its action (DeleteButton and
 * BulkDeleteButton check it; their *WithConfirm variants, which they render when pessimistic, do not).
 */
function RowActions({ decl, editable, deletable, onOpen }: { label?: string; decl: ResourceDecl; editable: boolean; deletable: boolean; onOpen?: (record: RaRecord) => void }) {
  const onError = useErrorNotifier();
  const drawer = decl.list.detailDrawer;
  const record = useRecordContext();
  // `list.rowEditWhen` / `rowDeleteWhen`: only for records in those states (an article under review is not edited).
  const mayEdit = editable && (!record || inState(record, decl.list.rowEditWhen));
  const mayDelete = deletable && (!record || inState(record, decl.list.rowDeleteWhen));
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      <RowLinks decl={decl} />
      {/* A declared thread is the record's detail (论坛主题's 详情): it takes the place of 查看 in the row. */}
      {decl.list.thread ? <ThreadButton decl={decl} thread={decl.list.thread} /> : drawer && onOpen ? <DetailDrawerButton drawer={drawer} onOpen={onOpen} /> : <ShowButton />}
      <RecordActions decl={decl} place="row" />
      {mayEdit && <EditButton />}
      {mayDelete && <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} redirect={false} />}
    </Box>
  );
}
