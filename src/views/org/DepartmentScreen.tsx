import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { emitSuccessToast, emitWarningToast } from '../../../providers';
import department from '../../../resources/department';
import { ResizablePanes } from '../../components/tree/ResizablePanes';
import { SelectTree } from '../../components/tree/Trees';
import { toTreeNodes, type TreeNode } from '../../components/tree/treeModel';
import { crudCall } from '../../../resources/declaredCalls';
import { api, change, extra, ConfirmButton, Loading, useKey, useLoad, type Row } from './common';
import { changedOf, FieldInput, missingRequired } from './fields';

interface DeptRow extends Row {
  id: number;
  name: string;
  parentId: number;
  level: number;
  children: DeptRow[];
}

const FORM = department.form;
const field = (name: string) => department.fields.find((f) => f.name === name);

/** /main/system/department: the department tree on the left, the selected department (or a new one) on the right. */
export default function DepartmentScreen() {
  const tree = useLoad(() => extra<DeptRow[]>('department', 'tree'), []);
  const [selected, setSelected] = useState<string | null>(null);
  // `new` holds the parent of a department being added.
  const [adding, setAdding] = useState<{ parentId: number; parentName: string } | null>(null);
  const canAdd = useKey('department', department.permissions.create);
  const canUpdate = useKey('department', department.permissions.update);
  const canDelete = useKey('department', department.permissions.delete);

  const items: TreeNode[] = useMemo(() => toTreeNodes(tree.data ?? [], (d) => String(d.id), (d) => d.name), [tree.data]);
  useEffect(() => {
    if (selected === null && !adding && tree.data?.[0]) setSelected(String(tree.data[0].id));
  }, [tree.data, selected, adding]);

  const detail = useLoad(() => (selected && !adding ? extra<Row>('department', 'view', { deptId: Number(selected) }) : Promise.resolve(undefined)), [selected, adding]);
  const [form, setForm] = useState<Row>({});
  useEffect(() => {
    if (adding) setForm({ parentId: adding.parentId, deptType: 0, state: 0, isCount: 0, sort: 0 });
    else if (detail.data) setForm(Object.fromEntries(FORM.map((n) => [n, detail.data?.[n] ?? null])));
  }, [detail.data, adding]);

  const save = async () => {
    const missing = missingRequired(department.fields, form, FORM);
    if (missing) return emitWarningToast(missing);
    if (adding) {
      const body = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== ''));
      try {
        const created = await api<Row>(crudCall(department, 'create'), body);
        emitSuccessToast('新建成功');
        setAdding(null);
        setSelected(String(created.id));
        tree.reload();
      } catch {
        /* shown by the http client */
      }
      return;
    }
    if (!detail.data?.id) return emitWarningToast('无效的id-key');
    const changed = changedOf(form, detail.data);
    if (!Object.keys(changed).length) return emitWarningToast('未修改任何内容，不需要提交');
    const id = detail.data.id;
    if (await change(() => api(crudCall(department, 'update'), { id, ...changed }), '修改成功')) {
      tree.reload();
      detail.reload();
    }
  };

  const remove = async () => {
    if (!detail.data) return;
    const id = String(detail.data.id);
    if (await change(() => api(crudCall(department, 'delete'), undefined, { id }), '删除成功')) {
      setSelected(detail.data.parentId ? String(detail.data.parentId) : null);
      tree.reload();
    }
  };

  const editable = adding ? canAdd : canUpdate;
  const left = (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            部门结构
          </Typography>
          {canAdd && (
            <Button size="small" onClick={() => setAdding({ parentId: 0, parentName: '（顶级）' })}>
              新增顶级部门
            </Button>
          )}
        </Stack>
        <SelectTree
          aria-label="部门树"
          items={items}
          loading={tree.loading}
          selected={adding ? null : selected}
          onSelect={(id) => {
            setAdding(null);
            setSelected(id);
          }}
        />
      </CardContent>
    </Card>
  );

  const right = (
    <Card variant="outlined">
      <CardContent>
        {!adding && !selected ? (
          <Alert severity="info">请在左侧选择部门</Alert>
        ) : !adding && detail.loading && !detail.data ? (
          <Loading />
        ) : (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              <Typography variant="h6">{adding ? `新增部门（上级：${adding.parentName}）` : String(detail.data?.name ?? '')}</Typography>
              {!adding && detail.data && (
                <>
                  <Chip size="small" label={`上级：${String(detail.data.parentName ?? '无')}`} />
                  <Chip size="small" label={`用户 ${String(detail.data.userCount ?? 0)} 人`} />
                  <Chip size="small" label={`下级 ${String(detail.data.childCount ?? 0)} 个`} />
                </>
              )}
            </Stack>
            <Grid container spacing={2}>
              {FORM.map((name) => {
                const f = field(name);
                if (!f) return null;
                if (name === 'parentId') {
                  return (
                    <Grid key={name} size={{ xs: 12, md: 6 }}>
                      <ParentSelect value={Number(form.parentId ?? 0)} disabled={!editable} selfId={adding ? null : Number(selected)} onChange={(v) => setForm({ ...form, parentId: v })} />
                    </Grid>
                  );
                }
                return (
                  <Grid key={name} size={{ xs: 12, md: name === 'desc' ? 12 : 6 }}>
                    <FieldInput field={f} value={form[name]} disabled={!editable} onChange={(v) => setForm({ ...form, [name]: v })} />
                  </Grid>
                );
              })}
            </Grid>
            <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
              {editable && (
                <Button variant="contained" onClick={save}>
                  保存
                </Button>
              )}
              {adding && <Button onClick={() => setAdding(null)}>取消</Button>}
              {!adding && canAdd && detail.data && (
                <Button variant="outlined" onClick={() => setAdding({ parentId: Number(detail.data?.id), parentName: String(detail.data?.name) })}>
                  新增下级
                </Button>
              )}
              {!adding && canDelete && detail.data && (
                <ConfirmButton variant="outlined" size="medium" label="删除" message={`确定删除部门「${String(detail.data.name)}」吗？`} onConfirm={remove} />
              )}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );

  return (
    <Box sx={{ p: 2 }}>
      <Title title="部门管理" />
      <ResizablePanes left={left} right={right} />
    </Box>
  );
}

/** The parent department: a select of the flat list, the department itself and its subtree left out. */
function ParentSelect({ value, onChange, disabled, selfId }: { value: number; onChange: (v: number) => void; disabled?: boolean; selfId: number | null }) {
  const { data } = useLoad(() => extra<DeptRow[]>('department', 'tree'), []);
  const options: { id: number; name: string; level: number }[] = [];
  const visit = (rows: DeptRow[], depth: number) =>
    rows.forEach((r) => {
      if (r.id === selfId) return;
      options.push({ id: r.id, name: r.name, level: depth });
      visit(r.children ?? [], depth + 1);
    });
  visit(data ?? [], 0);
  return (
    <TextField select size="small" fullWidth label="上级部门" name="parentId" value={data ? String(value) : ''} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
      <MenuItem value="0">（顶级）</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)} sx={{ pl: 2 + o.level * 2 }}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
