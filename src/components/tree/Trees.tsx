import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { useMemo, useState } from 'react';
import { TreeCheckbox } from './TreeCheckbox';
import { allIds, branchIds, type TreeNode } from './treeModel';

function Empty({ loading }: { loading?: boolean }) {
  return (
    <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'center', p: 3 }}>
      {loading && <CircularProgress size={18} />}
      <Typography variant="body2" color="text.secondary">
        {loading ? '正在加载…' : '暂无数据'}
      </Typography>
    </Box>
  );
}

export interface SelectTreeProps {
  items: TreeNode[];
  selected: string | null;
  onSelect: (id: string | null, node: TreeNode | undefined) => void;
  loading?: boolean;
  /** Expanded at first: every node (default) or the given ids. */
  defaultExpanded?: string[];
  'aria-label'?: string;
}

/** A single-selection tree (department tree, menu tree): click a node to select it. */
export function SelectTree({ items, selected, onSelect, loading, defaultExpanded, ...rest }: SelectTreeProps) {
  const index = useMemo(() => {
    const m = new Map<string, TreeNode>();
    const add = (ns: TreeNode[]) => ns.forEach((n) => (m.set(n.id, n), add(n.children ?? [])));
    add(items);
    return m;
  }, [items]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  if (loading && !items.length) return <Empty loading />;
  if (!items.length) return <Empty />;
  return (
    <RichTreeView
      aria-label={rest['aria-label']}
      items={items}
      selectedItems={selected}
      expandedItems={expanded ?? defaultExpanded ?? allIds(items)}
      onExpandedItemsChange={(_e, ids) => setExpanded(ids)}
      onSelectedItemsChange={(_e, id) => onSelect(id, id ? index.get(id) : undefined)}
      expansionTrigger="iconContainer"
    />
  );
}

export interface CheckboxTreeProps {
  items: TreeNode[];
  /** Checked ids (fully checked nodes); parents of partly checked children show half-checked. */
  checked: string[];
  onChange: (ids: string[]) => void;
  loading?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
}

/** Each item's checkbox: the browser's own (TreeCheckbox.tsx). One object, so items see the same props each render. */
const ITEM_SLOTS = { item: { slots: { checkbox: TreeCheckbox } } } as const;
const CHECKBOX_SX = { '& .MuiTreeItem-checkbox': { width: 18, height: 18, m: 0, accentColor: (t: Theme) => t.palette.primary.main, cursor: 'pointer' } } as const;

/** A multi-selection tree with checkboxes; checking a node checks all below it and fills its parents. */
export function CheckboxTree({ items, checked, onChange, loading, disabled, ...rest }: CheckboxTreeProps) {
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const opened = useMemo(() => branchIds(items), [items]);
  if (loading && !items.length) return <Empty loading />;
  if (!items.length) return <Empty />;
  return (
    <RichTreeView
      aria-label={rest['aria-label']}
      items={items}
      multiSelect
      checkboxSelection
      disableSelection={disabled}
      selectionPropagation={{ descendants: true, parents: true }}
      selectedItems={checked}
      expandedItems={expanded ?? opened}
      onExpandedItemsChange={(_e, ids) => setExpanded(ids)}
      onSelectedItemsChange={(_e, ids) => onChange(ids)}
      expansionTrigger="iconContainer"
      slotProps={ITEM_SLOTS}
      sx={CHECKBOX_SX}
    />
  );
}
