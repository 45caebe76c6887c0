import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Confirm, useCanAccess, useRecordContext } from 'react-admin';
import type { ResourceDecl } from '../../resources/types';
import user from '../../resources/user';
import { actionCall } from '../../resources/declaredCalls';
import { PagingBar } from '../components/list/PagingBar';
import { dataProvider } from '../data';
import { useSuccessNotifier } from '../notices/useErrorNotifier';

type Row = Record<string, unknown>;

/** The users of one page, with the buttons `actions` gives each. */
function MembersTable({ rows, actions }: { rows: readonly Row[]; actions: (u: Row) => ReactNode }) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {['登录名', '姓名', '所属部门', '操作'].map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((u) => (
          <TableRow key={String(u.userId)}>
            <TableCell>{String(u.username)}</TableCell>
            <TableCell>{String(u.name)}</TableCell>
            <TableCell>{String(u.deptName ?? '')}</TableCell>
            <TableCell>{actions(u)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * 分配用户 (the spec's /main/system/disUser; the role's `members` action, `dialog: 'roleMembers'`): the users
 * holding the role and the others, by name, paged; 移除 / 分配 with 用户管理's delRole / grantRole calls.
 */
export default function RoleMembers({ decl, onClose }: { decl: ResourceDecl; onClose: () => void }) {
  const record = useRecordContext();
  const success = useSuccessNotifier();
  const { canAccess: canAssign } = useCanAccess({ resource: user.name, action: 'user:grant' });
  const [tab, setTab] = useState(0);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [name, setName] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState<{ list: Row[]; totalRow: number } | null>(null);
  const [tick, setTick] = useState(0);
  const [removing, setRemoving] = useState<Row | null>(null);
  const roleId = record?.id;
  useEffect(() => {
    if (roleId === undefined) return;
    let alive = true;
    const body = { roleId, ...paging, ...(applied ? { name: applied } : {}) };
    dataProvider.callExtra<{ list: Row[]; totalRow: number }>(decl.name, tab === 0 ? 'userList' : 'userNotList', { body }).then((p) => alive && setPage(p), () => alive && setPage({ list: [], totalRow: 0 }));
    return () => {
      alive = false;
    };
  }, [decl.name, roleId, tab, paging, applied, tick]);
  if (!record) return null;
  const change = async (action: 'delRole' | 'grantRole', u: Row, message: string) => {
    try {
      await dataProvider.call(actionCall(user, action), { body: { roleId, userId: u.userId } });
      success(message);
      setTick((t) => t + 1);
    } catch {
      /* shown by the http client */
    }
  };
  const rows = page?.list ?? [];
  const title = String(record[decl.titleField] ?? '');
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>分配用户：{title}</DialogTitle>
      <DialogContent dividers>
        <Tabs value={tab} onChange={(_e, v: number) => (setTab(v), setPaging({ ...paging, pageNum: 1 }))}>
          <Tab label="已分配用户" />
          <Tab label="未分配用户" />
        </Tabs>
        <Stack direction="row" spacing={1} sx={{ my: 2 }}>
          <TextField size="small" label="姓名" value={name} onChange={(e) => setName(e.target.value)} />
          <Button variant="outlined" onClick={() => (setApplied(name.trim()), setPaging({ ...paging, pageNum: 1 }))}>
            查询
          </Button>
        </Stack>
        <MembersTable rows={rows} actions={(u) => (
          <>
            {canAssign && tab === 0 && (
              <Button size="small" color="error" onClick={() => setRemoving(u)}>
                移除
              </Button>
            )}
            {canAssign && tab === 1 && (
              <Button size="small" onClick={() => change('grantRole', u, '分配成功')}>
                分配
              </Button>
            )}
          </>
        )} />
        {page && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', p: 4 }} data-testid="list-empty">
            暂无数据
          </Typography>
        )}
        <PagingBar total={page?.totalRow ?? 0} pageNum={paging.pageNum} pageSize={paging.pageSize} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
      <Confirm
        isOpen={!!removing}
        title="提示信息"
        content={`确定从角色「${title}」移除用户「${String(removing?.name ?? '')}」吗？`}
        confirm="确定"
        cancel="取消"
        onConfirm={() => {
          const u = removing;
          setRemoving(null);
          if (u) void change('delRole', u, '移除成功');
        }}
        onClose={() => setRemoving(null)}
      />
    </Dialog>
  );
}
