import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
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
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { emitSuccessToast, emitWarningToast } from '../../../providers';
import menu from '../../../resources/menu';
import role, { DATA_SCOPE_OPTIONS } from '../../../resources/role';
import user from '../../../resources/user';
import { actionCall, crudCall } from '../../../resources/declaredCalls';
import { CheckboxTree } from '../../components/tree/Trees';
import { checkedForDisplay, toTreeNodes, withAncestors, type TreeNode } from '../../components/tree/treeModel';
import { PlainSearchForm } from '../../components/list/SearchForm';
import { PortalToolbar } from '../../components/list/Toolbar';
import { api, change, extra, ConfirmButton, EmptyRow, Loading, Pager, useKey, useLoad, type Page, type Row } from './common';
import { changedOf, FieldInput, missingRequired } from '../../generic/plainFields';

interface RoleRow extends Row {
  roleId: number;
  name: string;
  roleAlias: string;
  dataScope: string;
  dataScopeName: string;
  enabled: number;
  isAdmin: boolean;
  userCount: number;
}

const P = role.permissions;

/** /main/system/role: roles, their menu/button grants (checkbox tree), data permission and members. */
export default function RoleScreen() {
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [name, setName] = useState('');
  const [applied, setApplied] = useState('');
  const list = useLoad(() => api<Page<RoleRow>>(crudCall(role, 'list'), { ...paging, ...(applied.trim() ? { name: applied.trim() } : {}) }), [paging, applied]);
  const canAdd = useKey('role', P.create);
  const canUpdate = useKey('role', P.update);
  const canDelete = useKey('role', P.delete);
  const canGrant = useKey('role', 'role:grant');
  const canAssign = useKey('user', 'user:grant');
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);
  const [scoping, setScoping] = useState<RoleRow | null>(null);
  const [members, setMembers] = useState<RoleRow | null>(null);
  const rows = list.data?.list ?? [];

  return (
    <Box sx={{ p: 2 }}>
      <Title title="角色管理" />
      <Card variant="outlined">
        <CardContent>
          <PlainSearchForm onSearch={() => (setApplied(name), setPaging({ ...paging, pageNum: 1 }))} onReset={() => (setName(''), setApplied(''), setPaging({ ...paging, pageNum: 1 }))}>
            <TextField size="small" label="角色名称" name="q_name" value={name} onChange={(e) => setName(e.target.value)} />
          </PlainSearchForm>
          <PortalToolbar>
            {canAdd && (
              <Button variant="contained" size="small" onClick={() => setEditing('new')}>
                新增
              </Button>
            )}
          </PortalToolbar>
          {list.loading && !list.data ? (
            <Loading />
          ) : (
            <Table size="small" aria-label="角色列表">
              <TableHead>
                <TableRow>
                  {['角色名称', '角色别名', '数据权限', '用户数', '状态', '描述', '操作'].map((h) => (
                    <TableCell key={h}>{h}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.roleId} hover>
                    <TableCell>{r.name}</TableCell>
                    <TableCell>{r.roleAlias}</TableCell>
                    <TableCell>{r.dataScopeName}</TableCell>
                    <TableCell>{r.userCount}</TableCell>
                    <TableCell>
                      <Chip size="small" color={Number(r.enabled) === 1 ? 'success' : 'default'} label={Number(r.enabled) === 1 ? '启用' : '停用'} />
                    </TableCell>
                    <TableCell>{String(r.description ?? '')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {canUpdate && (
                        <Button size="small" onClick={() => setEditing(r)}>
                          编辑
                        </Button>
                      )}
                      {canGrant && !r.isAdmin && (
                        <Button size="small" onClick={() => setGranting(r)}>
                          授权
                        </Button>
                      )}
                      {canGrant && !r.isAdmin && (
                        <Button size="small" onClick={() => setScoping(r)}>
                          数据权限
                        </Button>
                      )}
                      <Button size="small" onClick={() => setMembers(r)}>
                        用户
                      </Button>
                      {canDelete && !r.isAdmin && (
                        <ConfirmButton
                          label="删除"
                          message={`确定删除角色「${r.name}」吗？`}
                          onConfirm={async () => {
                            if (await change(() => api(crudCall(role, 'delete'), { roleId: r.roleId }), '删除成功')) list.reload();
                          }}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {list.data && rows.length === 0 && <EmptyRow />}
          <Pager page={{ ...paging, total: list.data?.totalRow ?? 0 }} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} />
        </CardContent>
      </Card>
      {editing && <RoleDialog record={editing === 'new' ? null : editing} onClose={(saved) => (setEditing(null), saved && list.reload())} />}
      {granting && <GrantDialog record={granting} onClose={() => setGranting(null)} />}
      {scoping && <ScopeDialog record={scoping} onClose={(saved) => (setScoping(null), saved && list.reload())} />}
      {members && <MembersDialog record={members} canAssign={canAssign} onClose={() => (setMembers(null), list.reload())} />}
    </Box>
  );
}

const FORM = role.form;

function RoleDialog({ record, onClose }: { record: RoleRow | null; onClose: (saved: boolean) => void }) {
  const [form, setForm] = useState<Row>(() => (record ? Object.fromEntries(FORM.map((n) => [n, record[n] ?? null])) : { enabled: 1, dingAppKey: 'adminSite', dataScope: 'SELF' }));
  const submit = async () => {
    const missing = missingRequired(role.fields, form, FORM);
    if (missing) return emitWarningToast(missing);
    try {
      if (record) {
        const changed = changedOf(form, record);
        if (!Object.keys(changed).length) return emitWarningToast('未修改任何内容，不需要提交');
        await api(crudCall(role, 'update'), { roleId: record.roleId, ...changed });
        emitSuccessToast('修改成功');
      } else {
        await api(crudCall(role, 'create'), Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== '')));
        emitSuccessToast('新建成功');
      }
      onClose(true);
    } catch {
      /* shown */
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth>
      <DialogTitle>{record ? `编辑角色：${record.name}` : '新建角色'}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {FORM.map((n) => {
            const f = role.fields.find((x) => x.name === n);
            return f ? (
              <Grid key={n} size={{ xs: 12, md: n === 'description' ? 12 : 6 }}>
                <FieldInput field={f} value={form[n]} onChange={(v) => setForm({ ...form, [n]: v })} />
              </Grid>
            ) : null;
          })}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>取消</Button>
        <Button variant="contained" onClick={submit}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ResNode extends Row {
  id: number;
  name: string;
  type: string;
  children: ResNode[];
}

const APP_PREFIX = 'app:';

/** Menu and button grants of both apps, with a checkbox tree; saving replaces the role's grants. */
function GrantDialog({ record, onClose }: { record: RoleRow; onClose: () => void }) {
  const base = useLoad(() => extra<{ dingAppKey: string; name: string; children: ResNode[] }[]>(menu.name, 'baseTree'), []);
  const granted = useLoad(() => extra<number[]>(role.name, 'resList', { roleId: record.roleId }), []);
  const items: TreeNode[] = useMemo(
    () =>
      (base.data ?? []).map((app) => ({
        id: `${APP_PREFIX}${app.dingAppKey}`,
        label: app.name,
        children: toTreeNodes(app.children, (r) => String(r.id), (r) => (r.type === 'Button' ? `${r.name}` : r.name)),
      })),
    [base.data],
  );
  const [checked, setChecked] = useState<string[] | null>(null);
  useEffect(() => {
    if (base.data && granted.data && checked === null) setChecked(checkedForDisplay(items, granted.data.map(String)));
  }, [base.data, granted.data, items, checked]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // A checked button needs its menu and catalogue too, or it would not show; app roots are not entries.
    const ids = withAncestors(items, checked ?? []).filter((id) => !id.startsWith(APP_PREFIX)).map(Number);
    setBusy(true);
    if (await change(() => api(actionCall(role, 'grant'), { roleId: record.roleId, resourceIds: ids }), '授权成功')) onClose();
    setBusy(false);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>菜单授权：{record.name}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 400 }}>
        {checked === null ? <Loading /> : <CheckboxTree aria-label="菜单授权" items={items} checked={checked} onChange={setChecked} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={submit} disabled={busy || checked === null}>
          保存授权
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ScopeDialog({ record, onClose }: { record: RoleRow; onClose: (saved: boolean) => void }) {
  const [scope, setScope] = useState(record.dataScope);
  return (
    <Dialog open onClose={() => onClose(false)}>
      <DialogTitle>数据权限：{record.name}</DialogTitle>
      <DialogContent>
        <TextField select fullWidth size="small" label="数据权限" name="dataScope" value={scope} onChange={(e) => setScope(e.target.value)} sx={{ mt: 1, minWidth: 280 }}>
          {DATA_SCOPE_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          本人：只看本人创建的记录；本部门：所在部门；本部门及下级：所在部门及其全部下级部门；全部：不限。
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>取消</Button>
        <Button
          variant="contained"
          onClick={async () => {
            if (scope === record.dataScope) return emitWarningToast('未修改任何内容，不需要提交');
            if (await change(() => api(actionCall(role, 'grantData'), { roleId: record.roleId, dataScope: scope }), '授权成功')) onClose(true);
          }}
        >
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 分配用户 (the spec's /main/system/disUser): users assigned to the role, and the others to add. */
function MembersDialog({ record, canAssign, onClose }: { record: RoleRow; canAssign: boolean; onClose: () => void }) {
  const [tab, setTab] = useState(0);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [name, setName] = useState('');
  const [applied, setApplied] = useState('');
  const members = tab === 0 ? 'userList' : 'userNotList';
  const list = useLoad(() => extra<Page<Row>>(role.name, members, { roleId: record.roleId, ...paging, ...(applied ? { name: applied } : {}) }), [members, paging, applied]);
  const rows = list.data?.list ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>分配用户：{record.name}</DialogTitle>
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
        {list.loading && !list.data ? (
          <Loading />
        ) : (
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
                  <TableCell>
                    {canAssign && tab === 0 && (
                      <ConfirmButton
                        label="移除"
                        message={`确定从角色「${record.name}」移除用户「${String(u.name)}」吗？`}
                        onConfirm={async () => {
                          if (await change(() => api(actionCall(user, 'delRole'), { roleId: record.roleId, userId: u.userId }), '移除成功')) list.reload();
                        }}
                      />
                    )}
                    {canAssign && tab === 1 && (
                      <Button
                        size="small"
                        onClick={async () => {
                          if (await change(() => api(actionCall(user, 'grantRole'), { roleId: record.roleId, userId: u.userId }), '分配成功')) list.reload();
                        }}
                      >
                        分配
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {list.data && rows.length === 0 && <EmptyRow />}
        <Pager page={{ ...paging, total: list.data?.totalRow ?? 0 }} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
