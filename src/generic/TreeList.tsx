import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Title, useDataProvider, type DataProvider } from 'react-admin';
import type { PortalDataProviderExtras } from '../../providers';
import type { ResourceDecl } from '../../resources/types';
import { crudCall } from '../../resources/declaredCalls';
import { ResizablePanes } from '../components/tree/ResizablePanes';
import { SelectTree } from '../components/tree/Trees';
import type { Row } from './plainTypes';
import { TreeDetails, useKey, type Editing } from './TreeDetails';
import { initialSearch, initiallyExpanded, topLabel, searchTree, toNodes, treeFilters, treeSource, type TreeRow } from './treeParts';

/** The tree: from the list call with the search (shape 'tree'), or from the `tree` call searched here. */
/** The tree's records as the tree view loads them; `enabled` false loads nothing (a tree filter with its own call). */
export function useTree(decl: ResourceDecl, search: Row, enabled = true) {
  const dataProvider = useDataProvider() as DataProvider & PortalDataProviderExtras;
  const [rows, setRows] = useState<TreeRow[]>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const fromList = treeSource(decl) === 'list';
  const sent = fromList ? JSON.stringify(search) : '';
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    setLoading(true);
    const load = fromList ? dataProvider.call<TreeRow[]>(crudCall(decl, 'list'), { body: JSON.parse(sent) as Row }) : dataProvider.callExtra<TreeRow[]>(decl.name, 'tree', {});
    load
      .then((d) => alive && setRows(d ?? []))
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [dataProvider, decl, fromList, sent, tick, enabled]);
  const all = useMemo(() => rows ?? [], [rows]);
  const shown = useMemo(() => (fromList ? all : searchTree(decl, all, search)), [fromList, all, decl, search]);
  return { all, shown, loading, reload: useCallback(() => setTick((t) => t + 1), []) };
}

/** The tree's search: the list's always-on filters (an options-only one is a select without 全部). */
function TreeSearch({ decl, search, onChange }: { decl: ResourceDecl; search: Row; onChange: (s: Row) => void }) {
  return (
    <>
      {treeFilters(decl).map((f) => {
        const field = decl.fields.find((x) => x.name === f.field);
        if (!field) return null;
        const value = search[f.field] === undefined || search[f.field] === null ? '' : String(search[f.field]);
        if (field.options) {
          return (
            <TextField key={f.field} select size="small" label={field.label} value={value} sx={{ minWidth: 160 }} onChange={(e) => onChange({ ...search, [f.field]: field.options?.find((o) => String(o.value) === e.target.value)?.value ?? '' })}>
              {!f.onlyOptions && <MenuItem value="">全部</MenuItem>}
              {field.options.map((o) => (
                <MenuItem key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        return <TextField key={f.field} size="small" label={field.label} value={value} sx={{ minWidth: 160 }} onChange={(e) => onChange({ ...search, [f.field]: e.target.value })} />;
      })}
    </>
  );
}

/**
 * The generic tree list view (`tree` declared; the list answers `shape: 'tree'` or a `tree` call gives the
 * nesting): the tree with the search on the left; the selected node's form (edit, 新增下级, 删除, row
 * actions, show panels) or a new node's form on the right.
 */
export function TreeList({ decl }: { decl: ResourceDecl }) {
  const [search, setSearch] = useState<Row>(() => initialSearch(decl));
  const tree = useTree(decl, search);
  const items = useMemo(() => toNodes(decl, tree.shown), [decl, tree.shown]);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const canAdd = useKey(decl.name, decl.permissions.create);
  useEffect(() => {
    if (selected === null && !editing && tree.shown[0]) setSelected(String(tree.shown[0][decl.idField]));
  }, [decl, tree.shown, selected, editing]);
  const select = (id: string | null) => (setEditing(null), setSelected(id));

  const left = (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        {/* Wraps in a narrow pane rather than pushing the button out of it (issue 23). */}
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <TreeSearch decl={decl} search={search} onChange={(s) => (setSearch(s), select(null))} />
          {canAdd && (
            <Button size="small" onClick={() => setEditing({ parent: null })}>
              {topLabel(decl)}
            </Button>
          )}
        </Stack>
        <SelectTree aria-label={`${decl.label}树`} items={items} loading={tree.loading} selected={editing ? null : selected} onSelect={select} defaultExpanded={initiallyExpanded(decl, tree.shown)} />
      </CardContent>
    </Card>
  );
  return (
    <Box sx={{ p: 2 }}>
      <Title title={decl.label} />
      <ResizablePanes
        left={left}
        right={
          <TreeDetails decl={decl} rows={tree.all} search={search} selected={selected} editing={editing} onEdit={setEditing} onSaved={(id) => (setEditing(null), setSelected(id), tree.reload())} onDeleted={(parent) => (setSelected(parent), tree.reload())} onCancel={() => setEditing(null)} />
        }
      />
    </Box>
  );
}

export default TreeList;
