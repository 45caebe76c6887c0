import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import type { ResourceDecl } from '../../resources/types';
import { actionCall } from '../../resources/declaredCalls';
import { CheckboxTree } from '../components/tree/Trees';
import { checkedForDisplay, toTreeNodes, withAncestors, type TreeNode } from '../components/tree/treeModel';
import { dataProvider } from '../data';
import { ListLoading } from '../generic/GenericList';
import { useSuccessNotifier } from '../notices/useErrorNotifier';

interface ResNode {
  id: number;
  name: string;
  children?: ResNode[];
}

const APP_PREFIX = 'app:';

/**
 * 角色管理's 授权 (the `grant` action, `dialog: 'roleGrants'`): the menu and button entries of both apps as a
 * checkbox tree (menu's baseTree), ticked as the role holds them (resList); saving replaces the grants
 * with the ticked entries and their ancestors (a button needs its menu and catalogue to show).
 */
export default function RoleGrants({ decl, onClose }: { decl: ResourceDecl; onClose: () => void }) {
  const record = useRecordContext();
  const success = useSuccessNotifier();
  const [apps, setApps] = useState<{ dingAppKey: string; name: string; children: ResNode[] }[] | null>(null);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const roleId = record?.id;
  // A failed load closes the dialog (the http client shows why): saving an empty tree would revoke every grant.
  const close = useRef(onClose);
  close.current = onClose;
  const items: TreeNode[] = useMemo(
    () => (apps ?? []).map((app) => ({ id: `${APP_PREFIX}${app.dingAppKey}`, label: app.name, children: toTreeNodes(app.children, (r) => String(r.id), (r) => r.name) })),
    [apps],
  );
  useEffect(() => {
    if (roleId === undefined) return;
    let alive = true;
    Promise.all([
      dataProvider.callExtra<{ dingAppKey: string; name: string; children: ResNode[] }[]>('menu', 'baseTree'),
      dataProvider.callExtra<number[]>(decl.name, 'resList', { body: { roleId } }),
    ]).then(([tree, held]) => {
      if (!alive) return;
      setApps(tree);
      const nodes = tree.map((app) => ({ id: `${APP_PREFIX}${app.dingAppKey}`, label: app.name, children: toTreeNodes(app.children, (r) => String(r.id), (r) => r.name) }));
      setChecked(checkedForDisplay(nodes, held.map(String)));
    }, () => close.current());
    return () => {
      alive = false;
    };
  }, [decl.name, roleId]);
  if (!record) return null;
  const save = async () => {
    const resourceIds = withAncestors(items, checked ?? []).filter((id) => !id.startsWith(APP_PREFIX)).map(Number);
    setBusy(true);
    try {
      await dataProvider.call(actionCall(decl, 'grant'), { body: { roleId: record.id, resourceIds } });
      success('授权成功');
      onClose();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>菜单授权：{String(record[decl.titleField] ?? '')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 400 }}>
        {checked === null ? <ListLoading /> : <CheckboxTree aria-label="菜单授权" items={items} checked={checked} onChange={setChecked} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={save} disabled={busy || checked === null}>
          保存授权
        </Button>
      </DialogActions>
    </Dialog>
  );
}
