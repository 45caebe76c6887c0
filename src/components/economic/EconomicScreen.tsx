import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useCanAccess, useDataProvider } from 'react-admin';
import { areaByKey, PERIOD_TYPE_OPTIONS, type AreaKey } from '../../../resources/economic/catalogue';
import type { PortalDataProviderExtras } from '../../../providers/types';
import { useErrorNotifier, useSuccessNotifier } from '../../notices/useErrorNotifier';
import { http } from '../../portal';
import { cleanSearch, paths, type Figure, type FigureSearch } from './api';
import { FigureChart } from './FigureChart';
import { FigureDialog } from './FigureDialog';
import { FigureTable, type PageState } from './FigureTable';
import { ImportDialog } from './ImportDialog';
import { PlainSearchForm } from '../list/SearchForm';
import { PortalToolbar } from '../list/Toolbar';

const thisYear = new Date().getFullYear();
/** The search a screen opens with (and 重置 returns to): every period and indicator of the last five years. */
const FIRST_SEARCH: FigureSearch = { periodType: '', indicator: '', startYear: String(thisYear - 5), endYear: String(thisYear) };

/** The buttons of the screen the role holds (its Button keys `<area>:add` …). */
function useAreaKeys(key: AreaKey) {
  const granted = (op: string) => ({ action: `${key}:${op}`, resource: key });
  return {
    canAdd: useCanAccess(granted('add')).canAccess === true,
    canUpdate: useCanAccess(granted('update')).canAccess === true,
    canDelete: useCanAccess(granted('delete')).canAccess === true,
    canImport: useCanAccess(granted('import')).canAccess === true,
    canExport: useCanAccess(granted('export')).canAccess === true,
  };
}

/**
 * One economic-data screen (docs/economic-data.md): search by period type, indicator and years; a
 * chart of one indicator; the table; 新增 / 导入 / 导出Excel and row 修改 / 删除 by the role's keys.
 */
export function EconomicScreen({ areaKey }: { areaKey: AreaKey }) {
  const area = areaByKey(areaKey);
  const p = paths(area.key);
  const { canAdd, canUpdate, canDelete, canImport, canExport } = useAreaKeys(areaKey);
  const onError = useErrorNotifier();
  const success = useSuccessNotifier();
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;

  const [form, setForm] = useState<FigureSearch>(FIRST_SEARCH);
  const [search, setSearch] = useState<FigureSearch>(form);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [page, setPage] = useState<PageState | null>(null);
  const [series, setSeries] = useState<Figure[]>([]);
  const [editing, setEditing] = useState<Figure | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Figure | null>(null);
  const [importing, setImporting] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    const body = cleanSearch(search);
    http.request<PageState>({ path: p.list, body: { ...body, ...paging } }).then((r) => live && setPage(r), onError);
    http.request<Figure[]>({ path: p.listAll, body }).then((r) => live && setSeries(r), onError);
    return () => {
      live = false;
    };
  }, [p.list, p.listAll, search, paging, version, onError]);

  const doSearch = () => {
    setSearch(form);
    setPaging((x) => ({ ...x, pageNum: 1 }));
  };
  const remove = () => {
    if (!deleting) return;
    http
      .request({ path: p.dels, body: { ids: [deleting.id] } })
      .then(() => {
        success('删除成功');
        reload();
      }, onError)
      .finally(() => setDeleting(null));
  };
  const exportExcel = () => dataProvider.exportExcel(p.export, cleanSearch(search), `${area.label}.xlsx`).catch(onError);
  const reset = () => {
    setForm(FIRST_SEARCH);
    setSearch(FIRST_SEARCH);
    setPaging((x) => ({ ...x, pageNum: 1 }));
  };
  const field = (k: keyof FigureSearch) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 0 }}>
      <Title title={area.label} />
      <Card>
        <CardContent>
          <PlainSearchForm onSearch={doSearch} onReset={reset}>
            <TextField select size="small" fullWidth={false} label="统计周期" value={form.periodType} onChange={field('periodType')} sx={{ width: 130 }}>
              <MenuItem value="">全部</MenuItem>
              {PERIOD_TYPE_OPTIONS.filter((o) => area.periods.includes(o.value)).map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" fullWidth={false} label="指标" value={form.indicator} onChange={field('indicator')} sx={{ width: 280 }}>
              <MenuItem value="">全部指标</MenuItem>
              {area.indicators.map((i) => (
                <MenuItem key={i.code} value={i.code}>
                  {i.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField size="small" fullWidth={false} type="number" label="开始年份" value={form.startYear} onChange={field('startYear')} sx={{ width: 110 }} />
            <TextField size="small" fullWidth={false} type="number" label="结束年份" value={form.endYear} onChange={field('endYear')} sx={{ width: 110 }} />
          </PlainSearchForm>
          <PortalToolbar>
            {canAdd && (
              <Button variant="outlined" onClick={() => setEditing('new')}>
                新增
              </Button>
            )}
            {canImport && (
              <Button variant="outlined" onClick={() => setImporting(true)}>
                导入
              </Button>
            )}
            {canExport && (
              <Button variant="outlined" onClick={exportExcel}>
                导出Excel
              </Button>
            )}
          </PortalToolbar>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <FigureChart area={area} rows={series} periodType={search.periodType} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <FigureTable
            page={page}
            pageNum={paging.pageNum}
            pageSize={paging.pageSize}
            onPage={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
            canEdit={canUpdate}
            canDelete={canDelete}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        </CardContent>
      </Card>
      {editing && (
        <FigureDialog
          area={area}
          figure={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          area={area}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            reload();
          }}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        title="删除数据"
        content={deleting ? `确定删除“${deleting.indicatorName}（${deleting.periodLabel}）”吗？` : ''}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
