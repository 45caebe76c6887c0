import DeleteIcon from '@mui/icons-material/Delete';
import { hasEditForm } from '../../../resources/declaredCalls';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { BulkDeleteButton, CreateButton, useCanAccess, useCreatePath, useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { downloadExcel } from '../../../providers';
import type { ResourceDecl } from '../../../resources/types';
import { useErrorNotifier } from '../../notices/useErrorNotifier';
import { http } from '../../portal';

/**
 * The one toolbar above every table (data-testid="list-toolbar", role="toolbar"): 新增 / 修改 / 删除 /
 * 导出Excel and the resource's own actions, each shown by permission. Extra props react-admin passes to a
 * list's `actions` element are ignored.
 */
export function PortalToolbar({ children }: { children?: ReactNode }) {
  return (
    <Box role="toolbar" aria-label="列表操作" data-testid="list-toolbar" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5, flex: 1, minHeight: 40 }}>
      {children}
    </Box>
  );
}

/** 修改: opens the edit form of the one selected row. */
function EditSelectedButton() {
  const { selectedIds, resource } = useListContext();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  return (
    <Button
      size="small"
      variant="outlined"
      color="success"
      startIcon={<EditIcon />}
      disabled={selectedIds.length !== 1}
      title={selectedIds.length === 1 ? undefined : '请选择一条记录'}
      onClick={() => navigate(createPath({ resource, type: 'edit', id: selectedIds[0] }))}
    >
      修改
    </Button>
  );
}

/** 删除: the selected rows, after 提示信息 / 确定 / 取消. */
function DeleteSelectedButton({ onError }: { onError: (e: unknown) => void }) {
  const { selectedIds } = useListContext();
  return <BulkDeleteButton label="删除" mutationMode="pessimistic" mutationOptions={{ onError }} variant="outlined" color="error" icon={<DeleteIcon />} disabled={!selectedIds.length} />;
}

/** 导出Excel: the server's export of the rows the search form selects. */
export function ExportExcelButton({ path, label = '导出Excel', fileName, omit }: { path: string; label?: string; fileName: string; omit?: string }) {
  const { filterValues } = useListContext();
  const onError = useErrorNotifier();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      variant="outlined"
      color="warning"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        // `omit`: the list's tab (list.sources), which is no search value.
        const { [omit ?? '']: _tab, ...search } = filterValues as Record<string, unknown>;
        downloadExcel(http, path, omit ? search : { ...filterValues }, `${fileName}.xlsx`)
          .catch(onError)
          .finally(() => setBusy(false));
      }}
    >
      {label.startsWith('导出') && !label.includes('Excel') && !label.includes('Word') && !label.includes('统计') ? '导出Excel' : label}
    </Button>
  );
}

/** The export calls a declaration offers for the whole list (scope none, an Excel path or a declared download). */
export function exportActions(decl: ResourceDecl) {
  // An export placed elsewhere (`placement` without 'toolbar': a panel's own, 领导信箱's 导出统计) is not the list's.
  return (decl.actions ?? []).filter((a) => a.scope === 'none' && !a.run && !a.upload && (/excel/i.test(a.path) || !!a.download) && (!a.placement || a.placement.includes('toolbar')));
}

function Permitted({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  const { canAccess } = useCanAccess({ resource, action });
  return canAccess ? <>{children}</> : null;
}

/** 新增 / 修改 / 删除 / 导出Excel of a declared resource, by permission and by what the resource offers. */
export function ResourceToolbar({ decl, children }: { decl: ResourceDecl; children?: ReactNode }) {
  const onError = useErrorNotifier();
  const { filterValues } = useListContext();
  // A tab answered by another call (本部门信件) is not what the list's export exports: no export there.
  const sources = decl.list.sources;
  const otherCall = !!sources?.tabs.find((t) => t.value === String((filterValues as Record<string, unknown>)[sources.param] ?? ''))?.call;
  return (
    <PortalToolbar>
      {decl.api.create && (
        <Permitted resource={decl.name} action="create">
          <CreateButton label={decl.list.createLabel ?? '新增'} variant="contained" />
        </Permitted>
      )}
      {hasEditForm(decl) && (
        <Permitted resource={decl.name} action="edit">
          <EditSelectedButton />
        </Permitted>
      )}
      {decl.api.delete && (
        <Permitted resource={decl.name} action="delete">
          <DeleteSelectedButton onError={onError} />
        </Permitted>
      )}
      {!otherCall && exportActions(decl).map((a) => (
        <Permitted key={a.name} resource={decl.name} action={a.permission}>
          <ExportExcelButton path={a.path} label={a.label} fileName={a.download?.replace(/\.xlsx$/i, '') ?? decl.label} omit={sources?.param} />
        </Permitted>
      ))}
      {children}
    </PortalToolbar>
  );
}
