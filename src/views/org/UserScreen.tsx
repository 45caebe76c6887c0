import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { emitSuccessToast, emitWarningToast } from '../../../providers';
import role from '../../../resources/role';
import user from '../../../resources/user';
import { actionCall, crudCall } from '../../../resources/declaredCalls';
import { ResizablePanes } from '../../components/tree/ResizablePanes';
import { SelectTree } from '../../components/tree/Trees';
import { toTreeNodes } from '../../components/tree/treeModel';
import { PlainSearchForm } from '../../components/list/SearchForm';
import { PortalToolbar } from '../../components/list/Toolbar';
import { api, change, extra, ConfirmButton, EmptyRow, Loading, Pager, treeOrder, useKey, useLoad, type Page, type Row } from './common';
import { changedOf, FieldInput, missingRequired } from '../../generic/plainFields';

interface DeptRow extends Row {
  id: number;
  name: string;
  parentId: number;
  level: number;
  sort?: number;
  children: DeptRow[];
}
interface UserRow extends Row {
  userId: number;
  username: string;
  name: string;
  deptName: string | null;
  roleIds: number[];
  roleName: string;
  status: number;
}

const P = user.permissions;

/** /main/system/user: the department tree filters the paged user list on the right. */
export default function UserScreen() {
  const tree = useLoad(() => extra<DeptRow[]>('department', 'tree'), []);
  const items = useMemo(() => toTreeNodes(tree.data ?? [], (d) => String(d.id), (d) => d.name), [tree.data]);
  const [deptId, setDeptId] = useState<string | null>(null);
  const [filters, setFilters] = useState({ name: '', mobile: '' });
  const [applied, setApplied] = useState({ name: '', mobile: '' });
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const list = useLoad(
    () => api<Page<UserRow>>(crudCall(user, 'list'), { ...paging, ...(deptId ? { deptId: Number(deptId) } : {}), ...Object.fromEntries(Object.entries(applied).filter(([, v]) => v.trim() !== '')) }),
    [paging, deptId, applied],
  );
  const ids = (list.data?.list ?? []).map((u) => u.userId);
  const counts = useLoad(() => (ids.length ? extra<{ userId: number; articleNum: number }[]>('user', 'articleNum', { userIds: ids }) : Promise.resolve([])), [ids.join(',')]);
  const articleNum = new Map((counts.data ?? []).map((c) => [c.userId, c.articleNum]));

  const canAdd = useKey('user', P.create);
  const canUpdate = useKey('user', P.update);
  const canDelete = useKey('user', P.delete);
  const canGrant = useKey('user', 'user:grant');
  const canReset = useKey('user', 'user:resetPwd');
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [granting, setGranting] = useState<UserRow | null>(null);
  const [newPassword, setNewPassword] = useState<{ username: string; password: string } | null>(null);

  const left = (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            部门
          </Typography>
          <Button size="small" disabled={deptId === null} onClick={() => (setDeptId(null), setPaging({ ...paging, pageNum: 1 }))}>
            全部
          </Button>
        </Stack>
        <SelectTree aria-label="部门树" items={items} loading={tree.loading} selected={deptId} onSelect={(id) => (setDeptId(id), setPaging({ ...paging, pageNum: 1 }))} />
      </CardContent>
    </Card>
  );

  const rows = list.data?.list ?? [];
  const right = (
    <Card variant="outlined">
      <CardContent>
        <PlainSearchForm
          onSearch={() => (setApplied(filters), setPaging({ ...paging, pageNum: 1 }))}
          onReset={() => (setFilters({ name: '', mobile: '' }), setApplied({ name: '', mobile: '' }), setPaging({ ...paging, pageNum: 1 }))}
        >
          <TextField size="small" label="姓名" name="q_name" value={filters.name} onChange={(e) => setFilters({ ...filters, name: e.target.value })} />
          <TextField size="small" label="手机号" name="q_mobile" value={filters.mobile} onChange={(e) => setFilters({ ...filters, mobile: e.target.value })} />
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
          <UserTable rows={rows} articleNum={articleNum} can={{ update: canUpdate, grant: canGrant, reset: canReset, delete: canDelete }} onEdit={setEditing} onGrant={setGranting} onReset={setNewPassword} reload={list.reload} />
        )}
        {list.data && rows.length === 0 && <EmptyRow />}
        <Pager page={{ ...paging, total: list.data?.totalRow ?? 0 }} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} />
      </CardContent>
    </Card>
  );

  return (
    <Box sx={{ p: 2 }}>
      <Title title="用户管理" />
      <ResizablePanes left={left} right={right} />
      {editing && (
        <UserDialog
          record={editing === 'new' ? null : editing}
          depts={treeOrder(flatten(tree.data ?? []))}
          defaultDept={deptId ? Number(deptId) : undefined}
          onClose={(saved) => {
            setEditing(null);
            if (saved) list.reload();
          }}
        />
      )}
      {granting && (
        <RoleDialog
          record={granting}
          onClose={(saved) => {
            setGranting(null);
            if (saved) list.reload();
          }}
        />
      )}
      <NewPasswordDialog shown={newPassword} onClose={() => setNewPassword(null)} />
    </Box>
  );
}

interface Can {
  update: boolean;
  grant: boolean;
  reset: boolean;
  delete: boolean;
}

/** The page of users: one row each, with the status switch and the row's calls. */
function UserTable(props: { rows: UserRow[]; articleNum: Map<number, number>; can: Can; onEdit: (u: UserRow) => void; onGrant: (u: UserRow) => void; onReset: (r: { username: string; password: string }) => void; reload: () => void }) {
  const { rows, articleNum, can, onEdit, onGrant, onReset, reload } = props;
  return (
    <Table size="small" aria-label="用户列表" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
      <TableHead>
        <TableRow>
          {['登录名', '姓名', '手机号', '所属部门', '角色', '发文数', '状态', '操作'].map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((u) => (
          <TableRow key={u.userId} hover>
            <TableCell>{u.username}</TableCell>
            <TableCell>{u.name}</TableCell>
            <TableCell>{String(u.mobile ?? '')}</TableCell>
            <TableCell>{u.deptName ?? ''}</TableCell>
            <TableCell>{u.roleName || '—'}</TableCell>
            <TableCell>{articleNum.get(u.userId) ?? 0}</TableCell>
            <TableCell>
              <Switch
                size="small"
                checked={Number(u.status) === 1}
                disabled={!can.update}
                slotProps={{ input: { 'aria-label': Number(u.status) === 1 ? '停用' : '启用' } }}
                onChange={async (e) => {
                  if (await change(() => api(crudCall(user, 'update'), { userId: u.userId, status: e.target.checked ? 1 : 0 }), e.target.checked ? '已启用' : '已停用')) reload();
                }}
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {can.update && (
                <Button size="small" onClick={() => onEdit(u)}>
                  编辑
                </Button>
              )}
              {can.grant && (
                <Button size="small" onClick={() => onGrant(u)}>
                  角色
                </Button>
              )}
              {can.reset && (
                <ConfirmButton
                  color="warning"
                  label="重置密码"
                  message={`确定重置用户「${u.name}」的密码吗？`}
                  onConfirm={async () => {
                    try {
                      const r = await api<{ username: string; password: string }>(actionCall(user, 'resetPwd'), { userId: u.userId });
                      onReset(r);
                    } catch {
                      /* shown */
                    }
                  }}
                />
              )}
              {can.delete && (
                <ConfirmButton
                  label="删除"
                  message={`确定删除用户「${u.name}」吗？`}
                  onConfirm={async () => {
                    if (await change(() => api(crudCall(user, 'delete'), undefined, { id: u.userId }), '删除成功')) reload();
                  }}
                />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The generated password of a reset, shown once. */
function NewPasswordDialog({ shown: newPassword, onClose }: { shown: { username: string; password: string } | null; onClose: () => void }) {
  return (
    <Dialog open={!!newPassword} onClose={onClose}>
      <DialogTitle>提示信息</DialogTitle>
      <DialogContent>
        <Typography>
          用户 {newPassword?.username} 的新密码：<b data-testid="new-password">{newPassword?.password}</b>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          请将新密码告知用户，该用户下次登录须修改密码。
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>确定</Button>
      </DialogActions>
    </Dialog>
  );
}

function flatten(rows: DeptRow[]): DeptRow[] {
  return rows.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}

const FORM = user.form;

/** Create (with the initial password) or edit a user; edits send only the changed fields and the userId. */
function UserDialog({ record, depts, defaultDept, onClose }: { record: UserRow | null; depts: DeptRow[]; defaultDept?: number; onClose: (saved: boolean) => void }) {
  const [form, setForm] = useState<Row>(() =>
    record ? Object.fromEntries(FORM.map((n) => [n, record[n] ?? null])) : { status: 1, userType: 0, deptId: defaultDept ?? null },
  );
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const missing = missingRequired(user.fields, form, FORM);
    if (missing) return emitWarningToast(missing);
    setBusy(true);
    try {
      if (!record) {
        if (!password) return emitWarningToast('请输入初始密码');
        const body = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== ''));
        await api(crudCall(user, 'create'), { ...body, password });
        emitSuccessToast('新建成功');
        onClose(true);
      } else {
        const changed = changedOf(form, record);
        if (!Object.keys(changed).length) return emitWarningToast('未修改任何内容，不需要提交');
        await api(crudCall(user, 'update'), { userId: record.userId, ...changed });
        emitSuccessToast('修改成功');
        onClose(true);
      }
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="md" fullWidth>
      <DialogTitle>{record ? `编辑用户：${record.name}` : '新建用户'}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {FORM.map((name) => {
            const f = user.fields.find((x) => x.name === name);
            if (!f) return null;
            if (name === 'deptId') {
              return (
                <Grid key={name} size={{ xs: 12, md: 6 }}>
                  <TextField select required size="small" fullWidth label="所属部门" name="deptId" value={form.deptId ? String(form.deptId) : ''} onChange={(e) => setForm({ ...form, deptId: Number(e.target.value) })}>
                    {depts.map((d) => (
                      <MenuItem key={d.id} value={String(d.id)} sx={{ pl: 2 + Number(d.level) * 2 }}>
                        {d.name}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
              );
            }
            return (
              <Grid key={name} size={{ xs: 12, md: 6 }}>
                <FieldInput field={f} value={form[name]} onChange={(v) => setForm({ ...form, [name]: v })} />
              </Grid>
            );
          })}
          {!record && (
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField size="small" fullWidth required type="password" label="初始密码" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} helperText="至少8位，含大写字母、小写字母、数字、特殊字符中的3种" />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>取消</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Grant and remove roles of one user. */
function RoleDialog({ record, onClose }: { record: UserRow; onClose: (saved: boolean) => void }) {
  const roles = useLoad(() => api<Page<Row>>(crudCall(role, 'list'), { pageNum: 1, pageSize: 200 }), []);
  const [checked, setChecked] = useState<number[]>(record.roleIds ?? []);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const before = new Set(record.roleIds ?? []);
    const add = checked.filter((r) => !before.has(r));
    const del = [...before].filter((r) => !checked.includes(r));
    if (!add.length && !del.length) return emitWarningToast('未修改任何内容，不需要提交');
    setBusy(true);
    try {
      if (add.length) await api(actionCall(user, 'grantRole'), { userId: record.userId, roleIds: add });
      if (del.length) await api(actionCall(user, 'delRole'), { userId: record.userId, roleIds: del });
      emitSuccessToast('授权成功');
      onClose(true);
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)}>
      <DialogTitle>分配角色：{record.name}</DialogTitle>
      <DialogContent>
        {roles.loading && !roles.data ? (
          <Loading />
        ) : (
          <Stack>
            {(roles.data?.list ?? []).map((r) => {
              const id = Number(r.roleId);
              return (
                <FormControlLabel
                  key={id}
                  label={`${String(r.name)}（${String(r.dataScopeName ?? '')}）${Number(r.enabled) === 1 ? '' : ' [停用]'}`}
                  control={<Checkbox checked={checked.includes(id)} onChange={(e) => setChecked(e.target.checked ? [...checked, id] : checked.filter((x) => x !== id))} />}
                />
              );
            })}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>取消</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}
