import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDataProvider, useListContext } from 'react-admin';
import type { PortalDataProviderExtras } from '../../providers/types';
import type { ResourceDecl, TreeFilterDecl } from '../../resources/types';
import { ResizablePanes } from '../components/tree/ResizablePanes';
import { SelectTree } from '../components/tree/Trees';
import { getResource } from '../resources';
import { useTree } from './TreeList';
import { initiallyExpanded, nestRows, toNodes, type TreeRow } from './treeParts';

const EMPTY = {};

/** The panel's heading: the declared label, else the tree entity's without 管理 (部门管理 → 部门). */
export function treeFilterLabel(filter: TreeFilterDecl, tree: ResourceDecl | undefined): string {
  return filter.label ?? (tree?.label ?? filter.tree).replace(/管理$/, '');
}

/** The list's search values with the tree's choice: the node's id under `field`, or none for 全部. */
export function withTreeChoice(values: Record<string, unknown>, field: string, id: string | null): Record<string, unknown> {
  const { [field]: _dropped, ...rest } = values;
  return id === null ? rest : { ...rest, [field]: Number.isNaN(Number(id)) ? id : Number(id) };
}

/** The nodes of the declared `call` (nested by the tree's parent field when flat); none: null. */
function useCalledTree(tree: ResourceDecl, call: string | undefined): { all: TreeRow[]; loading: boolean } | null {
  const dataProvider = useDataProvider() as unknown as PortalDataProviderExtras;
  const [rows, setRows] = useState<TreeRow[] | null>(null);
  useEffect(() => {
    if (!call) return;
    let live = true;
    dataProvider.callExtra<TreeRow[]>(tree.name, call, { silent: true }).then(
      (answer) => live && setRows(nestRows(Array.isArray(answer) ? answer : [], tree.idField, tree.tree?.parentField)),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, tree, call]);
  return call ? { all: rows ?? [], loading: rows === null } : null;
}

function TreePanel({ filter, tree }: { filter: TreeFilterDecl; tree: ResourceDecl }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const whole = useTree(tree, EMPTY, !filter.call);
  const { all, loading } = useCalledTree(tree, filter.call) ?? whole;
  const items = useMemo(() => toNodes(tree, all), [tree, all]);
  const chosen = filterValues[filter.field];
  const selected = chosen === undefined || chosen === null || chosen === '' ? null : String(chosen);
  const label = treeFilterLabel(filter, tree);
  // setFilters also returns to the first page; a click needs no debounce.
  const choose = (id: string | null) => setFilters(withTreeChoice(filterValues, filter.field, id), displayedFilters, false);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Button size="small" disabled={selected === null} onClick={() => choose(null)}>
            全部
          </Button>
        </Stack>
        <SelectTree aria-label={`${label}树`} items={items} loading={loading} selected={selected} defaultExpanded={initiallyExpanded(tree, all)} onSelect={(id) => choose(id)} />
      </CardContent>
    </Card>
  );
}

/**
 * The declared tree filter (`list.treeFilter`) beside the table, inside the list's context: the search form,
 * toolbar and pager stay the list's own. Without the declaration (or an unknown tree) the table alone.
 */
export function WithTreeFilter({ decl, children }: { decl: ResourceDecl; children: ReactNode }) {
  const filter = decl.list.treeFilter;
  const tree = filter ? getResource(filter.tree) : undefined;
  if (!filter || !tree) return <>{children}</>;
  return <ResizablePanes initial={220} left={<TreePanel filter={filter} tree={tree} />} right={children} />;
}
