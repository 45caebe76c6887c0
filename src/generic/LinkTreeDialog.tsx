import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import type { LinkTreeDialogDecl } from '../../resources/shape/linkDialogs';
import type { ActionDecl, ResourceDecl } from '../../resources/types';
import { CheckboxTree } from '../components/tree/Trees';
import { checkedForDisplay, toTreeNodes, withAncestors, type TreeNode } from '../components/tree/treeModel';
import { dataProvider } from '../data';
import { useActionPost } from './actionPost';
import { ListLoading } from './GenericList';

interface Node {
  id?: number;
  name: string;
  children?: Node[];
  [key: string]: unknown;
}

const GROUP = 'group:';

/** The answered tree as checkbox nodes; with `groupKey` the top level are groups (ids prefixed, never sent). */
export function linkTreeNodes(rows: readonly Node[], groupKey: string | undefined): TreeNode[] {
  const records = (list: readonly Node[]) => toTreeNodes(list, (r) => String(r.id), (r) => r.name);
  if (!groupKey) return records(rows);
  return rows.map((g) => ({ id: `${GROUP}${String(g[groupKey])}`, label: g.name, children: records(g.children ?? []) }));
}

/** The ids a save sends: the ticked records and their ancestors, groups left out. */
export function linkTreeIds(nodes: readonly TreeNode[], checked: readonly string[]): number[] {
  return withAncestors(nodes, checked).filter((id) => !id.startsWith(GROUP)).map(Number);
}

/**
 * A checkbox tree of another entity's records (`action.linkTree`, resources/shape/linkDialogs.ts), ticked as
 * the record holds them; saving posts the action's call with the ticked ids and their ancestors (a button
 * needs its menu and catalogue to show). A failed load closes it: saving an empty tree would unlink everything.
 */
export function LinkTreeDialog({ decl, action, tree, onClose }: { decl: ResourceDecl; action: ActionDecl; tree: LinkTreeDialogDecl; onClose: () => void }) {
  const record = useRecordContext();
  const { post, busy } = useActionPost();
  const [rows, setRows] = useState<Node[] | null>(null);
  const [checked, setChecked] = useState<string[] | null>(null);
  const id = record?.id;
  const close = useRef(onClose);
  close.current = onClose;
  const items = useMemo(() => linkTreeNodes(rows ?? [], tree.tree.groupKey), [rows, tree.tree.groupKey]);
  useEffect(() => {
    if (id === undefined) return;
    let alive = true;
    Promise.all([
      dataProvider.callExtra<Node[]>(tree.tree.entity, tree.tree.call),
      dataProvider.callExtra<number[]>(decl.name, tree.held, { body: { [tree.key]: id } }),
    ]).then(([answered, held]) => {
      if (!alive) return;
      setRows(answered);
      setChecked(checkedForDisplay(linkTreeNodes(answered, tree.tree.groupKey), held.map(String)));
    }, () => close.current());
    return () => {
      alive = false;
    };
  }, [decl.name, id, tree]);
  if (!record) return null;
  const save = () => post(decl, action.name, { [tree.key]: id, [tree.field]: linkTreeIds(items, checked ?? []) }, { message: action.success ?? '操作成功', after: onClose });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {tree.title}：{String(record[decl.titleField] ?? '')}
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 400 }}>
        {checked === null ? <ListLoading /> : <CheckboxTree aria-label={tree.title} items={items} checked={checked} onChange={setChecked} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={save} disabled={busy || checked === null}>
          {tree.submit ?? '保存'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
